// FNV hashes of Go's hash/fnv and rand.SafeEncodeString (k8s.io/apimachinery pkg/util/rand).

const FNV_OFFSET_32 = 0x811c9dc5;
const FNV_PRIME_32 = 0x01000193;
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** FNV-1a 32-bit (fnv.New32a): xor, then multiply. */
export function fnv1a32(bytes: Iterable<number>, start = FNV_OFFSET_32): number {
  let hash = start;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, FNV_PRIME_32) >>> 0;
  return hash >>> 0;
}

/** FNV-1 32-bit (fnv.New32): multiply, then xor. */
export function fnv132(bytes: Iterable<number>, start = FNV_OFFSET_32): number {
  let hash = start;
  for (const byte of bytes) hash = (Math.imul(hash, FNV_PRIME_32) ^ byte) >>> 0;
  return hash >>> 0;
}

/** SafeEncodeString of the decimal text of `value`: each byte maps through the 27-letter alphabet. */
export function safeEncodeDecimal(value: number): string {
  return [...String(value >>> 0)].map((digit) => SAFE_ALPHABET[digit.charCodeAt(0) % 27]).join('');
}
