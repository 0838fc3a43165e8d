// Pod template rules (`spec.template`): labels, annotations, volumes, containers, policies,
// security context and scheduling (the last two in pod-security-context.ts and pod-scheduling.ts).
// Follows ValidatePodTemplateSpec and ValidatePodSpec, kubernetes pkg/apis/core/validation.
import type { ClusterSpec } from '../../../model/cluster-spec';
import type { KubernetesVersion } from '../../../model/kubernetes-version';
import { isFeatureEnabled } from '../../../defaulting/feature-gates';
import type { JsonObject, JsonValue } from '../../../model/objects';
import { duplicate, forbidden, invalid, notSupported, numberValue, required, stringValue, type FieldError, type FieldPath } from '../field-error';
import { isDns1123Label } from '../string-checks';
import { validateLifecycle } from './container-lifecycle';
import { asArray, asNumber, asObject, asString, asStringMap, objectItems } from './json-access';
import { validateAnnotations, validateLabels } from './object-meta';
import { validateContainerCommon, validateProbe } from './pod-containers';
import { validatePodDnsConfig } from './pod-dns-config';
import { validateAffinity, validateTopologySpreadConstraints } from './pod-affinity';
import {
  validateAccountNodeAndDeadline,
  validateHostAliases,
  validateNodeSelector,
  validatePodGates,
  validatePriorityRuntimeAndOs,
  validateTolerations,
} from './pod-scheduling';
import { podUsesHostUsers, validateHostUsers, validatePodSecurityContext } from './pod-security-context';

const VOLUME_SOURCES = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image',
];
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];

/**
 * ValidatePodTemplateSpec. `claimNames` are volumes a StatefulSet injects from its
 * volumeClaimTemplates, so mounts may name them. The cluster's release picks per-release rules.
 */
export function validatePodTemplateSpec(template: JsonObject, path: FieldPath, claimNames: readonly string[], clusterSpec: ClusterSpec): FieldError[] {
  const metadata = asObject(template.metadata) ?? {};
  const errors = validateLabels(asStringMap(metadata.labels), path.child('labels'));
  errors.push(...validateAnnotations(asStringMap(metadata.annotations), path.child('annotations')));
  const spec = asObject(template.spec) ?? {};
  errors.push(...validatePodSpec(spec, path.child('spec'), claimNames, clusterSpec));
  if ((asArray(spec.ephemeralContainers) ?? []).length > 0) {
    errors.push(forbidden(path.child('spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template', 'ephemeral-containers-forbidden'));
  }
  return errors;
}

// ValidatePodSpec, in upstream order (errors are reported in the order they are found).
function validatePodSpec(spec: JsonObject, path: FieldPath, claimNames: readonly string[], clusterSpec: ClusterSpec): FieldError[] {
  const version = clusterSpec.version;
  const volumes = objectItems(spec.volumes);
  const errors = validateVolumes(volumes, path.child('volumes'));
  const context: ContainerContext = {
    volumeNames: new Set<string>([...claimNames, ...volumes.map((volume) => asString(volume.name) ?? '')]),
    hostUsers: podUsesHostUsers(spec),
    gracePeriod: asNumber(spec.terminationGracePeriodSeconds),
    version,
    clusterSpec,
  };
  errors.push(...validateContainers(objectItems(spec.containers), path.child('containers'), context));
  errors.push(...validateInitContainers(objectItems(spec.initContainers), objectItems(spec.containers), path.child('initContainers'), context));
  errors.push(...validateHostNetworkPorts(spec, path));
  const restartPolicy = asString(spec.restartPolicy) ?? '';
  if (restartPolicy === '') errors.push(required(path.child('restartPolicy'), '', 'restart-policy-required'));
  else if (!RESTART_POLICIES.includes(restartPolicy))
    errors.push(notSupported(path.child('restartPolicy'), stringValue(restartPolicy), RESTART_POLICIES, 'restart-policy-unsupported'));
  const dnsPolicy = asString(spec.dnsPolicy) ?? '';
  if (dnsPolicy === '') errors.push(required(path.child('dnsPolicy'), '', 'dns-policy-required'));
  else if (!DNS_POLICIES.includes(dnsPolicy))
    errors.push(notSupported(path.child('dnsPolicy'), stringValue(dnsPolicy), DNS_POLICIES, 'dns-policy-unsupported'));
  errors.push(...validateNodeSelector(spec, path));
  errors.push(...validatePodSecurityContext(spec, path, version));
  errors.push(...validateAffinity(spec, path, version));
  errors.push(...validatePodDnsConfig(spec, path, version));
  errors.push(...validatePodGates(spec, path));
  errors.push(...validateTopologySpreadConstraints(spec, path));
  errors.push(...validateHostUsers(spec, path));
  errors.push(...validateAccountNodeAndDeadline(spec, path));
  for (const key of ['hostname', 'subdomain']) {
    const value = asString(spec[key]) ?? '';
    if (value !== '') errors.push(...isDns1123Label(value).map((message) => invalid(path.child(key), stringValue(value), message, `${key}-invalid`)));
  }
  errors.push(...validateTolerations(spec, path));
  errors.push(...validateHostAliases(spec, path));
  errors.push(...validatePriorityRuntimeAndOs(spec, path));
  return errors;
}

// Follows ValidateVolumes: a DNS-label name, unique, with exactly one source.
function validateVolumes(volumes: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  volumes.forEach((volume, i) => {
    const volumePath = path.index(i);
    const name = asString(volume.name) ?? '';
    if (name === '') errors.push(required(volumePath.child('name'), '', 'volume-name-required'));
    else errors.push(...isDns1123Label(name).map((message) => invalid(volumePath.child('name'), stringValue(name), message, 'volume-name-invalid')));
    if (name !== '' && names.has(name)) errors.push(duplicate(volumePath.child('name'), stringValue(name), 'volume-name-duplicate'));
    names.add(name);
    // validateVolumeSource: each source after the first is forbidden at its own key.
    const sources = VOLUME_SOURCES.filter((key) => asObject(volume[key]) !== undefined);
    if (sources.length === 0) errors.push(required(volumePath, 'must specify a volume type', 'volume-source-required'));
    for (const extra of sources.slice(1)) errors.push(forbidden(volumePath.child(extra), 'may not specify more than 1 volume type', 'volume-source-multiple'));
  });
  return errors;
}

interface ContainerContext {
  volumeNames: ReadonlySet<string>;
  hostUsers: boolean;
  gracePeriod: number | undefined;
  version: KubernetesVersion;
  /** The cluster: gated rules read its feature gates. */
  clusterSpec: ClusterSpec;
}

// Lifecycle hooks and probes, as regular containers and restartable init containers get them.
function validateHooksAndProbes(container: JsonObject, path: FieldPath, context: ContainerContext): FieldError[] {
  const errors: FieldError[] = [];
  const lifecycle = asObject(container.lifecycle);
  if (lifecycle) errors.push(...validateLifecycle(lifecycle, path.child('lifecycle'), context.gracePeriod, context.version));
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    const probe = asObject(container[key]);
    if (probe) errors.push(...validateProbe(probe, path.child(key), key));
  }
  return errors;
}

// Follows validateContainers: names unique among regular containers, then host ports across them.
// A container-level restartPolicy is refused until ContainerRestartRules is on by default (1.35);
// the rules for its values once the gate is on are not modelled.
function validateContainers(containers: JsonObject[], listPath: FieldPath, context: ContainerContext): FieldError[] {
  if (containers.length === 0) return [required(listPath, '', 'containers-required')];
  const errors: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((container, i) => {
    const path = listPath.index(i);
    errors.push(...validateContainerCommon(container, path, context.volumeNames, context.hostUsers, context.version));
    const name = asString(container.name) ?? '';
    if (names.has(name)) errors.push(duplicate(path.child('name'), stringValue(name), 'container-name-duplicate'));
    names.add(name);
    errors.push(...validateHooksAndProbes(container, path, context));
    if (isSet(container.restartPolicy) && !isFeatureEnabled('ContainerRestartRules', context.clusterSpec)) {
      errors.push(forbidden(path.child('restartPolicy'), 'may not be set for non-init containers', 'container-restart-policy-forbidden'));
    }
  });
  errors.push(...validateHostPortConflicts(containers, listPath));
  return errors;
}

// Follows validateInitContainers: names unique across both lists (reported on the init
// container), host ports checked per init container, and hooks and probes only on sidecars
// (restartPolicy Always).
function validateInitContainers(initContainers: JsonObject[], containers: JsonObject[], listPath: FieldPath, context: ContainerContext): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>(containers.map((container) => asString(container.name) ?? ''));
  initContainers.forEach((container, i) => {
    const path = listPath.index(i);
    errors.push(...validateContainerCommon(container, path, context.volumeNames, context.hostUsers, context.version));
    const restartPolicy = asString(container.restartPolicy);
    if (restartPolicy !== undefined && restartPolicy !== 'Always' && !isFeatureEnabled('ContainerRestartRules', context.clusterSpec)) {
      errors.push(notSupported(path.child('restartPolicy'), stringValue(restartPolicy), ['Always'], 'init-container-restart-policy-unsupported'));
    }
    const name = asString(container.name) ?? '';
    if (names.has(name)) errors.push(duplicate(path.child('name'), stringValue(name), 'container-name-duplicate'));
    else if (name !== '') names.add(name);
    // checkHostPortConflicts on a one-container list: upstream prints index 0 for every init container.
    for (const error of validateHostPortConflicts([container], listPath)) {
      errors.push({ ...error, path: error.path.locatedAt(...listPath.segments, i, ...error.path.segments.slice(listPath.segments.length + 1)) });
    }
    if (restartPolicy === 'Always') {
      errors.push(...validateHooksAndProbes(container, path, context));
      return;
    }
    for (const key of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
      if (asObject(container[key]) === undefined) continue;
      errors.push(forbidden(path.child(key), 'may not be set for init containers without restartPolicy=Always', 'init-container-probe'));
    }
  });
  return errors;
}

function isSet(value: JsonValue | undefined): boolean {
  return value !== undefined && value !== null;
}

// Follows validatePodHostNetworkDeps for a template: with hostNetwork, a set hostPort must equal
// containerPort (0 is allowed: pod defaulting fills it in).
function validateHostNetworkPorts(spec: JsonObject, path: FieldPath): FieldError[] {
  if (spec.hostNetwork !== true) return [];
  const errors: FieldError[] = [];
  objectItems(spec.containers).forEach((container, c) => {
    objectItems(container.ports).forEach((port, p) => {
      const hostPort = asNumber(port.hostPort) ?? 0;
      if (hostPort !== 0 && hostPort !== (asNumber(port.containerPort) ?? 0)) {
        errors.push(
          invalid(
            path.child('containers').index(c).child('ports').index(p).child('hostPort'),
            numberValue(hostPort),
            'must match `containerPort` when `hostNetwork` is true',
            'host-network-host-port',
          ),
        );
      }
    });
  });
  return errors;
}

// Follows AccumulateUniqueHostPorts (checkHostPortConflicts): one protocol/hostIP/hostPort per pod.
function validateHostPortConflicts(containers: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((container, c) => {
    objectItems(container.ports).forEach((port, p) => {
      const hostPort = typeof port.hostPort === 'number' ? port.hostPort : 0;
      if (hostPort === 0) return;
      const key = `${asString(port.protocol) ?? ''}/${asString(port.hostIP) ?? ''}/${hostPort}`;
      if (seen.has(key)) errors.push(duplicate(path.index(c).child('ports').index(p).child('hostPort'), stringValue(key), 'host-port-conflict'));
      seen.add(key);
    });
  });
  return errors;
}
