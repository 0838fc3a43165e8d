// Findings kept per parsed object and moved with its document. A later parse shares an object's
// parsed value while its document's text is unchanged, so findings computed once stay valid; only
// their offsets move when an edit above the document shifts it. The cached findings are never
// handed out: callers get copies placed at the document's current start.
import type { ManifestObject } from './manifest-document';
import type { SourceSpan } from './source-span';

interface Entry<K, F> {
  readonly key: K;
  readonly documentStart: number;
  readonly findings: readonly Readonly<F>[];
}

export class PlacedFindingsCache<K, F extends SourceSpan> {
  private readonly entries = new WeakMap<object, Entry<K, F>>();

  /**
   * `sameKey` says whether findings computed under one key hold under another (default: identity);
   * `move` places a finding `delta` characters further (default: its start and end).
   */
  constructor(
    private readonly sameKey: (a: K, b: K) => boolean = Object.is,
    private readonly move: (finding: Readonly<F>, delta: number) => F = moveSpan,
  ) {}

  /** The findings computed for `object` under `key`, at the document's current place; undefined when unknown. */
  get(object: ManifestObject, key: K): F[] | undefined {
    const entry = this.entries.get(object.value);
    if (!entry || !this.sameKey(entry.key, key)) return undefined;
    const delta = object.document.start - entry.documentStart;
    return entry.findings.map((finding) => this.move(finding, delta));
  }

  /** True when findings under `key` are known for `object`. */
  has(object: ManifestObject, key: K): boolean {
    const entry = this.entries.get(object.value);
    return entry !== undefined && this.sameKey(entry.key, key);
  }

  /** Keeps `findings` (a copy) for `object` under `key`, placed at the document's current start. */
  set(object: ManifestObject, key: K, findings: readonly F[]): void {
    this.entries.set(object.value, { key, documentStart: object.document.start, findings: findings.map((finding) => this.move(finding, 0)) });
  }

  delete(object: ManifestObject): void {
    this.entries.delete(object.value);
  }
}

function moveSpan<F extends SourceSpan>(finding: Readonly<F>, delta: number): F {
  return { ...finding, start: finding.start + delta, end: finding.end + delta };
}
