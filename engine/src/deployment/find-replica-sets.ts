// Finding a Deployment's new and old ReplicaSets, following FindNewReplicaSet, FindOldReplicaSets
// and EqualIgnoreHash in kubernetes pkg/controller/deployment/util/deployment_util.go.
import type { Deployment, JsonValue, PodTemplateSpec, ReplicaSet } from '../model/objects';
import { compareByCreationTimestamp, POD_TEMPLATE_HASH_LABEL } from './deployment-util';

/** Semantic equality of JSON values where a missing field, null, [] and {} are all the same. */
function semanticEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  const emptyA = isEmpty(a);
  const emptyB = isEmpty(b);
  if (emptyA || emptyB) return emptyA && emptyB;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => semanticEqual(item, b[index]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!semanticEqual((a as Record<string, JsonValue>)[key], (b as Record<string, JsonValue>)[key])) return false;
    return true;
  }
  return a === b;
}

function isEmpty(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function withoutHashLabel(template: PodTemplateSpec): JsonValue {
  const labels = { ...(template.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  return { metadata: { ...(template.metadata ?? {}), labels }, spec: template.spec ?? {} } as JsonValue;
}

// Templates are replaced, never mutated, once stored, so comparisons are cached by identity.
const equalityCache = new WeakMap<PodTemplateSpec, WeakMap<PodTemplateSpec, boolean>>();

/** EqualIgnoreHash: the templates are equal once the pod-template-hash label is removed. */
export function equalIgnoreHash(a: PodTemplateSpec, b: PodTemplateSpec): boolean {
  let cached = equalityCache.get(a);
  const known = cached?.get(b);
  if (known !== undefined) return known;
  const equal = semanticEqual(withoutHashLabel(a), withoutHashLabel(b));
  if (!cached) equalityCache.set(a, (cached = new WeakMap()));
  cached.set(b, equal);
  return equal;
}

/** FindNewReplicaSet: the oldest RS whose template equals the Deployment's (ignoring the hash). */
export function findNewReplicaSet(deployment: Deployment, replicaSets: readonly ReplicaSet[]): ReplicaSet | undefined {
  // The oldest match, as sorting by creation time then taking the first match (without the copy).
  let found: ReplicaSet | undefined;
  for (const rs of replicaSets) {
    if ((found === undefined || compareByCreationTimestamp(rs, found) < 0) && equalIgnoreHash(rs.spec.template, deployment.spec.template)) found = rs;
  }
  return found;
}

/** ReplicaSets controlled by the Deployment (by controller ownerReference uid). */
export function replicaSetsOwnedBy(deployment: Deployment, replicaSets: readonly ReplicaSet[]): ReplicaSet[] {
  const uid = deployment.metadata.uid;
  return replicaSets.filter((rs) => rs.metadata.ownerReferences?.some((owner) => owner.controller && owner.uid === uid));
}
