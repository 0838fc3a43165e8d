// Walks a document's source tree by object path (['spec', 'template', 'spec', 'containers', 0])
// to find source spans, and back from an offset to the path under the cursor.
import type { SourceSpan } from './source-span';
import type { SourceEntry, SourceNode, SourceRange } from './source-tree';

import type { PathSegment } from '@kubesim/engine';

export type { PathSegment };

/** What a path resolves to in the source: the value node, and the key node for map entries. */
export interface PathLocation {
  value?: SourceSpan;
  key?: SourceSpan;
  /** How many segments of the requested path exist in the source. */
  depth: number;
}

function spanOf(range: SourceRange | undefined, base: number): SourceSpan | undefined {
  return range ? { start: base + range[0], end: base + range[1] } : undefined;
}

function entryFor(node: SourceNode, key: PathSegment): SourceEntry | undefined {
  if (node.type !== 'map') return undefined;
  const wanted = String(key);
  // With duplicate keys, the last one holds the value kubectl keeps.
  for (let i = node.entries.length - 1; i >= 0; i--) if (node.entries[i]!.key === wanted) return node.entries[i];
  return undefined;
}

/** Follows `path` from `root`; offsets are shifted by `base` (the document's start in the file). */
export function locatePath(root: SourceNode | undefined, path: readonly PathSegment[], base: number): PathLocation {
  let node = root;
  let location: PathLocation = { depth: 0 };
  const rootSpan = spanOf(node?.range, base);
  if (rootSpan) location.value = rootSpan;
  for (let i = 0; i < path.length && node; i++) {
    const segment = path[i]!;
    if (node.type === 'seq' && typeof segment === 'number') {
      const item = node.items[segment];
      if (!item) break;
      node = item;
      location = { value: spanOf(item.range, base) ?? location.value!, depth: i + 1 };
    } else if (node.type === 'map') {
      const entry = entryFor(node, segment);
      if (!entry) break;
      const keySpan = spanOf(entry.keyRange, base);
      node = entry.value;
      location = { value: spanOf(node?.range, base) ?? keySpan, depth: i + 1 };
      if (keySpan) location.key = keySpan;
    } else {
      break;
    }
  }
  return location;
}

/** The path of the innermost key or value that contains `offset` (document-relative). */
export function pathAtOffset(root: SourceNode | undefined, offset: number): { path: PathSegment[]; onKey: boolean } {
  const path: PathSegment[] = [];
  let node = root;
  let onKey = false;
  while (node) {
    if (node.type === 'map') {
      // A value's range ends where the next key starts: a key starting at `offset` is the one meant.
      const entry =
        node.entries.find((candidate) => candidate.keyRange?.[0] === offset) ??
        node.entries.find((candidate) => {
          const start = candidate.keyRange?.[0];
          const end = candidate.value?.range?.[2] ?? candidate.keyRange?.[2];
          return start !== undefined && end !== undefined && offset >= start && offset <= end;
        });
      if (!entry) break;
      path.push(entry.label);
      if (entry.keyRange && offset <= entry.keyRange[1]) {
        onKey = true;
        break;
      }
      node = entry.value;
    } else if (node.type === 'seq') {
      const index = node.items.findIndex((item) => item?.range !== undefined && offset >= item.range[0] && offset <= item.range[2]);
      if (index < 0) break;
      path.push(index);
      node = node.items[index];
    } else {
      break;
    }
  }
  return { path, onKey };
}
