// A document of the `yaml` package's AST (parsed with the failsafe schema, so every scalar keeps
// its text, style and tag) turned into the JSON kubectl makes of it, with a source tree. Follows
// goyaml.v2's decoder (decode.go: mapping, merge, alias, scalar; parse-order anchors; the
// aliasing limit) and sigs.k8s.io/yaml's convertToJSONableObject and json.Marshal; the scalar
// rules are in kubectl-scalars.ts.
import { isAlias, isMap, isPair, isScalar, isSeq, Scalar, type Alias, type Node, type Pair, type YAMLMap } from 'yaml';
import type { JsonObject, JsonValue } from '@kubesim/engine';
import { goSyntaxOf, jsonKeyOf, resolveScalar, ScalarError, type ResolvedScalar, type ScalarStyle } from './kubectl-scalars';
import { sourceTreeOf, type SourceEntry, type SourceMap, type SourceNode, type SourceRange } from './source-tree';

/** A problem of the conversion; offsets relative to the document text. */
interface ConversionProblem {
  range: readonly [number, number];
  code: string;
  message: string;
  severity: 'error' | 'warning';
}

/** The JSON value (undefined for an empty document or when kubectl fails), its source tree, and problems. */
interface Conversion {
  value: JsonValue | undefined;
  tree: SourceNode | undefined;
  problems: ConversionProblem[];
}

/** Why kubectl stops reading the document. */
class ConversionFailure extends Error {
  constructor(
    message: string,
    readonly range: readonly [number, number] | undefined,
  ) {
    super(message);
  }
}

/** kubectl's prefix for everything that goes wrong between YAML and JSON (sigs.k8s.io/yaml Unmarshal). */
export const CONVERSION_PREFIX = 'error converting YAML to JSON: ';
const NO_RANGE: SourceRange = [0, 0, 0];

/** Converts the contents of a parsed document. Never throws (deep nesting included). */
export function convertToJson(contents: unknown): Conversion {
  let converter: Converter | undefined;
  try {
    converter = new Converter(contents);
    const { value, tree } = converter.node(contents);
    const keyFailure = value === undefined ? undefined : converter.firstKeyFailure(value);
    if (keyFailure) throw keyFailure;
    const unsupported = value === undefined ? undefined : firstUnsupportedNumber(value);
    if (unsupported !== undefined) {
      converter.fail(`json: unsupported value: ${unsupported > 0 ? '+Inf' : unsupported < 0 ? '-Inf' : 'NaN'}`, undefined);
    }
    return { value, tree, problems: uniqueProblems(converter.problems) };
  } catch (error) {
    const problems = converter?.problems ?? [];
    if (error instanceof ConversionFailure) {
      const range = error.range ?? rangeOf(contents) ?? [0, 0];
      problems.push({
        range: [range[0], Math.max(range[1], range[0] + 1)],
        code: 'yaml-to-json',
        message: CONVERSION_PREFIX + error.message,
        severity: 'error',
      });
      return { value: undefined, tree: sourceTreeOf(contents), problems: uniqueProblems(problems) };
    }
    if (error instanceof RangeError) {
      problems.push({ range: [0, 1], code: 'yaml-expansion', message: 'Document is nested too deeply to be read.', severity: 'error' });
      return { value: undefined, tree: undefined, problems };
    }
    throw error;
  }
}

// An anchored map decoded again through each alias repeats its warnings: keep one of each.
function uniqueProblems(problems: ConversionProblem[]): ConversionProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.range[0]}:${problem.range[1]}:${problem.message}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

// json.Marshal writes object keys sorted: the first NaN or infinity in that order names the error.
function firstUnsupportedNumber(value: JsonValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : Number.isNaN(value) ? 0 : value;
  if (value === null || typeof value !== 'object') return undefined;
  const children = Array.isArray(value)
    ? value
    : Object.keys(value)
        .sort()
        .map((key) => value[key]!);
  for (const child of children) {
    const found = firstUnsupportedNumber(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

function rangeOf(node: unknown): readonly [number, number] | undefined {
  const range = (node as Node | null)?.range;
  return range ? [range[0], range[1]] : undefined;
}

function styleOf(scalar: Scalar): ScalarStyle {
  if (scalar.type === Scalar.PLAIN || scalar.type === undefined) return 'plain';
  return scalar.type === Scalar.BLOCK_FOLDED || scalar.type === Scalar.BLOCK_LITERAL ? 'block' : 'quoted';
}

/** The map being built: JSON keys with the Go key that set them (`int:1` and `str:1` both make "1"). */
interface MapTarget {
  value: JsonObject;
  goKeys: Map<string, string>;
  /** Keys written by the map's own entries (not by a merge), for the duplicate-key warnings. */
  ownKeys: Map<string, { range: SourceRange | undefined; text: string }>;
  tree: SourceMap;
  /** The tree's entries, filled while the map is read (the tree is readonly once handed out). */
  entries: SourceEntry[];
}

class Converter {
  readonly problems: ConversionProblem[] = [];
  /** The anchored node each alias names, as goyaml.v2's parser records anchors: in parse order. */
  private readonly aliasTargets = new Map<Alias, unknown>();
  private readonly expanding = new Set<Alias>();
  /** Maps holding a key JSON cannot have: reported only if the map is still in the final value. */
  private readonly badKeys = new WeakMap<object, ConversionFailure>();
  private decodeCount = 0;
  private aliasCount = 0;
  private aliasDepth = 0;

  constructor(contents: unknown) {
    this.recordAnchors(contents, new Map());
  }

  /**
   * convertToJSONableObject runs after the whole document decoded, on what survived (a map
   * overwritten by a duplicate key is never converted): the first map with a bad key, if any.
   */
  firstKeyFailure(value: JsonValue): ConversionFailure | undefined {
    if (value === null || typeof value !== 'object') return undefined;
    const own = this.badKeys.get(value);
    if (own) return own;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      const found = this.firstKeyFailure(child);
      if (found) return found;
    }
    return undefined;
  }

  fail(message: string, range: readonly [number, number] | undefined): never {
    throw new ConversionFailure(message, range);
  }

  private recordAnchors(node: unknown, anchors: Map<string, unknown>): void {
    if (node === null || typeof node !== 'object') return;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      // goyaml.v2's parser fails on an unknown anchor before anything is decoded.
      if (target === undefined) this.fail(`yaml: unknown anchor '${node.source}' referenced`, rangeOf(node));
      this.aliasTargets.set(node, target);
      return;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.set(anchor, node);
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[]) {
        if (isPair(item)) {
          this.recordAnchors(item.key, anchors);
          this.recordAnchors(item.value, anchors);
        } else this.recordAnchors(item, anchors);
      }
    }
  }

  // decoder.unmarshal: counts every decode and fails on excessive aliasing as goyaml.v2 does.
  private count(range: readonly [number, number] | undefined): void {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (this.aliasCount > 100 && this.decodeCount > 1000 && this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)) {
      this.fail('yaml: document contains excessive aliasing', range);
    }
  }

  node(node: unknown): { value: JsonValue | undefined; tree: SourceNode | undefined } {
    if (node === null || node === undefined) return { value: null, tree: undefined };
    const range = (node as Node).range ?? undefined;
    if (isAlias(node)) return { value: this.alias(node), tree: { type: 'leaf', range } };
    this.count(rangeOf(node));
    if (isScalar(node)) {
      const value = this.scalar(node).value;
      return { value, tree: { type: 'leaf', range } };
    }
    if (isMap(node)) {
      const target = this.newMap(range);
      this.fillMap(node, target, true);
      return { value: target.value, tree: target.tree };
    }
    if (isSeq(node)) {
      const value: JsonValue[] = [];
      const items: (SourceNode | undefined)[] = [];
      for (const item of node.items as unknown[]) {
        if (isPair(item)) {
          // `[a: 1]`: a single-pair map inside a flow sequence.
          const target = this.newMap(undefined);
          this.count(undefined);
          this.entry(item, target, true);
          value.push(target.value);
          items.push(undefined);
        } else {
          const converted = this.node(item);
          value.push(converted.value ?? null);
          items.push(converted.tree);
        }
      }
      return { value, tree: { type: 'seq', range: range ?? NO_RANGE, items } };
    }
    return { value: null, tree: { type: 'leaf', range } };
  }

  private scalar(scalar: Scalar): ResolvedScalar {
    try {
      return resolveScalar(String(scalar.value ?? ''), styleOf(scalar), scalar.tag);
    } catch (error) {
      if (error instanceof ScalarError) this.fail(error.message, rangeOf(scalar));
      throw error;
    }
  }

  // decoder.alias: the anchored node decoded again, refusing an alias inside its own anchor.
  private alias(alias: Alias): JsonValue | undefined {
    this.count(rangeOf(alias));
    const target = this.aliasTargets.get(alias);
    if (target === undefined) this.fail(`yaml: unknown anchor '${alias.source}' referenced`, rangeOf(alias));
    if (this.expanding.has(alias)) this.fail(`yaml: anchor '${alias.source}' value contains itself`, rangeOf(alias));
    this.expanding.add(alias);
    this.aliasDepth++;
    try {
      return this.node(target).value;
    } finally {
      this.aliasDepth--;
      this.expanding.delete(alias);
    }
  }

  private newMap(range: SourceRange | undefined): MapTarget {
    const entries: SourceEntry[] = [];
    return { value: {}, goKeys: new Map(), ownKeys: new Map(), tree: { type: 'map', range: range ?? NO_RANGE, entries }, entries };
  }

  // decoder.mapping: entries in order, a merge key merging where it stands.
  private fillMap(map: YAMLMap, target: MapTarget, own: boolean): void {
    for (const pair of map.items) this.entry(pair, target, own);
  }

  private entry(pair: Pair, target: MapTarget, own: boolean): void {
    if (isMergeKey(pair.key)) {
      this.merge(pair.value, target, pair);
      return;
    }
    const keyNode = pair.key;
    const keyRange = (keyNode as Node | null)?.range ?? undefined;
    const resolvedKey = this.resolveKey(keyNode);
    const converted = this.node(pair.value);
    const value = converted.value ?? null;
    let jsonKey: string;
    try {
      jsonKey = jsonKeyOf(resolvedKey, goSyntaxOf(value));
    } catch (error) {
      if (!(error instanceof ScalarError)) throw error;
      if (!this.badKeys.has(target.value))
        this.badKeys.set(target.value, new ConversionFailure(error.message, keyRange ? [keyRange[0], keyRange[1]] : rangeOf(pair.value)));
      return;
    }
    const goKey = `${resolvedKey.tag}:${resolvedKey.digits ?? String(resolvedKey.value)}`;
    this.set(target, jsonKey, goKey, value, keyRange, own);
    target.entries.push({ key: jsonKey, label: jsonKey, keyRange, value: converted.tree });
  }

  // A key decodes like any node; a map or sequence cannot be one (decoder.mapping).
  private resolveKey(keyNode: unknown): ResolvedScalar {
    if (keyNode === null || keyNode === undefined) return { tag: '!!null', value: null };
    if (isScalar(keyNode)) {
      this.count(rangeOf(keyNode));
      return this.scalar(keyNode);
    }
    const value = isAlias(keyNode) ? this.alias(keyNode) : this.node(keyNode).value;
    if (value !== null && typeof value === 'object') this.fail(`yaml: invalid map key: ${goSyntaxOf(value)}`, rangeOf(keyNode));
    if (typeof value === 'string') return { tag: '!!str', value };
    if (typeof value === 'boolean') return { tag: '!!bool', value };
    if (typeof value === 'number') return Number.isInteger(value) ? { tag: '!!int', value, digits: String(value) } : { tag: '!!float', value };
    return { tag: '!!null', value: null };
  }

  private set(target: MapTarget, jsonKey: string, goKey: string, value: JsonValue, keyRange: SourceRange | undefined, own: boolean): void {
    const previousGoKey = target.goKeys.get(jsonKey);
    const keyText = (range: SourceRange | undefined) => (range ? ([range[0], range[1]] as const) : undefined);
    if (previousGoKey !== undefined && own) {
      const earlier = target.ownKeys.get(jsonKey);
      if (previousGoKey === goKey && earlier) {
        this.warn(
          keyText(keyRange),
          'yaml-duplicate-key',
          `Duplicate key "${jsonKey}": kubectl keeps this last value (${shortJson(value)}) and drops the earlier one.`,
        );
      } else if (previousGoKey !== goKey) {
        this.warn(keyText(keyRange), 'yaml-duplicate-key', `Two keys of this map both become "${jsonKey}" in JSON: kubectl keeps one of them at random.`);
      }
    } else if (previousGoKey !== undefined && !own) {
      const earlier = target.ownKeys.get(jsonKey);
      if (earlier && earlier.range) {
        this.warn(
          keyText(earlier.range),
          'yaml-merge-override',
          `The merge key "<<" after this key sets "${jsonKey}" again: kubectl keeps the merged value (${shortJson(value)}).`,
        );
        target.ownKeys.delete(jsonKey);
      }
    }
    target.goKeys.set(jsonKey, goKey);
    if (own) target.ownKeys.set(jsonKey, { range: keyRange, text: jsonKey });
    if (jsonKey === '__proto__') Object.defineProperty(target.value, jsonKey, { value, enumerable: true, writable: true, configurable: true });
    else target.value[jsonKey] = value;
  }

  private warn(range: readonly [number, number] | undefined, code: string, message: string): void {
    if (range) this.problems.push({ range, code, message, severity: 'warning' });
  }

  // decoder.merge: a map, an alias of a map, or a sequence of those (the first one wins).
  private merge(value: unknown, target: MapTarget, pair: Pair): void {
    const wantMap = () => this.fail('yaml: map merge requires map or sequence of maps as the value', rangeOf(value) ?? rangeOf(pair.key));
    const mergeOne = (node: unknown) => {
      if (isMap(node)) {
        this.count(rangeOf(node));
        this.fillMap(node, target, false);
      } else if (isAlias(node)) {
        const anchored = this.aliasTargets.get(node);
        if (anchored !== undefined && !isMap(anchored)) wantMap();
        this.count(rangeOf(node));
        if (anchored === undefined) this.fail(`yaml: unknown anchor '${node.source}' referenced`, rangeOf(node));
        if (this.expanding.has(node)) this.fail(`yaml: anchor '${node.source}' value contains itself`, rangeOf(node));
        this.expanding.add(node);
        this.aliasDepth++;
        try {
          this.count(rangeOf(anchored));
          this.fillMap(anchored as YAMLMap, target, false);
        } finally {
          this.aliasDepth--;
          this.expanding.delete(node);
        }
      } else wantMap();
    };
    if (isSeq(value)) {
      const items = value.items as unknown[];
      for (let i = items.length - 1; i >= 0; i--) {
        const item = items[i];
        if (!isMap(item) && !isAlias(item)) wantMap();
        mergeOne(item);
      }
    } else mergeOne(value);
  }
}

function shortJson(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length <= 60 ? text : text.slice(0, 57) + '...';
}

// isMerge in decode.go: a `<<` key that is plain (or tagged !!merge).
function isMergeKey(key: unknown): boolean {
  if (!isScalar(key) || key.value !== '<<') return false;
  if (key.tag === 'tag:yaml.org,2002:merge') return true;
  return styleOf(key) === 'plain' && (key.tag === undefined || key.tag === '!');
}

// allowedAliasRatio in decode.go: 99% of decodes may come from aliases up to 400,000 decodes,
// then less and less, down to 10% from 4,000,000.
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}
