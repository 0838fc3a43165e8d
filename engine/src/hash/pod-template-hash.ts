// pod-template-hash and ReplicaSet names: ComputeHash in pkg/controller/controller_utils.go over
// DeepHashObject (pkg/util/hash), i.e. FNV-1a of the go-spew text of the PodTemplateSpec.
import { defaultPodTemplate } from '../defaulting/pod-defaults';
import { goLayoutFor } from '../go-layout/go-layouts';
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonValue, PodTemplateSpec } from '../model/objects';
import { fnv1a32, safeEncodeDecimal } from './fnv';
import { decodeGoValue } from './go-value';
import { spewPrint } from './spew-printer';
import { utf8Bytes } from './utf8';

/**
 * The go-spew text the Deployment controller hashes for `template` in the cluster `clusterSpec` (its release and gates). The template
 * is defaulted here (defaulting is idempotent, so an already defaulted template is fine).
 */
export function printPodTemplateForHash(template: PodTemplateSpec, clusterSpec: ClusterSpec): string {
  const layout = goLayoutFor(clusterSpec.version);
  const defaulted = defaultPodTemplate(template, clusterSpec);
  const value = decodeGoValue(layout, defaulted as unknown as JsonValue, 'core.PodTemplateSpec');
  return spewPrint(layout, value, 'core.PodTemplateSpec');
}

/** The collision count bytes ComputeHash appends: uint32 little-endian, widened to 8 bytes. */
function collisionCountBytes(collisionCount: number): number[] {
  const value = collisionCount >>> 0;
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff, 0, 0, 0, 0];
}

/** Follows ComputeHash: FNV-1a of the spew text, then the collision count if it is not nil. */
export function computePodTemplateHash(template: PodTemplateSpec, collisionCount: number | undefined, clusterSpec: ClusterSpec): string {
  let hash = fnv1a32(utf8Bytes(printPodTemplateForHash(template, clusterSpec)));
  if (collisionCount !== undefined && collisionCount !== null) hash = fnv1a32(collisionCountBytes(collisionCount), hash);
  return safeEncodeDecimal(hash);
}

/** The ReplicaSet name the Deployment controller creates: `<deployment>-<pod-template-hash>`. */
export function replicaSetNameFor(deploymentName: string, podTemplateHash: string): string {
  return `${deploymentName}-${podTemplateHash}`;
}
