// The title of the lens above a Deployment or StatefulSet: the rollout preview command with the names the
// controller will create. It agrees with the API server: an object the API server refuses (a string replica
// count, maxSurge and maxUnavailable both 0) gets no names and no pod count, only that it is refused (the
// preview it opens shows kubectl's message), as the same cached verdict the diagnostics publish says.
import { type ClusterSpec, MAX_SIMULATED_REPLICAS } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { checkKindObjectCached, checkObjectCached } from '../validation/object-findings';
import { computeDeploymentFacts } from '../facts/deployment-facts';
import { computeStatefulSetFacts, statefulSetPodName } from '../facts/statefulset-facts';
import { computeRolloutCost, rolloutCostSummary } from '../facts/rollout-cost';
import { isWorkloadPreviewObject } from './workload-preview';

const PREVIEW = '▶ Preview rollout';

// Above the simulation budget the preview shows no rollout; the lens says so before the click.
function pods(count: number): string {
  const text = `${count} pod${count === 1 ? '' : 's'}`;
  return count > MAX_SIMULATED_REPLICAS ? `${text} (above the ${MAX_SIMULATED_REPLICAS} kubesim simulates)` : text;
}

/** An apps/v1 Deployment or StatefulSet the API server refuses (the diagnostics' cached verdict); undefined for other objects. */
function isRefused(object: ManifestObject, cluster: ClusterSpec): boolean | undefined {
  if (object.apiVersion !== 'apps/v1' || (object.kind !== 'Deployment' && object.kind !== 'StatefulSet')) return undefined;
  return checkObjectCached(object.kind, object, undefined, cluster).some((finding) => finding.severity === 'error');
}

/** The title of the lens above a written strategy: the rollout's best-case time and surge; none when the API server refuses the object. */
export function rolloutCostLensTitle(object: ManifestObject, cluster: ClusterSpec): string | undefined {
  if (isRefused(object, cluster) !== false) return undefined;
  const cost = computeRolloutCost(object, cluster);
  return cost ? rolloutCostSummary(cost) : undefined;
}

/** The lens title of an apps/v1 Deployment or StatefulSet, of a DaemonSet, Job, CronJob or HPA, else undefined. */
export function rolloutLensTitle(object: ManifestObject, cluster: ClusterSpec): string | undefined {
  const refused = isRefused(object, cluster);
  if (refused === undefined) return workloadLensTitle(object, cluster);
  if (refused) return `${PREVIEW} · the API server rejects this ${object.kind}`;
  if (object.kind === 'Deployment') {
    const facts = computeDeploymentFacts(object, cluster);
    if (!facts) return undefined;
    return [PREVIEW, facts.replicaSetName, pods(facts.replicas.value)].filter(Boolean).join(' · ');
  }
  const facts = computeStatefulSetFacts(object, cluster);
  if (!facts) return undefined;
  const count = facts.replicas.value;
  const first = statefulSetPodName(facts.name, facts.startOrdinal);
  const last = statefulSetPodName(facts.name, facts.startOrdinal + count - 1);
  const names = !facts.name || count <= 0 ? undefined : count === 1 ? first : `${first}…${last}`;
  return [PREVIEW, names, pods(count)].filter(Boolean).join(' · ');
}

/** What the preview of a DaemonSet, Job, CronJob or HPA plays, as its lens says it. */
const WORKLOAD_LENS: Readonly<Record<string, string>> = {
  DaemonSet: '▶ Preview update node by node',
  Job: '▶ Preview pods, retries and back-off',
  CronJob: '▶ Preview next runs',
  HorizontalPodAutoscaler: '▶ Preview replica curve',
};

// The lens above a DaemonSet, Job, CronJob or HPA; only that it is refused when the API server refuses it.
function workloadLensTitle(object: ManifestObject, cluster: ClusterSpec): string | undefined {
  if (!isWorkloadPreviewObject(object)) return undefined;
  const refused = (checkKindObjectCached(object, undefined, cluster) ?? []).some((finding) => finding.severity === 'error');
  return refused ? `${PREVIEW} · the API server rejects this ${object.kind}` : WORKLOAD_LENS[object.kind];
}
