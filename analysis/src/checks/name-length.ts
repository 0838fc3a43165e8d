// Names the API server accepts but whose derived names (revision label, pod name, ReplicaSet name) it later rejects.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { valueAt } from './label-selector';

/** Label values and DNS labels are at most 63 characters; DNS subdomains at most 253. */
const LABEL_VALUE_MAX = 63;
const SUBDOMAIN_MAX = 253;
/** A hash rendered by SafeEncodeString of a uint32's decimal digits is at most 10 characters. */
const HASH_MAX = 10;

/**
 * StatefulSet pods carry `controller-revision-hash: <set>-<hash>` (the ControllerRevision name,
 * see getStatefulSetRevisions / newRevision): with a 10-character hash the set name may be 52
 * characters. A 53-character name works only for hashes of 9 digits or fewer (about 1 in 4).
 * Pod names `<set>-<ordinal>` are hostnames, so they must be DNS labels (63).
 */
export function checkStatefulSetNameLength(object: ManifestObject, _context: CheckContext): CheckFinding[] {
  if (object.kind !== 'StatefulSet' || !object.name || object.name.length > LABEL_VALUE_MAX) return [];
  const name = object.name;
  const span = spanForPath(object, ['metadata', 'name']);
  const replicas = valueAt(object.value, ['spec', 'replicas']);
  const start = valueAt(object.value, ['spec', 'ordinals', 'start']);
  const lastOrdinal = (typeof start === 'number' ? start : 0) + Math.max(0, (typeof replicas === 'number' ? replicas : 1) - 1);
  const lastPod = `${name}-${lastOrdinal}`;
  if (lastPod.length > LABEL_VALUE_MAX) {
    return [
      {
        ...span,
        severity: 'error',
        code: 'statefulset-pod-name-too-long',
        field: 'metadata.name',
        message:
          `Pod "${lastPod}" is ${lastPod.length} characters: pod hostnames and the statefulset.kubernetes.io/pod-name ` +
          `label must be no more than 63 characters, so the StatefulSet controller cannot create it.`,
      },
    ];
  }
  const longest = name.length + 1 + HASH_MAX;
  if (longest <= LABEL_VALUE_MAX) return [];
  // The event and the API error (recordPodEvent in stateful_pod_control.go; ValidateLabels) for the first pod.
  const firstPod = `${name}-${typeof start === 'number' ? start : 0}`;
  return [
    {
      ...span,
      severity: 'warning',
      code: 'statefulset-name-too-long',
      field: 'metadata.name',
      message:
        `The name is ${name.length} characters; pods get the label controller-revision-hash: ${name}-<hash> ` +
        `(up to ${longest} characters), but label values must be no more than 63 characters. ` +
        `Whenever the hash is long, pod creation fails with a FailedCreate event: create Pod ${firstPod} in StatefulSet ${name} failed error: ` +
        `Pod "${firstPod}" is invalid: metadata.labels: Invalid value: "${name}-<hash>": must be no ` +
        `more than 63 characters. Keep StatefulSet names to 52 characters.`,
    },
  ];
}

/**
 * A Deployment's ReplicaSet is named `<deployment>-<pod-template-hash>` and must be a DNS
 * subdomain (253): a Deployment name over 242 characters can produce an invalid ReplicaSet name.
 * Pod names are safe: the name generator cuts `<replicaset>-` to 58 characters before the suffix.
 */
export function checkDeploymentNameLength(object: ManifestObject, _context: CheckContext): CheckFinding[] {
  if (object.kind !== 'Deployment' || !object.name || object.name.length > SUBDOMAIN_MAX) return [];
  const longest = object.name.length + 1 + HASH_MAX;
  if (longest <= SUBDOMAIN_MAX) return [];
  return [
    {
      ...spanForPath(object, ['metadata', 'name']),
      severity: 'warning',
      code: 'deployment-name-too-long',
      field: 'metadata.name',
      message:
        `The name is ${object.name.length} characters; its ReplicaSets are named ${object.name.slice(0, 8)}…-<pod-template-hash> ` +
        `(up to ${longest} characters), over the 253-character limit: the Deployment controller fails ` +
        `to create them. Keep Deployment names to 242 characters.`,
    },
  ];
}
