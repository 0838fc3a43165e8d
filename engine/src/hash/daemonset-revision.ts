// A DaemonSet's ControllerRevision data and hash, following getPatch and snapshot in
// kubernetes pkg/controller/daemon/update.go. Unlike a StatefulSet's revision (FNV-1 of the data),
// the DaemonSet names its revision with ComputeHash of the template and the status collisionCount,
// the very hash a Deployment puts in pod-template-hash; the data is the same `$patch: replace`
// document a StatefulSet stores.
import { defaultDaemonSetInPlace } from '../defaulting/workload-defaults';
import { goLayoutFor } from '../go-layout/go-layouts';
import { cloneJson } from '../model/clone';
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonObject, JsonValue, PodTemplateSpec, ReadonlyJsonObject } from '../model/objects';
import { encodeGoJson, writeGoJson } from './go-json';
import { decodeGoValue } from './go-value';
import { computePodTemplateHash } from './pod-template-hash';

/**
 * getPatch: the defaulted DaemonSet's template as Go's JSON encoder writes it, with
 * `"$patch":"replace"`, wrapped as `{"spec":{"template":...}}`, keys sorted. From 1.34 on the
 * template metadata no longer carries `"creationTimestamp":null`.
 */
export function daemonSetRevisionData(daemonSet: ReadonlyJsonObject, clusterSpec: ClusterSpec): string {
  const layout = goLayoutFor(clusterSpec.version);
  // A copy: defaulting writes into the object it is given.
  const defaulted = cloneJson(daemonSet as JsonObject);
  defaultDaemonSetInPlace(defaulted, clusterSpec);
  const templateJson = (defaulted.spec as JsonObject).template as JsonValue;
  const value = decodeGoValue(layout, templateJson, 'core.PodTemplateSpec');
  const template = encodeGoJson(layout, value, 'core.PodTemplateSpec') as JsonObject;
  template.$patch = 'replace';
  return writeGoJson({ spec: { template } });
}

/**
 * snapshot's hash: ComputeHash(&ds.Spec.Template, ds.Status.CollisionCount), FNV-1a of the go-spew text
 * of the defaulted template, then the collision count when the status has one (a fresh DaemonSet has none).
 */
export function daemonSetRevisionHash(template: PodTemplateSpec, collisionCount: number | undefined, clusterSpec: ClusterSpec): string {
  return computePodTemplateHash(template, collisionCount, clusterSpec);
}
