// Hovers: what the cluster computes from the field under the cursor (defaults, resolved numbers, names).
import type { ClusterSpec } from '@kubesim/engine';
import type { Hover, Position } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  API_REFERENCE,
  computeDeploymentFacts,
  computeRolloutCost,
  rolloutCostMarkdown,
  findSelectingServices,
  isService,
  templateLabelsOf,
  computeStatefulSetFacts,
  locate,
  objectPathAt,
  type ManifestObject,
  objectsOf,
  type ManifestFile,
  type SourceSpan,
  type PathSegment,
  type KindSchemaSource,
} from '@kubesim/analysis';
import { describeFieldDocumentation } from './hover-field';
import { describeContainerPath } from './hover-container';
import { describeServicePath } from './hover-service';
import { describeDaemonSetPath } from './hover-daemonset';
import { describeBatchPath } from './hover-batch';
import { describeKindPath } from './hover-kinds';
import {
  describeClaims,
  describeDeployment,
  describeDns,
  describePodNames,
  describeRollingBounds,
  describeServices,
  describeStatefulSet,
  describeUpdateStrategy,
  footer,
  showDefaulted,
} from './hover-markdown';

/** A hover before it becomes LSP: Markdown and the offsets it is about. */
interface HoverContent extends SourceSpan {
  markdown: string;
}

/**
 * The hover at a file offset, or undefined when nothing useful is known there. `candidates` are
 * the objects searched for selecting Services (the file's own objects unless a wider index is given);
 * `schemas` give the field's documentation, under kubesim's own facts.
 */
export function computeHover(
  file: ManifestFile,
  offset: number,
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[] = objectsOf(file),
  schemas: readonly KindSchemaSource[] = [],
): HoverContent | undefined {
  const document = file.documents.find((candidate) => offset >= candidate.start && offset <= candidate.end);
  if (!document || document.objects.length === 0) return undefined;
  const found = objectPathAt(document, offset);
  if (!found) return undefined;
  const facts = describePath(found.object, found.path, cluster, candidates);
  const documentation = describeFieldDocumentation(found.object, found.path, cluster, schemas);
  const markdown = [facts, documentation].filter((part) => part !== undefined).join('\n\n---\n\n');
  if (!markdown) return undefined;
  const location = locate(found.object, found.path);
  const span = (found.onKey ? location.key : location.value) ?? location.key ?? location.value;
  return { markdown, start: span?.start ?? offset, end: span?.end ?? offset };
}

/** The LSP hover for a position in an open document. */
export function provideHover(
  document: TextDocument,
  file: ManifestFile,
  position: Position,
  cluster: ClusterSpec,
  candidates?: readonly ManifestObject[],
  schemas?: readonly KindSchemaSource[],
): Hover | null {
  const content = computeHover(file, document.offsetAt(position), cluster, candidates, schemas);
  if (!content) return null;
  return {
    contents: { kind: 'markdown', value: content.markdown },
    range: { start: document.positionAt(content.start), end: document.positionAt(content.end) },
  };
}

function isWorkloadHeader(path: readonly PathSegment[]): boolean {
  return (
    path.length === 0 ||
    (path.length === 1 && (path[0] === 'kind' || path[0] === 'apiVersion' || path[0] === 'metadata')) ||
    (path.length === 2 && path[0] === 'metadata' && path[1] === 'name')
  );
}

function isLabelPath(path: readonly PathSegment[]): boolean {
  const [a, b, c, d] = path;
  return (a === 'spec' && b === 'template' && c === 'metadata' && d === 'labels') || (a === 'spec' && b === 'selector') || (a === 'metadata' && b === 'labels');
}

function describePath(object: ManifestObject, path: readonly PathSegment[], cluster: ClusterSpec, candidates: readonly ManifestObject[]): string | undefined {
  if (object.apiVersion === 'apps/v1' && (object.kind === 'Deployment' || object.kind === 'StatefulSet' || object.kind === 'ReplicaSet')) {
    const container = describeContainerPath(object, path, cluster, candidates);
    if (container) return container;
  }
  if (object.apiVersion === 'apps/v1' && object.kind === 'Deployment') return describeDeploymentPath(object, path, cluster, candidates);
  if (object.apiVersion === 'apps/v1' && object.kind === 'StatefulSet') return describeStatefulSetPath(object, path, cluster, candidates);
  if (object.apiVersion === 'apps/v1' && object.kind === 'DaemonSet') return describeDaemonSetPath(object, path, cluster);
  if (object.apiVersion === 'batch/v1' && (object.kind === 'Job' || object.kind === 'CronJob')) {
    const batch = describeBatchPath(object, path, cluster, Date.now());
    if (batch) return batch;
  }
  if (isService(object)) return describeServicePath(object, path, cluster, candidates);
  return describeKindPath(object, path, cluster, candidates);
}

function describeDeploymentPath(
  object: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  const facts = computeDeploymentFacts(object, cluster);
  if (!facts) return undefined;
  const services = () => findSelectingServices(templateLabelsOf(object), facts.namespace, candidates);
  const reference = footer('DeploymentSpec', API_REFERENCE.deploymentSpec, cluster);
  if (isWorkloadHeader(path)) return describeDeployment(facts, services(), cluster);
  if (path[0] !== 'spec') return undefined;
  if (path.length === 1) return describeDeployment(facts, services(), cluster);
  if (path[1] === 'replicas') {
    const pods = facts.replicaSetName ? `: pods \`${facts.replicaSetName}-\` + 5 random characters` : '';
    return [`replicas ${showDefaulted(facts.replicas)}${pods}`, '', reference].join('\n');
  }
  if (path[1] === 'strategy') {
    const head = `strategy ${showDefaulted(facts.strategyType)}, ${facts.replicas.value} replicas`;
    const cost = computeRolloutCost(object, cluster);
    return [head, '', describeRollingBounds(facts), ...(cost ? ['', rolloutCostMarkdown(cost)] : []), '', reference].join('\n');
  }
  if (isLabelPath(path)) {
    const lines = [describeServices(services())];
    if (facts.replicaSetName) lines.push('', `The ReplicaSet adds \`pod-template-hash: ${facts.podTemplateHash}\` to the pods and to its own selector.`);
    return [...lines, '', footer('Deployment', API_REFERENCE.deployment, cluster)].join('\n');
  }
  return undefined;
}

function describeStatefulSetPath(
  object: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  const facts = computeStatefulSetFacts(object, cluster);
  if (!facts) return undefined;
  const services = () => findSelectingServices(templateLabelsOf(object), facts.namespace, candidates);
  const reference = footer('StatefulSetSpec', API_REFERENCE.statefulSetSpec, cluster);
  if (isWorkloadHeader(path) || (path.length === 1 && path[0] === 'spec')) return describeStatefulSet(facts, services(), cluster);
  if (path[0] !== 'spec') return undefined;
  switch (path[1]) {
    case 'replicas':
    case 'ordinals':
      return [`replicas ${showDefaulted(facts.replicas)}, first ordinal \`${facts.startOrdinal}\``, '', describePodNames(facts), '', reference].join('\n');
    case 'serviceName':
      return [describeDns(facts, services(), cluster), '', reference].join('\n');
    case 'volumeClaimTemplates': {
      const index = path[2];
      const claim = typeof index === 'number' ? facts.claimTemplates[index] : undefined;
      const claims = claim !== undefined && typeof index === 'number' ? [claim] : facts.claimTemplates;
      return [describeClaims(facts, claims), '', footer('PersistentVolumeClaim', API_REFERENCE.persistentVolumeClaim, cluster)].join('\n');
    }
    case 'persistentVolumeClaimRetentionPolicy':
      return [describeClaims(facts), '', reference].join('\n');
    case 'updateStrategy':
    case 'podManagementPolicy': {
      const cost = computeRolloutCost(object, cluster);
      return [describeUpdateStrategy(facts, cluster), ...(cost ? ['', rolloutCostMarkdown(cost)] : []), '', reference].join('\n');
    }
    default:
      if (isLabelPath(path)) return [describeServices(services()), '', footer('StatefulSet', API_REFERENCE.statefulSet, cluster)].join('\n');
      return undefined;
  }
}
