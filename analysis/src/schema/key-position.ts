// Where a key is being typed, read from the lines above it: the field path of its parent, its siblings and the
// object's apiVersion and kind. Text, not the parse: a half-typed key is often no valid YAML yet.
import type { PathSegment } from '../manifest/yaml-path';

/** A key being typed: the path of the mapping it goes into, the keys already there, and the text it replaces. */
export interface KeyPosition {
  /** The object's `apiVersion` and `kind` as written at the top of its document (undefined when missing). */
  apiVersion?: string;
  kind?: string;
  /** The path of the mapping the key goes into; list items are `0` (any index reads the same schema). */
  path: PathSegment[];
  /** The keys the mapping already has, the one being typed aside. */
  siblings: Set<string>;
  /** The [start, end) offsets of the partial key. */
  start: number;
  end: number;
  /** The partial key typed so far. */
  prefix: string;
}

interface LineShape {
  /** Column of the line's `- ` when it starts a list item. */
  dash?: number;
  /** Column where the key (or scalar) starts, after indentation and dashes. */
  keyColumn: number;
  /** The key, when the line is `key:` or `key: value`. */
  key?: string;
}

const LINE = /^( *)((?:- +)*)(.*)$/;
const KEY = /^("[^"]*"|'[^']*'|[^\s#'"{[][^:#]*?)\s*:(?:\s|$)/;

function shapeOf(line: string): LineShape | undefined {
  const match = LINE.exec(line);
  if (!match) return undefined;
  const rest = match[3]!;
  if (rest === '' && match[2] === '') return undefined;
  if (rest.startsWith('#')) return undefined;
  const dashes = match[2]!;
  const dash = dashes === '' ? undefined : match[1]!.length + dashes.lastIndexOf('-');
  const key = KEY.exec(rest)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
  return { dash, keyColumn: match[1]!.length + dashes.length, key };
}

/** The key position at `offset`, or undefined when the cursor is not where a key is typed (a value, a comment). */
export function keyPositionAt(text: string, offset: number): KeyPosition | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const typed = /^( *)((?:- +)*)([\w./-]*)$/.exec(text.slice(lineStart, offset));
  if (!typed) return undefined;
  const lineEnd = text.indexOf('\n', offset) < 0 ? text.length : text.indexOf('\n', offset);
  const after = /^[\w./-]*/.exec(text.slice(offset, lineEnd))![0];
  const lines = documentLines(text, lineStart);
  const current: LineShape = {
    dash: typed[2] === '' ? undefined : typed[1]!.length + typed[2]!.lastIndexOf('-'),
    keyColumn: typed[1]!.length + typed[2]!.length,
  };
  const { path, siblings } = ancestorsOf(current, lines.before, lines.after);
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*["']?([^\\s"'#]+)`, 'm').exec(lines.documentText)?.[1];
  return {
    apiVersion: header('apiVersion'),
    kind: header('kind'),
    path,
    siblings,
    start: offset - typed[3]!.length,
    end: offset + after.length,
    prefix: typed[3]!,
  };
}

// The lines of the cursor's YAML document before the cursor's line (nearest first) and after it.
function documentLines(text: string, lineStart: number): { before: string[]; after: string[]; documentText: string } {
  const separator = /^---/gm;
  let start = 0;
  let end = text.length;
  for (let match = separator.exec(text); match; match = separator.exec(text)) {
    if (match.index < lineStart) start = text.indexOf('\n', match.index) + 1 || text.length;
    else if (match.index > lineStart) {
      end = match.index;
      break;
    }
  }
  const lineEnd = text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart);
  return {
    before: text
      .slice(start, Math.max(start, lineStart - 1))
      .split('\n')
      .reverse(),
    after: text.slice(Math.min(lineEnd + 1, end), end).split('\n'),
    documentText: text.slice(start, end),
  };
}

// Walks up the indentation: a shallower key is the parent; a `- ` at a shallower column is a list item.
function ancestorsOf(current: LineShape, before: readonly string[], after: readonly string[]): { path: PathSegment[]; siblings: Set<string> } {
  const path: PathSegment[] = [];
  const siblings = new Set<string>();
  let column = current.keyColumn;
  let itemDash = current.dash;
  let innermost = true;
  if (itemDash !== undefined) path.unshift(0);
  for (const line of before) {
    const shape = shapeOf(line);
    if (!shape) continue;
    if (itemDash === undefined) {
      if (shape.keyColumn > column) continue;
      if (shape.keyColumn === column) {
        if (innermost && shape.key !== undefined) siblings.add(shape.key);
        if (shape.dash !== undefined) {
          itemDash = shape.dash;
          path.unshift(0);
        }
        continue;
      }
    } else {
      // Looking for the key that holds the list: sibling items and their content are skipped.
      if (shape.dash === itemDash || shape.keyColumn > itemDash) continue;
      if (shape.keyColumn === itemDash && (shape.dash !== undefined || shape.key === undefined)) continue;
    }
    if (shape.key === undefined) break;
    innermost = false;
    path.unshift(shape.key);
    column = shape.keyColumn;
    itemDash = shape.dash;
    if (itemDash !== undefined) path.unshift(0);
  }
  for (const line of after) {
    const shape = shapeOf(line);
    if (!shape) continue;
    if (shape.keyColumn < current.keyColumn || (shape.dash !== undefined && shape.dash < current.keyColumn)) break;
    if (shape.keyColumn === current.keyColumn && shape.dash === undefined && shape.key !== undefined) siblings.add(shape.key);
  }
  return { path, siblings };
}
