// pod-template-hash and ReplicaSet names: ComputeHash in pkg/controller/controller_utils.go over
// DeepHashObject (pkg/util/hash), i.e. FNV-1a of the go-spew text of the PodTemplateSpec.
import type { GateSource } from '../defaulting/feature-gates';
import { defaultPodTemplate } from '../defaulting/pod-defaults';
import { goLayoutFor } from '../go-layout/go-layouts';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { JsonValue, PodTemplateSpec } from '../model/objects';
import { fnv1a32, safeEncodeDecimal } from './fnv';
import { decodeGoValue } from './go-value';
import { spewPrint } from './spew-printer';
import { utf8Bytes } from './utf8';

/**
 * The go-spew text the Deployment controller hashes for `template` on `version`. The template
 * is defaulted here (defaulting is idempotent, so an already defaulted template is fine).
 */
export function printPodTemplateForHash(template: PodTemplateSpec, version: KubernetesVersion, gates: GateSource = version): string {
  const layout = goLayoutFor(version);
  const defaulted = defaultPodTemplate(template, version, undefined, gates);
  const value = decodeGoValue(layout, defaulted as unknown as JsonValue, 'core.PodTemplateSpec');
  return spewPrint(layout, value, 'core.PodTemplateSpec');
}

/** The collision count bytes ComputeHash appends: uint32 little-endian, widened to 8 bytes. */
function collisionCountBytes(collisionCount: number): number[] {
  const value = collisionCount >>> 0;
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff, 0, 0, 0, 0];
}

/** Follows ComputeHash: FNV-1a of the spew text, then the collision count if it is not nil. */
export function computePodTemplateHash(
  template: PodTemplateSpec,
  collisionCount: number | undefined,
  version: KubernetesVersion,
  gates: GateSource = version,
): string {
  let hash = fnv1a32(utf8Bytes(printPodTemplateForHash(template, version, gates)));
  if (collisionCount !== undefined && collisionCount !== null) hash = fnv1a32(collisionCountBytes(collisionCount), hash);
  return safeEncodeDecimal(hash);
}

/** The ReplicaSet name the Deployment controller creates: `<deployment>-<pod-template-hash>`. */
export function replicaSetNameFor(deploymentName: string, podTemplateHash: string): string {
  return `${deploymentName}-${podTemplateHash}`;
}
