// The outline of a manifest file: each object as `Kind name` with its main sections, and the folding ranges
// (one per YAML document, plus one per block that spans lines, as an editor folds by indentation).
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import { locate, type ManifestObject } from '../manifest/manifest-document';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import type { SourceSpan } from '../manifest/source-span';
import type { PathSegment } from '../manifest/yaml-path';

/** One outline entry: what it is, the span it covers, the span to select (its name), and its children. */
export interface OutlineSymbol {
  name: string;
  /** `object` for a Kubernetes object, `section` for a field, `container` for a named list item. */
  role: 'object' | 'section' | 'item';
  detail?: string;
  span: SourceSpan;
  selection: SourceSpan;
  children: OutlineSymbol[];
}

// Fields whose children are listed too (a Deployment's spec shows replicas, selector, template, strategy).
const EXPANDED = new Set(['spec', 'template', 'jobTemplate']);
// Lists whose items are named (`containers` show each container by its name).
const NAMED_LISTS = new Set(['containers', 'initContainers', 'ephemeralContainers', 'volumes', 'ports', 'rules', 'volumeClaimTemplates', 'env']);

/** Every object of the file as an outline symbol, in source order. */
export function outlineOf(file: ManifestFile): OutlineSymbol[] {
  return objectsOf(file).map((object) => objectSymbol(object));
}

function objectSymbol(object: ManifestObject): OutlineSymbol {
  const whole = locate(object, []);
  const span = whole.value ?? { start: object.document.start, end: object.document.end };
  const selection = locate(object, ['metadata', 'name']).value ?? locate(object, ['kind']).value ?? span;
  return {
    name: `${object.kind} ${object.name ?? '(unnamed)'}`,
    role: 'object',
    detail: [object.apiVersion, object.namespace ? `namespace ${object.namespace}` : undefined].filter(Boolean).join(', '),
    span,
    selection,
    children: sectionsOf(object, [], object.value, 0),
  };
}

function sectionsOf(object: ManifestObject, path: PathSegment[], value: ReadonlyJsonValue, depth: number): OutlineSymbol[] {
  const symbols: OutlineSymbol[] = [];
  if (isJsonObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (depth === 0 && (key === 'apiVersion' || key === 'kind')) continue;
      const symbol = section(object, [...path, key], key, child, depth);
      if (symbol) symbols.push(symbol);
    }
  }
  return symbols;
}

function section(object: ManifestObject, path: PathSegment[], key: string, value: ReadonlyJsonValue, depth: number): OutlineSymbol | undefined {
  const location = locate(object, path);
  if (!location.key) return undefined;
  const span = { start: location.key.start, end: location.value?.end ?? location.key.end };
  let children: OutlineSymbol[] = [];
  if (EXPANDED.has(key) && depth < 4) children = sectionsOf(object, path, value, depth + 1);
  else if (NAMED_LISTS.has(key) && Array.isArray(value)) children = namedItems(object, path, value);
  else if (key === 'spec' || (depth === 0 && isJsonObject(value) && key !== 'metadata')) children = sectionsOf(object, path, value, depth + 1);
  const detail = Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : isJsonObject(value) ? undefined : String(value);
  return { name: key, role: 'section', detail, span, selection: location.key, children };
}

function namedItems(object: ManifestObject, path: PathSegment[], items: readonly ReadonlyJsonValue[]): OutlineSymbol[] {
  return items.flatMap((item, index) => {
    const location = locate(object, [...path, index]);
    if (!location.value) return [];
    const name = isJsonObject(item) ? (item.name ?? item.containerPort ?? item.host ?? item.metadata) : undefined;
    const label =
      typeof name === 'string' || typeof name === 'number' ? String(name) : isJsonObject(name) && typeof name.name === 'string' ? name.name : `[${index}]`;
    return [{ name: label, role: 'item' as const, span: location.value, selection: location.value, children: [] }];
  });
}

/** A range of lines an editor may fold: 0-based first and last line. */
interface FoldingLines {
  startLine: number;
  endLine: number;
  /** `document` for a whole YAML document, `block` for a mapping or list that spans lines. */
  kind: 'document' | 'block';
}

/** Folding by document (each `---` document of several lines) and by indentation inside each. */
export function foldingLinesOf(text: string): FoldingLines[] {
  const lines = text.split('\n');
  const ranges: FoldingLines[] = [];
  let documentStart = 0;
  const closeDocument = (end: number) => {
    let last = end;
    while (last > documentStart && lines[last]!.trim() === '') last--;
    if (last > documentStart) ranges.push({ startLine: documentStart, endLine: last, kind: 'document' });
  };
  const open: { indent: number; line: number }[] = [];
  const closeBlocks = (indent: number, line: number) => {
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) {
      const block = open.pop()!;
      let last = line - 1;
      while (last > block.line && (lines[last]!.trim() === '' || lines[last]!.trim().startsWith('#'))) last--;
      if (last > block.line) ranges.push({ startLine: block.line, endLine: last, kind: 'block' });
    }
  };
  lines.forEach((line, index) => {
    if (/^---/.test(line)) {
      closeBlocks(0, index);
      if (index > 0) closeDocument(index - 1);
      documentStart = index;
      return;
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const indent = line.length - line.trimStart().length;
    closeBlocks(indent, index);
    open.push({ indent, line: index });
  });
  closeBlocks(0, lines.length);
  closeDocument(lines.length - 1);
  return ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
