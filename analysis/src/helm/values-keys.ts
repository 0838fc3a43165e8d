// Keys of a values file: where `image.tag` is written, and which key path sits at an offset.
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { SourceSpan } from '../manifest/source-span';

const parsed = new Map<string, Document>();
const MAX_CACHED = 64;

function documentOf(text: string): Document {
  let document = parsed.get(text);
  if (!document) {
    if (parsed.size >= MAX_CACHED) parsed.clear();
    document = parseDocument(text);
    parsed.set(text, document);
  }
  return document;
}

/** Where a key path is written: the deepest key found and how many segments matched. */
interface ValuesKeyLocation {
  readonly span: SourceSpan;
  readonly depth: number;
}

/** The span of the deepest key of `path` written in `text` (list items by index); undefined when not even the first is. */
export function locateValuesKey(text: string, path: readonly (string | number)[]): ValuesKeyLocation | undefined {
  let node: unknown = documentOf(text).contents;
  let found: ValuesKeyLocation | undefined;
  for (let depth = 0; depth < path.length; depth++) {
    const segment = path[depth]!;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      const range = (pair?.key as Node | undefined)?.range;
      if (!pair || !range) break;
      found = { span: { start: range[0], end: range[1] }, depth: depth + 1 };
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (!item?.range) break;
      found = { span: { start: item.range[0], end: item.range[1] }, depth: depth + 1 };
      node = item;
    } else break;
  }
  return found;
}

/** The key path whose key or value holds `offset`, e.g. ['image', 'tag']; empty outside any key. */
export function valuesPathAt(text: string, offset: number): string[] {
  const path: string[] = [];
  let node: unknown = documentOf(text).contents;
  for (;;) {
    if (!isMap(node)) return path;
    const pair = node.items.find((item) => {
      const key = item.key as Node | undefined;
      const value = item.value as Node | undefined;
      const start = key?.range?.[0] ?? 0;
      const end = value?.range?.[1] ?? key?.range?.[1] ?? 0;
      return offset >= start && offset <= end;
    });
    if (!pair || !isScalar(pair.key)) return path;
    path.push(String(pair.key.value));
    node = pair.value;
  }
}
