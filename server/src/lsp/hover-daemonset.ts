// Hovers on a DaemonSet: the revision and pod names the controller gives it, the nodes that run a pod
// and the update budget (computeDaemonSetFacts).
import type { ClusterSpec } from '@kubesim/engine';
import { API_REFERENCE, computeDaemonSetFacts, type DaemonSetFacts, type ManifestObject, type PathSegment } from '@kubesim/analysis';
import { footer } from './hover-markdown';

/** How many node names a hover lists before eliding the rest. */
const NODES_SHOWN = 5;

function listNodes(names: readonly string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, NODES_SHOWN).map((name) => `\`${name}\``);
  return names.length > NODES_SHOWN ? `${shown.join(', ')}, … (${names.length} nodes)` : shown.join(', ');
}

/** The pods a DaemonSet runs: one per node, named `<name>-` plus five random characters. */
function describePods(facts: DaemonSetFacts, cluster: ClusterSpec): string {
  const running = facts.nodes.filter((node) => node.runs).map((node) => node.name);
  const skipped = facts.nodes.filter((node) => !node.runs).map((node) => node.name);
  const declared = cluster.declared.nodes === undefined ? " (kind's single node: declare `nodes:` in `.kubesim.yaml` for more)" : '';
  const lines = [`Pods \`${facts.podNamePrefix}\` + 5 random characters, one on each of ${running.length} node(s)${declared}: ${listNodes(running)}`];
  if (skipped.length > 0) lines.push('', `No pod on ${listNodes(skipped)} (node selector, node affinity or an untolerated taint)`);
  return lines.join('\n');
}

function describeUpdate(facts: DaemonSetFacts): string {
  if (facts.updateStrategy === 'OnDelete') return 'updateStrategy `OnDelete`: a template change replaces a pod only when you delete it';
  if ((facts.maxSurge ?? 0) > 0) {
    const surge = `a new pod starts beside the old one on up to ${facts.maxSurge} node(s) at a time`;
    return `updateStrategy \`RollingUpdate\`: ${surge}; the old pod goes once the new one is available`;
  }
  return `updateStrategy \`RollingUpdate\`: at most ${facts.maxUnavailable ?? 1} node(s) at a time lose their old pod before the new one starts`;
}

/** The DaemonSet hover for `path`, or undefined when it has nothing to say there. */
export function describeDaemonSetPath(object: ManifestObject, path: readonly PathSegment[], cluster: ClusterSpec): string | undefined {
  const facts = computeDaemonSetFacts(object, cluster);
  if (!facts) return undefined;
  const revision = `ControllerRevision \`${facts.controllerRevisionName}\` (pod label \`controller-revision-hash: ${facts.controllerRevisionHash}\`)`;
  const [first, second] = path;
  const header =
    path.length === 0 ||
    (path.length === 1 && (first === 'kind' || first === 'apiVersion' || first === 'metadata' || first === 'spec')) ||
    (path.length === 2 && first === 'metadata' && second === 'name');
  if (header)
    return [
      `**DaemonSet** \`${facts.name}\` in namespace \`${facts.namespace}\``,
      '',
      describePods(facts, cluster),
      '',
      revision,
      '',
      describeUpdate(facts),
      '',
      footer('DaemonSet', API_REFERENCE.daemonSet, cluster),
    ].join('\n');
  if (path[0] !== 'spec') return undefined;
  const reference = footer('DaemonSetSpec', API_REFERENCE.daemonSetSpec, cluster);
  if (path[1] === 'updateStrategy' || path[1] === 'minReadySeconds') return [describeUpdate(facts), '', reference].join('\n');
  const [, section, part, field] = path;
  const placement =
    section === 'template' && part === 'spec' && (field === 'nodeSelector' || field === 'affinity' || field === 'tolerations' || field === 'nodeName');
  if (placement) return [describePods(facts, cluster), '', reference].join('\n');
  if (section === 'template' && (path.length === 2 || (part === 'metadata' && path.length <= 3)))
    return [describePods(facts, cluster), '', revision, '', reference].join('\n');
  return undefined;
}
