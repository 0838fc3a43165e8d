// The other workloads of a preview: applied together with the previewed one, their pods behind the same
// Services. Each holds its running state (its base applied and settled with the previewed workload's base),
// or rolls too when the edit changes it (its edited version applied right after the previewed one), so the
// traffic lane counts every endpoint kube-proxy splits connections over, as the Service's EndpointSlices list them.
import type { Cluster } from '../cluster/cluster';
import type { Deployment, JsonObject, StatefulSet } from '../model/objects';
import type { ClusterSpec } from '../model/cluster-spec';
import { admitObject } from '../apiserver/admission';
import { applyDeployment } from '../kubectl/mutations';
import { applyStatefulSet } from '../statefulset/stateful-set-simulation';
import { overBudgetWorkload } from '../cluster/simulation-budget';

/** A workload the preview runs (simulate-rollout.ts's RolloutWorkload). */
type RolloutWorkload = Deployment | StatefulSet;

/** A workload applied with the previewed one: as it runs now (`base`; absent: created by the edit) and as edited. */
export interface RolloutCompanion {
  base?: RolloutWorkload;
  edited: RolloutWorkload;
}

/** The companions' two requests as the API server answers them: a refused base never ran, a refused edit leaves the base. */
interface AdmittedCompanion {
  base?: RolloutWorkload;
  edited?: RolloutWorkload;
}

function applyWorkload(cluster: Cluster, workload: RolloutWorkload): void {
  if (workload.kind === 'Deployment') applyDeployment(cluster, workload, { mode: 'apply' });
  else applyStatefulSet(cluster, workload);
}

function sameIdentity(a: RolloutWorkload, b: RolloutWorkload): boolean {
  return a.kind === b.kind && a.metadata.name === b.metadata.name && (a.metadata.namespace ?? 'default') === (b.metadata.namespace ?? 'default');
}

/**
 * The companions in `namespace` the API server takes and kubesim's budget simulates, never the previewed
 * workload itself (`previewed`).
 */
export function admitCompanions(
  companions: readonly RolloutCompanion[],
  previewed: RolloutWorkload,
  namespace: string,
  clusterSpec: ClusterSpec,
): AdmittedCompanion[] {
  const admitted: AdmittedCompanion[] = [];
  for (const companion of companions) {
    if ((companion.edited.metadata.namespace ?? 'default') !== namespace || sameIdentity(companion.edited, previewed)) continue;
    const base =
      companion.base && !overBudgetWorkload([companion.base]) && !admitObject(companion.base as unknown as JsonObject, undefined, clusterSpec)
        ? companion.base
        : undefined;
    const editedRefused =
      overBudgetWorkload([companion.edited]) !== undefined ||
      admitObject(companion.edited as unknown as JsonObject, base as unknown as JsonObject | undefined, clusterSpec) !== undefined;
    const entry: AdmittedCompanion = {};
    if (base) entry.base = base;
    if (!editedRefused) entry.edited = companion.edited;
    if (entry.base || entry.edited) admitted.push(entry);
  }
  return admitted;
}

/** Stores the companions' running versions (settled later with the previewed workload's base). */
export function applyCompanionBases(cluster: Cluster, companions: readonly AdmittedCompanion[]): void {
  for (const companion of companions) if (companion.base) applyWorkload(cluster, companion.base);
}

/** Applies the companions the edit changes (or creates), right after the previewed workload. */
export function applyCompanionEdits(cluster: Cluster, companions: readonly AdmittedCompanion[]): void {
  for (const companion of companions) {
    // An unchanged companion holds its state: applying the same manifest again would change nothing.
    if (companion.edited && JSON.stringify(companion.edited) !== JSON.stringify(companion.base)) applyWorkload(cluster, companion.edited);
  }
}
