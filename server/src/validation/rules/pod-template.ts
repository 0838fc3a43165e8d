// Pod template rules (`spec.template`): labels, annotations, volumes, containers, policies.
// Follows ValidatePodTemplateSpec and ValidatePodSpec, kubernetes pkg/apis/core/validation.
import type { JsonObject } from '../../../../engine/src/index';
import { duplicate, forbidden, invalid, notSupported, required, stringValue, type FieldError, type FieldPath } from '../field-error';
import { isDns1123Label } from '../string-checks';
import { asArray, asObject, asString, asStringMap, objectItems } from './json-access';
import { validateAnnotations, validateLabels } from './object-meta';
import { validateContainerCommon, validateProbe } from './pod-containers';

const VOLUME_SOURCES = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi',
  'glusterfs', 'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc',
  'azureFile', 'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected',
  'portworxVolume', 'scaleIO', 'storageos', 'csi', 'ephemeral', 'image',
];
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];

/**
 * ValidatePodTemplateSpec. `claimNames` are volumes a StatefulSet injects from its
 * volumeClaimTemplates, so mounts may name them.
 */
export function validatePodTemplateSpec(template: JsonObject, path: FieldPath, claimNames: readonly string[] = []): FieldError[] {
  const metadata = asObject(template.metadata) ?? {};
  const errors = validateLabels(asStringMap(metadata.labels), path.child('labels'));
  errors.push(...validateAnnotations(asStringMap(metadata.annotations), path.child('annotations')));
  const spec = asObject(template.spec) ?? {};
  errors.push(...validatePodSpec(spec, path.child('spec'), claimNames));
  if ((asArray(spec.ephemeralContainers) ?? []).length > 0) {
    errors.push(forbidden(path.child('spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template', 'ephemeral-containers-forbidden'));
  }
  return errors;
}

function validatePodSpec(spec: JsonObject, path: FieldPath, claimNames: readonly string[]): FieldError[] {
  const volumes = objectItems(spec.volumes);
  const errors = validateVolumes(volumes, path.child('volumes'));
  const volumeNames = new Set<string>([...claimNames, ...volumes.map((volume) => asString(volume.name) ?? '')]);
  errors.push(...validateContainerList(objectItems(spec.containers), objectItems(spec.initContainers), path, volumeNames));
  errors.push(...validateHostPortConflicts(objectItems(spec.containers), path.child('containers')));
  const restartPolicy = asString(spec.restartPolicy) ?? '';
  if (restartPolicy === '') errors.push(required(path.child('restartPolicy'), '', 'restart-policy-required'));
  else if (!RESTART_POLICIES.includes(restartPolicy)) errors.push(notSupported(path.child('restartPolicy'), stringValue(restartPolicy), RESTART_POLICIES, 'restart-policy-unsupported'));
  const dnsPolicy = asString(spec.dnsPolicy) ?? '';
  if (dnsPolicy === '') errors.push(required(path.child('dnsPolicy'), '', 'dns-policy-required'));
  else if (!DNS_POLICIES.includes(dnsPolicy)) errors.push(notSupported(path.child('dnsPolicy'), stringValue(dnsPolicy), DNS_POLICIES, 'dns-policy-unsupported'));
  for (const key of ['hostname', 'subdomain']) {
    const value = asString(spec[key]) ?? '';
    if (value !== '') errors.push(...isDns1123Label(value).map((message) => invalid(path.child(key), stringValue(value), message, `${key}-invalid`)));
  }
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

// Follows validateInitContainers and validateContainers: names unique across both lists.
function validateContainerList(containers: JsonObject[], initContainers: JsonObject[], podPath: FieldPath, volumeNames: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  initContainers.forEach((container, i) => {
    const path = podPath.child('initContainers').index(i);
    errors.push(...validateContainerCommon(container, path, volumeNames));
    const name = asString(container.name) ?? '';
    if (name !== '' && names.has(name)) errors.push(duplicate(path.child('name'), stringValue(name), 'container-name-duplicate'));
    names.add(name);
    const isSidecar = container.restartPolicy === 'Always';
    for (const key of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
      if (isSidecar || asObject(container[key]) === undefined) continue;
      errors.push(forbidden(path.child(key), 'may not be set for init containers without restartPolicy=Always', 'init-container-probe'));
    }
  });
  if (containers.length === 0) errors.push(required(podPath.child('containers'), '', 'containers-required'));
  containers.forEach((container, i) => {
    const path = podPath.child('containers').index(i);
    errors.push(...validateContainerCommon(container, path, volumeNames));
    const name = asString(container.name) ?? '';
    if (name !== '' && names.has(name)) errors.push(duplicate(path.child('name'), stringValue(name), 'container-name-duplicate'));
    names.add(name);
    for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
      const probe = asObject(container[key]);
      if (probe) errors.push(...validateProbe(probe, path.child(key), key));
    }
  });
  return errors;
}

// Follows AccumulateUniqueHostPorts (checkHostPortConflicts): one hostIP/protocol/hostPort per pod.
function validateHostPortConflicts(containers: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((container, c) => {
    objectItems(container.ports).forEach((port, p) => {
      const hostPort = typeof port.hostPort === 'number' ? port.hostPort : 0;
      if (hostPort === 0) return;
      const key = `${asString(port.hostIP) ?? ''}/${asString(port.protocol) ?? ''}/${hostPort}`;
      if (seen.has(key)) errors.push(duplicate(path.index(c).child('ports').index(p).child('hostPort'), stringValue(key), 'host-port-conflict'));
      seen.add(key);
    });
  });
  return errors;
}
