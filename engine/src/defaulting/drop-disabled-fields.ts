// Drops pod-template fields whose feature gate is off, as the API server does in
// PrepareForCreate/PrepareForUpdate after defaulting: follows dropDisabledFields in kubernetes
// pkg/api/pod/util.go (1.35 line), restated over v1 JSON. On update a field survives when the old
// object already used it ("in use"), so an object stored before a downgrade stays writable.
// Gates on in every supported release (SidecarContainers, RecursiveReadOnlyMounts,
// PodLifecycleSleepAction, NodeInclusionPolicyInPodTopologySpread, MatchLabelKeysInPodAffinity,
// MatchLabelKeysInPodTopologySpread) never drop anything here and are left out.
import type { JsonObject, JsonValue } from '../model/objects';
import type { ClusterSpec } from '../model/cluster-spec';
import { isFeatureGateDisabled } from './feature-gates';

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'] as const;

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

// Each disabled gate walks the containers of every pod template: plain loops, no intermediate arrays.
function objectsIn(value: JsonValue | undefined, into: JsonObject[] = []): JsonObject[] {
  if (!Array.isArray(value)) return into;
  for (const item of value) {
    const object = asObject(item);
    if (object) into.push(object);
  }
  return into;
}

// A Go pointer is set when the JSON key holds a non-null value.
function isSet(object: JsonObject | undefined, key: string): boolean {
  return object !== undefined && object[key] !== undefined && object[key] !== null;
}

function isNonEmptyList(object: JsonObject | undefined, key: string): boolean {
  return object !== undefined && Array.isArray(object[key]) && (object[key] as JsonValue[]).length > 0;
}

function isNonEmptyMap(object: JsonObject | undefined, key: string): boolean {
  const value = asObject(object?.[key]);
  return value !== undefined && Object.keys(value).length > 0;
}

// VisitContainers with the given lists (AllContainers by default).
function containersOf(spec: JsonObject | undefined, lists: readonly string[] = CONTAINER_LISTS): JsonObject[] {
  const containers: JsonObject[] = [];
  if (spec) for (const list of lists) objectsIn(spec[list], containers);
  return containers;
}

function projectedSourcesOf(spec: JsonObject | undefined): JsonObject[] {
  const sources: JsonObject[] = [];
  for (const volume of objectsIn(spec?.volumes)) objectsIn(asObject(volume.projected)?.sources, sources);
  return sources;
}

type InUse = (oldSpec: JsonObject | undefined) => boolean;

interface GatedDrop {
  gate: string;
  inUse: InUse;
  drop: (spec: JsonObject) => void;
}

// One entry per gated block of dropDisabledFields, in upstream order.
const GATED_DROPS: GatedDrop[] = [
  {
    // hostUsers lives in PodSecurityContext internally and in PodSpec in v1.
    gate: 'UserNamespacesSupport',
    inUse: (old) => isSet(old, 'hostUsers'),
    drop: (spec) => void delete spec.hostUsers,
  },
  {
    gate: 'SupplementalGroupsPolicy',
    inUse: (old) => isSet(asObject(old?.securityContext), 'supplementalGroupsPolicy'),
    drop: (spec) => void delete asObject(spec.securityContext)?.supplementalGroupsPolicy,
  },
  {
    // dropDisabledPodLevelResources: in use means non-empty requests or limits.
    gate: 'PodLevelResources',
    inUse: (old) => isNonEmptyMap(asObject(old?.resources), 'requests') || isNonEmptyMap(asObject(old?.resources), 'limits'),
    drop: (spec) => void delete spec.resources,
  },
  {
    // dropDisabledProcMountField: a set procMount is forced to Default, not removed; in use
    // means some container has a non-Default procMount.
    gate: 'ProcMountType',
    inUse: (old) =>
      containersOf(old).some((container) => {
        const securityContext = asObject(container.securityContext);
        return isSet(securityContext, 'procMount') && securityContext!.procMount !== 'Default';
      }),
    drop: (spec) =>
      containersOf(spec).forEach((container) => {
        const securityContext = asObject(container.securityContext);
        if (isSet(securityContext, 'procMount')) securityContext!.procMount = 'Default';
      }),
  },
  {
    // dropDisabledDynamicResourceAllocationFields: in use means pod-level resourceClaims.
    gate: 'DynamicResourceAllocation',
    inUse: (old) => isNonEmptyList(old, 'resourceClaims'),
    drop: (spec) => {
      containersOf(spec).forEach((container) => void delete asObject(container.resources)?.claims);
      delete spec.resourceClaims;
    },
  },
  {
    gate: 'ClusterTrustBundleProjection',
    inUse: (old) => projectedSourcesOf(old).some((source) => isSet(source, 'clusterTrustBundle')),
    drop: (spec) => projectedSourcesOf(spec).forEach((source) => void delete source.clusterTrustBundle),
  },
  {
    // dropDisabledPodCertificateProjection checks PodCertificateRequest.
    gate: 'PodCertificateRequest',
    inUse: (old) => projectedSourcesOf(old).some((source) => isSet(source, 'podCertificate')),
    drop: (spec) => projectedSourcesOf(spec).forEach((source) => void delete source.podCertificate),
  },
  {
    // dropDisabledWorkloadRef (1.35: workloadRef); 1.36 renamed the field schedulingGroup under
    // the same gate (the 1.36 drop function itself was not read).
    gate: 'GenericWorkload',
    inUse: (old) => isSet(old, 'workloadRef') || isSet(old, 'schedulingGroup'),
    drop: (spec) => {
      delete spec.workloadRef;
      delete spec.schedulingGroup;
    },
  },
  {
    // In use: a resizePolicy on a regular or init container (ephemeral ones are not checked).
    gate: 'InPlacePodVerticalScaling',
    inUse: (old) => containersOf(old, ['containers', 'initContainers']).some((container) => isNonEmptyList(container, 'resizePolicy')),
    drop: (spec) => containersOf(spec).forEach((container) => void delete container.resizePolicy),
  },
  {
    // dropContainerRestartRules: an init container keeps restartPolicy Always (a sidecar). The
    // gate is declared from 1.34 only: 1.32 and 1.33 drop nothing here, and validation then
    // rejects a regular container's restartPolicy and an init container's non-Always one.
    gate: 'ContainerRestartRules',
    inUse: (old) =>
      objectsIn(old?.initContainers).some(
        (container) => (isSet(container, 'restartPolicy') && container.restartPolicy !== 'Always') || isNonEmptyList(container, 'restartPolicyRules'),
      ) || objectsIn(old?.containers).some((container) => isSet(container, 'restartPolicy')),
    drop: (spec) => {
      for (const container of objectsIn(spec.initContainers)) {
        if (isSet(container, 'restartPolicy') && container.restartPolicy !== 'Always') delete container.restartPolicy;
        delete container.restartPolicyRules;
      }
      for (const container of containersOf(spec, ['containers', 'ephemeralContainers'])) {
        delete container.restartPolicy;
        delete container.restartPolicyRules;
      }
    },
  },
  {
    gate: 'HostnameOverride',
    inUse: (old) => isSet(old, 'hostnameOverride'),
    drop: (spec) => void delete spec.hostnameOverride,
  },
  {
    // dropFileKeyRefInUse: only fileKeyRef goes; the valueFrom object stays (as {}).
    gate: 'EnvFiles',
    inUse: (old) => containersOf(old).some((container) => objectsIn(container.env).some((env) => isSet(asObject(env.valueFrom), 'fileKeyRef'))),
    drop: (spec) => containersOf(spec).forEach((container) => objectsIn(container.env).forEach((env) => void delete asObject(env.valueFrom)?.fileKeyRef)),
  },
  {
    // dropImageVolumes: image volumes go whole, with every mount of them.
    gate: 'ImageVolume',
    inUse: (old) => objectsIn(old?.volumes).some((volume) => isSet(volume, 'image')),
    drop: dropImageVolumes,
  },
  {
    gate: 'SELinuxChangePolicy',
    inUse: (old) => isSet(asObject(old?.securityContext), 'seLinuxChangePolicy'),
    drop: (spec) => void delete asObject(spec.securityContext)?.seLinuxChangePolicy,
  },
  {
    // dropContainerStopSignals: a lifecycle left empty becomes nil.
    gate: 'ContainerStopSignals',
    inUse: (old) => containersOf(old).some((container) => isSet(asObject(container.lifecycle), 'stopSignal')),
    drop: (spec) =>
      containersOf(spec).forEach((container) => {
        const lifecycle = asObject(container.lifecycle);
        if (!lifecycle || !isSet(lifecycle, 'stopSignal')) return;
        delete lifecycle.stopSignal;
        if (Object.values(lifecycle).every((value) => value === null)) delete container.lifecycle;
      }),
  },
];

function dropImageVolumes(spec: JsonObject): void {
  if (!Array.isArray(spec.volumes)) return;
  const imageVolumeNames = new Set(
    objectsIn(spec.volumes)
      .filter((volume) => isSet(volume, 'image'))
      .map((volume) => volume.name),
  );
  if (imageVolumeNames.size === 0) return;
  // Go keeps a nil slice when nothing is left, which omitempty leaves out.
  const keepIn = (object: JsonObject, key: string, keep: (item: JsonValue) => boolean): void => {
    if (!Array.isArray(object[key])) return;
    const kept = (object[key] as JsonValue[]).filter(keep);
    if (kept.length > 0) object[key] = kept;
    else delete object[key];
  };
  keepIn(spec, 'volumes', (volume) => !isSet(asObject(volume), 'image'));
  for (const container of containersOf(spec)) keepIn(container, 'volumeMounts', (mount) => !imageVolumeNames.has(asObject(mount)?.name ?? null));
}

/**
 * Removes from the v1 pod `spec` (in place) the fields whose gate exists and is off in `clusterSpec` (the
 * release's default or the cluster's override), unless `oldSpec` (the stored object, on update) already uses them: DropDisabledTemplateFields.
 */
export function dropDisabledPodSpecFields(spec: JsonObject, oldSpec: JsonObject | undefined, clusterSpec: ClusterSpec): void {
  for (const { inUse, drop } of dropsOfDisabledGates(clusterSpec)) {
    if (!inUse(oldSpec)) drop(spec);
  }
}

// A cluster spec is not changed once made (a new profile is a new spec): its disabled gates are looked up once.
const dropsByCluster = new WeakMap<ClusterSpec, GatedDrop[]>();

function dropsOfDisabledGates(clusterSpec: ClusterSpec): GatedDrop[] {
  let drops = dropsByCluster.get(clusterSpec);
  if (drops === undefined) {
    drops = GATED_DROPS.filter(({ gate }) => isFeatureGateDisabled(gate, clusterSpec));
    dropsByCluster.set(clusterSpec, drops);
  }
  return drops;
}
