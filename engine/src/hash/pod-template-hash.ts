// pod-template-hash and ReplicaSet names (interim: replaced by the go-spew port, see issue #3).
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { PodTemplateSpec } from '../model/objects';
import { utf8Bytes } from './utf8';

// The digits of a rendered hash go through this alphabet (byte mod 27), as SafeEncodeString does.
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** FNV-1a 32-bit over the UTF-8 bytes of `text`. */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8Bytes(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The pod-template-hash of a defaulted template. Interim version: hashes JSON, not the go-spew
 * text, so the value differs from a real cluster until the printer lands (TODO #3).
 */
export function computePodTemplateHash(template: PodTemplateSpec, collisionCount: number | undefined, _version: KubernetesVersion): string {
  const text = JSON.stringify(template) + (collisionCount === undefined ? '' : String(collisionCount));
  return [...String(fnv1a32(text))].map((digit) => SAFE_ALPHABET[digit.charCodeAt(0) % 27]).join('');
}
