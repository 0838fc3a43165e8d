// Deterministic randomness for the simulated API server: pod name suffixes and object UIDs.
// Follows the simple name generator of k8s.io/apiserver (names.SimpleNameGenerator) and
// k8s.io/apimachinery util/rand (the 27-character alphabet without vowels).

/** The alphabet the API server draws generated name suffixes from. */
const NAME_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** Longest base kept by generateName: 63 − 5 random characters. */
const MAX_GENERATED_NAME_BASE = 58;

/** A small seeded pseudo-random source (mulberry32): same seed, same names. */
export class SeededRandom {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, bound). */
  nextInt(bound: number): number {
    return Math.floor(this.next() * bound);
  }

  /** `length` characters of the name-suffix alphabet (rand.String). */
  nameSuffix(length = 5): string {
    let text = '';
    for (let i = 0; i < length; i++) text += NAME_SUFFIX_ALPHABET[this.nextInt(NAME_SUFFIX_ALPHABET.length)];
    return text;
  }

  /** A version-4 style UID such as `0b6c7d3e-1f2a-4b5c-8d9e-0f1a2b3c4d5e`. */
  uid(): string {
    let hex = '';
    for (let i = 0; i < 32; i++) hex += this.nextInt(16).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[this.nextInt(4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

/** FNV-1a over the UTF-16 code units of a seed string (only used to seed, not for hashes users see). */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A name for `generateName: base`: the base cut to 58 characters, then 5 random characters.
 * `nginx-deployment-66b6c48dd5-` gives e.g. `nginx-deployment-66b6c48dd5-4xk2p`.
 */
export function generateName(base: string, random: SeededRandom): string {
  const kept = base.length > MAX_GENERATED_NAME_BASE ? base.slice(0, MAX_GENERATED_NAME_BASE) : base;
  return kept + random.nameSuffix(5);
}

/** `count` generated names from `base`, none among `taken` (live pod names), each added to it. */
export function generateNames(base: string, count: number, taken: Set<string>, random: SeededRandom): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    let name = generateName(base, random);
    while (taken.has(name)) name = generateName(base, random);
    taken.add(name);
    names.push(name);
  }
  return names;
}
