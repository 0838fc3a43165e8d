// The DaemonSet part of `kubesim names`: the first ControllerRevision and the hash its pods carry,
// the pods' generateName and the nodes that run one.
import type { ClusterSpec } from '@kubesim/engine';
import { basename } from 'node:path';
import { computeDaemonSetFacts, type ManifestObject } from '@kubesim/analysis';
import { workloadRejection } from './workload-rejection';

/** The names of one DaemonSet, as printed with --json. */
export interface DaemonSetNamesEntry {
  file: string;
  kind: 'DaemonSet';
  namespace: string;
  name: string;
  controllerRevisionHash?: string;
  controllerRevisionName?: string;
  podNamePrefix?: string;
  nodes?: string[];
  /** What the API server would answer instead of creating it: then no names are given. */
  rejected?: string[];
}

/** The DaemonSets of a file with their names in the file's cluster. */
export function daemonSetNamesOf(path: string, objects: readonly ManifestObject[], cluster: ClusterSpec): DaemonSetNamesEntry[] {
  const result: DaemonSetNamesEntry[] = [];
  for (const object of objects) {
    if (object.document.isTemplated) continue;
    const facts = computeDaemonSetFacts(object, cluster);
    if (!facts) continue;
    const rejected = workloadRejection(object, cluster, basename(path)) ?? (facts.rejection === undefined ? undefined : [facts.rejection]);
    if (rejected) {
      result.push({ file: path, kind: 'DaemonSet', namespace: facts.namespace, name: facts.name, rejected });
      continue;
    }
    result.push({
      file: path,
      kind: 'DaemonSet',
      namespace: facts.namespace,
      name: facts.name,
      controllerRevisionHash: facts.controllerRevisionHash,
      controllerRevisionName: facts.controllerRevisionName,
      podNamePrefix: facts.podNamePrefix,
      nodes: facts.nodes.filter((node) => node.runs).map((node) => node.name),
    });
  }
  return result;
}

/** The text `kubesim names` prints for them. */
export function formatDaemonSetNames(entries: readonly DaemonSetNamesEntry[]): string {
  if (entries.length === 0) return '';
  const lines: string[] = [];
  for (const entry of entries) {
    if (entry.rejected) {
      lines.push('', `DaemonSet ${entry.namespace}/${entry.name}: none, it would be rejected: ${entry.rejected.join('; ')}`);
      continue;
    }
    lines.push(
      '',
      `DaemonSet ${entry.namespace}/${entry.name} revision ${entry.controllerRevisionName} (controller-revision-hash: ${entry.controllerRevisionHash})`,
    );
    lines.push(`  pods: ${entry.podNamePrefix}<5 random> on ${entry.nodes?.length ? entry.nodes.join(', ') : 'no node'}`);
  }
  return `\n${lines.join('\n')}`;
}
