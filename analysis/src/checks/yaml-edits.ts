// Text edits on block YAML computed from the manifest model's offsets, keeping the file's indentation.
import { resolveScalar } from '../manifest/kubectl-scalars';
import { type ReadonlyJsonValue, isJsonObject } from '@kubesim/engine';
import { locate, type ManifestObject } from '../manifest/manifest-document';
import type { PathSegment } from '../manifest/yaml-path';
import type { TextReplacement } from './check-context';
import { valueAt } from './label-selector';

/** One `key: value` line to add; the value is already YAML text (see `yamlScalar`). */
interface MapEntry {
  key: string;
  value: string;
}

/** A plain scalar when kubectl reads it back as the same string (kubectl-scalars.ts), else a double-quoted one. */
export function yamlScalar(text: string): string {
  if (text === '' || /^[\s]|[\s]$|[:#{}[\],&*!|>'"%@`]/.test(text)) return JSON.stringify(text);
  const { tag, value } = resolveScalar(text, 'plain');
  return (tag === '!!str' || tag === '!!timestamp') && value === text ? text : JSON.stringify(text);
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Column of `offset` within its line. */
function columnOf(text: string, offset: number): number {
  return offset - lineStartOf(text, offset);
}

/** True when only spaces precede `offset` on its line (a block-style key). */
function startsLine(text: string, offset: number): boolean {
  return /^ *$/.test(text.slice(lineStartOf(text, offset), offset));
}

/** Offset just after the line holding `offset - 1` (the line of a node that ends at `offset`). */
function afterLineOf(text: string, end: number): number {
  if (end > 0 && text[end - 1] === '\n') return end;
  const newline = text.indexOf('\n', end);
  return newline === -1 ? text.length : newline + 1;
}

/** Replaces the value at `path` (which must exist) with `newText`. */
export function replaceValue(object: ManifestObject, path: readonly PathSegment[], newText: string): TextReplacement | undefined {
  const location = locate(object, path);
  if (location.depth !== path.length || !location.value || !location.key) return undefined;
  const text = object.document.text;
  const base = object.document.start;
  const current = text.slice(location.value.start - base, location.value.end - base);
  // A missing value (`key:` alone) resolves to the key's span: insert after the colon instead.
  if (location.value.start === location.key.start) {
    const colon = text.indexOf(':', location.key.end - base);
    return colon < 0 ? undefined : { start: base + colon + 1, end: base + colon + 1, newText: ` ${newText}` };
  }
  if (/\n/.test(current.trimEnd())) return undefined;
  return { start: location.value.start, end: location.value.start + current.trimEnd().length, newText };
}

/**
 * Adds entries to the block map at `mapPath`, creating the missing tail of the path under its
 * deepest existing parent. Returns undefined for flow-style or empty parents (no safe edit).
 */
export function insertMapEntries(object: ManifestObject, mapPath: readonly PathSegment[], entries: readonly MapEntry[]): TextReplacement | undefined {
  const text = object.document.text;
  const base = object.document.start;
  for (let depth = mapPath.length; depth >= 0; depth--) {
    const parentPath = mapPath.slice(0, depth);
    const parentValue = depth === 0 ? object.value : valueAt(object.value, parentPath);
    if (parentValue === undefined) continue;
    if (!isJsonObject(parentValue) || Object.keys(parentValue).length === 0) return undefined;
    const keys = Object.keys(parentValue);
    const first = locate(object, [...parentPath, keys[0]!]).key;
    const last = locate(object, [...parentPath, keys[keys.length - 1]!]);
    const lastEnd = last.value ?? last.key;
    if (!first || !lastEnd || !startsLine(text, first.start - base)) return undefined;
    const column = columnOf(text, first.start - base);
    const unit = indentUnit(object);
    const missing = mapPath.slice(depth).map(String);
    const lines: string[] = missing.map((key, i) => `${' '.repeat(column + i * unit)}${yamlScalar(key)}:`);
    const entryIndent = ' '.repeat(column + missing.length * unit);
    for (const entry of entries) lines.push(`${entryIndent}${yamlScalar(entry.key)}: ${entry.value}`);
    const at = afterLineOf(text, lastEnd.end - base);
    const prefix = at === text.length && !text.endsWith('\n') ? '\n' : '';
    return { start: base + at, end: base + at, newText: `${prefix}${lines.join('\n')}\n` };
  }
  return undefined;
}

/** Removes the `key: value` entry at `path` from a block map, with the lines its value spans. */
export function removeEntry(object: ManifestObject, path: readonly PathSegment[]): TextReplacement | undefined {
  const location = locate(object, path);
  if (location.depth !== path.length || !location.key) return undefined;
  const text = object.document.text;
  const base = object.document.start;
  if (!startsLine(text, location.key.start - base)) return undefined;
  const start = lineStartOf(text, location.key.start - base);
  const end = afterLineOf(text, (location.value ?? location.key).end - base);
  return { start: base + start, end: base + end, newText: '' };
}

/** Spaces per nesting level in this object's source (2 unless the file shows otherwise). */
function indentUnit(object: ManifestObject): number {
  const text = object.document.text;
  const base = object.document.start;
  for (const parent of ['metadata', 'spec']) {
    const parentValue = valueAt(object.value, [parent]);
    const parentKey = locate(object, [parent]).key;
    if (!isJsonObject(parentValue) || !parentKey) continue;
    const firstChild = Object.keys(parentValue)[0];
    const childKey = firstChild === undefined ? undefined : locate(object, [parent, firstChild]).key;
    if (!childKey || !startsLine(text, childKey.start - base)) continue;
    const unit = columnOf(text, childKey.start - base) - columnOf(text, parentKey.start - base);
    if (unit > 0) return unit;
  }
  return 2;
}

/** Renders a label map as indented block lines (for new documents). */
export function blockMapLines(map: Record<string, ReadonlyJsonValue>, indent: string): string[] {
  return Object.entries(map).map(([key, value]) => `${indent}${yamlScalar(key)}: ${yamlScalar(String(value))}`);
}
