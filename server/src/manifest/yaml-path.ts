// Walks a parsed `yaml` document by object path (['spec', 'template', 'spec', 'containers', 0])
// to find source spans, and back from an offset to the path under the cursor.
import { isMap, isPair, isScalar, isSeq, type Node, type Pair } from 'yaml';
import type { SourceSpan } from './source-span';

/** One step of a path: a map key or a sequence index. */
export type PathSegment = string | number;

/** What a path resolves to in the source: the value node, and the key node for map entries. */
export interface PathLocation {
  value?: SourceSpan;
  key?: SourceSpan;
  /** How many segments of the requested path exist in the source. */
  depth: number;
}

function spanOf(node: unknown, base: number): SourceSpan | undefined {
  const range = (node as Node | null)?.range;
  if (!range) return undefined;
  return { start: base + range[0], end: base + range[1] };
}

function pairFor(map: Node, key: PathSegment): Pair | undefined {
  if (!isMap(map)) return undefined;
  return map.items.find((pair) => {
    const k = pair.key;
    return isScalar(k) ? String(k.value) === String(key) : k === key;
  }) as Pair | undefined;
}

/** Follows `path` from `root`; offsets are shifted by `base` (the document's start in the file). */
export function locatePath(root: unknown, path: readonly PathSegment[], base: number): PathLocation {
  let node = root as Node | undefined;
  let location: PathLocation = { depth: 0 };
  const rootSpan = spanOf(node, base);
  if (rootSpan) location.value = rootSpan;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (!item) break;
      node = item;
      location = { value: spanOf(item, base) ?? location.value!, depth: i + 1 };
    } else if (isMap(node)) {
      const pair = pairFor(node, segment);
      if (!pair) break;
      const keySpan = spanOf(pair.key, base);
      node = (pair.value as Node | null) ?? undefined;
      const valueSpan = spanOf(node, base);
      location = { value: valueSpan ?? keySpan, depth: i + 1 };
      if (keySpan) location.key = keySpan;
    } else {
      break;
    }
  }
  return location;
}

/** The path of the innermost key or value that contains `offset` (document-relative). */
export function pathAtOffset(root: unknown, offset: number): { path: PathSegment[]; onKey: boolean } {
  const path: PathSegment[] = [];
  let node = root as Node | undefined;
  let onKey = false;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const start = (p.key as Node | null)?.range?.[0];
        const end = (p.value as Node | null)?.range?.[2] ?? (p.key as Node | null)?.range?.[2];
        return start !== undefined && end !== undefined && offset >= start && offset <= end;
      });
      if (!pair || !isPair(pair)) break;
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      path.push(key);
      const keyRange = (pair.key as Node | null)?.range;
      if (keyRange && offset <= keyRange[1]) {
        onKey = true;
        break;
      }
      node = (pair.value as Node | null) ?? undefined;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => {
        const range = (item as Node | null)?.range;
        return range != null && offset >= range[0] && offset <= range[2];
      });
      if (index < 0) break;
      path.push(index);
      node = node.items[index] as Node;
    } else {
      break;
    }
  }
  return { path, onKey };
}
