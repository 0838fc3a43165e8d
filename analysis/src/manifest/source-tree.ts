// The shape of a parsed YAML document with source ranges and nothing else: what locating a field
// path or finding the path under the cursor needs. Both readers (the fast one for plain manifests,
// the `yaml` package for everything else) produce it, so neither keeps a full YAML AST alive.
import { isMap, isScalar, isSeq, type Node } from 'yaml';

/**
 * Offsets relative to the document text, as the `yaml` package gives them: where the node starts,
 * where its value ends, and where the node ends (after a trailing comment and line break).
 */
export type SourceRange = readonly [start: number, valueEnd: number, nodeEnd: number];

export interface SourceMap {
  readonly type: 'map';
  readonly range: SourceRange;
  readonly entries: readonly SourceEntry[];
}

/** One `key: value` pair. */
export interface SourceEntry {
  /** The key as a field path segment compares with it (scalar keys as strings), if it can. */
  readonly key: string | undefined;
  /** The key as the path under the cursor names it. */
  readonly label: string;
  readonly keyRange: SourceRange | undefined;
  readonly value: SourceNode | undefined;
}

interface SourceSeq {
  readonly type: 'seq';
  readonly range: SourceRange;
  readonly items: readonly (SourceNode | undefined)[];
}

/** A scalar, or any node without children (aliases, for example). */
interface SourceLeaf {
  readonly type: 'leaf';
  readonly range: SourceRange | undefined;
}

export type SourceNode = SourceMap | SourceSeq | SourceLeaf;

/** The source tree of a node of the `yaml` package's AST. */
export function sourceTreeOf(node: unknown): SourceNode | undefined {
  if (node === null || node === undefined) return undefined;
  const range = (node as Node).range ?? undefined;
  if (isMap(node)) {
    const entries = node.items.map((pair): SourceEntry => {
      const key = pair.key as unknown;
      return {
        key: isScalar(key) ? String(key.value) : undefined,
        label: isScalar(key) ? String(key.value) : String(key),
        keyRange: (key as Node | null)?.range ?? undefined,
        value: sourceTreeOf(pair.value),
      };
    });
    return { type: 'map', range: range ?? [0, 0, 0], entries };
  }
  // A pair inside a sequence (`- ? a : b`) has no range of its own: it becomes a leaf without one.
  if (isSeq(node)) return { type: 'seq', range: range ?? [0, 0, 0], items: node.items.map((item) => sourceTreeOf(item)) };
  return { type: 'leaf', range };
}

// The fast reader's nodes (fast-reader-core.ts) hold their offsets as numbers and make the range arrays when asked: a
// document's tree has a node for every value and an entry for every key, and three-number arrays were half of what it
// allocated (most trees are read, used to place a few findings, and dropped).

abstract class OffsetNode {
  constructor(
    private readonly start: number,
    private readonly valueEnd: number,
    private readonly nodeEnd: number,
  ) {}

  get range(): SourceRange {
    return [this.start, this.valueEnd, this.nodeEnd];
  }
}

export class OffsetLeaf extends OffsetNode implements SourceLeaf {
  get type(): 'leaf' {
    return 'leaf';
  }
}

export class OffsetMap extends OffsetNode implements SourceMap {
  constructor(
    start: number,
    valueEnd: number,
    nodeEnd: number,
    readonly entries: readonly SourceEntry[],
  ) {
    super(start, valueEnd, nodeEnd);
  }

  get type(): 'map' {
    return 'map';
  }
}

export class OffsetSeq extends OffsetNode implements SourceSeq {
  constructor(
    start: number,
    valueEnd: number,
    nodeEnd: number,
    readonly items: readonly (SourceNode | undefined)[],
  ) {
    super(start, valueEnd, nodeEnd);
  }

  get type(): 'seq' {
    return 'seq';
  }
}

/** A plain key (its JSON key is also its label) that ends at its colon. */
export class OffsetEntry implements SourceEntry {
  constructor(
    readonly key: string,
    private readonly keyStart: number,
    private readonly colon: number,
    readonly value: SourceNode,
  ) {}

  get label(): string {
    return this.key;
  }

  get keyRange(): SourceRange {
    return [this.keyStart, this.colon, this.colon];
  }
}
