// The VolumeBinding plugin (pkg/scheduler/framework/plugins/volumebinding/volume_binding.go with the binder's
// GetPodVolumeClaims and FindPodVolumes): PreFilter refuses a pod whose claim is missing, being deleted, or
// unbound with immediate binding (a class that is absent counts as immediate: storage helpers'
// IsDelayBindingMode); Filter keeps a pod whose claim is bound to a node-local volume on that volume's node.
// An unbound WaitForFirstConsumer claim passes on every node: it is provisioned where the pod lands (the
// simulation's provisioner, kind's local-path, has no topology limit and no capacity tracking).
import { isJsonObject } from '../model/json-value';
import type { JsonObject } from '../model/objects';

/** What the scheduler reads of one PersistentVolumeClaim. */
export interface ClaimInfo {
  readonly bound: boolean;
  readonly deleting: boolean;
  /** The binding mode of its StorageClass (Immediate when the class does not exist or is ""). */
  readonly bindingMode: 'Immediate' | 'WaitForFirstConsumer';
  /** For a bound claim on a node-local volume: the node the volume's node affinity names. */
  readonly node?: string;
}

/** Claims by `namespace/name`. */
export type ClaimsByKey = ReadonlyMap<string, ClaimInfo>;

export const UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';
export const VOLUME_NODE_AFFINITY_CONFLICT = 'node(s) had volume node affinity conflict';

/** The claim names of a pod's `persistentVolumeClaim` volumes (generic ephemeral volumes are not modelled). */
export function podClaimNames(spec: JsonObject | undefined): string[] {
  const volumes = spec?.volumes;
  if (!Array.isArray(volumes)) return [];
  return volumes.flatMap((volume) => {
    const source = isJsonObject(volume) ? volume.persistentVolumeClaim : undefined;
    return isJsonObject(source) && typeof source.claimName === 'string' ? [source.claimName] : [];
  });
}

/** PreFilter's verdict: undefined when the pod may go on, else the message FitError puts before the preemption text. */
export function volumeBindingPreFilter(spec: JsonObject | undefined, namespace: string, claims: ClaimsByKey | undefined): string | undefined {
  const names = podClaimNames(spec);
  if (names.length === 0) return undefined;
  let unboundImmediate = false;
  // podHasPVCs: a missing or deleted claim is reported by name, before the binding modes are read.
  for (const name of names) {
    const claim = claims?.get(`${namespace}/${name}`);
    if (claim === undefined) return `persistentvolumeclaim "${name}" not found`;
    if (claim.deleting) return `persistentvolumeclaim "${name}" is being deleted`;
  }
  for (const name of names) {
    const claim = claims!.get(`${namespace}/${name}`)!;
    if (!claim.bound && claim.bindingMode === 'Immediate') unboundImmediate = true;
  }
  return unboundImmediate ? UNBOUND_IMMEDIATE : undefined;
}

/** Filter: the node conflicts with a bound claim's volume node affinity. */
export function volumeNodeConflict(spec: JsonObject | undefined, namespace: string, claims: ClaimsByKey | undefined, nodeName: string): boolean {
  return podClaimNames(spec).some((name) => {
    const claim = claims?.get(`${namespace}/${name}`);
    return claim !== undefined && claim.bound && claim.node !== undefined && claim.node !== nodeName;
  });
}
