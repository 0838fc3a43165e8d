// ControllerRevision data, hash and name of a StatefulSet: getPatch and newRevision in
// pkg/controller/statefulset/stateful_set_utils.go, HashControllerRevision and
// ControllerRevisionName in pkg/controller/history/controller_history.go.
import { defaultStatefulSet } from '../defaulting/workload-defaults';
import { goLayoutFor } from '../go-layout/go-layouts';
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonObject, JsonValue, StatefulSet } from '../model/objects';
import { fnv132, safeEncodeDecimal } from './fnv';
import { encodeGoJson, writeGoJson } from './go-json';
import { decodeGoValue } from './go-value';
import { utf8Bytes } from './utf8';

/**
 * The bytes of the revision's `data` (getPatch): the defaulted template as Go serialises it,
 * with `"$patch":"replace"`, wrapped as `{"spec":{"template":...}}`, keys sorted. Up to 1.33 the
 * template metadata keeps `"creationTimestamp":null`; from 1.34 it is omitted (omitzero).
 */
export function controllerRevisionData(statefulSet: StatefulSet, clusterSpec: ClusterSpec): string {
  const layout = goLayoutFor(clusterSpec.version);
  const defaulted = defaultStatefulSet(statefulSet, clusterSpec);
  const value = decodeGoValue(layout, defaulted.spec.template as unknown as JsonValue, 'core.PodTemplateSpec');
  const template = encodeGoJson(layout, value, 'core.PodTemplateSpec') as JsonObject;
  template.$patch = 'replace';
  return writeGoJson({ spec: { template } });
}

/** Follows HashControllerRevision: FNV-1 of the data, then the decimal collision count (nil counts as 0). */
export function computeControllerRevisionHash(data: string, collisionCount: number | undefined | null): string {
  const bytes = utf8Bytes(data);
  // The StatefulSet controller always passes a pointer, so "0" is written for a fresh set.
  for (const character of String(collisionCount ?? 0)) bytes.push(character.charCodeAt(0));
  return safeEncodeDecimal(fnv132(bytes));
}

/** Follows ControllerRevisionName: the set name cut to 223 characters, a dash, the hash. */
export function controllerRevisionName(setName: string, hash: string): string {
  return `${setName.length > 223 ? setName.slice(0, 223) : setName}-${hash}`;
}
