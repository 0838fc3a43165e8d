// Finds the template line that emitted a field of a rendered object. A template is YAML with Go
// template actions: its literal keys are followed by indentation (`spec:` > `template:` > `containers:`
// > the n-th `- ` item), and where the path leaves the literal keys the line that emitted the rest is
// the action inside that block (`{{- toYaml .Values.resources | nindent 12 }}`, an `include`). The
// values keys the emitting line reads (`.Values.image.tag`, or the `with` block's value for `.`) are
// returned with the rest of the path appended, for the values key to be found in the values files.
import type { PathSegment } from '@kubesim/engine';
import type { SourceSpan } from '../manifest/source-span';

/** One line of a template, as far as indentation tells. */
interface TemplateLine {
  readonly start: number;
  /** Where the key (or the content) starts and where the trimmed line ends. */
  readonly contentStart: number;
  readonly end: number;
  /** Column of the key or content (after `- `). */
  readonly indent: number;
  /** Column of the `- ` when the line starts a list item. */
  readonly dashIndent?: number;
  readonly key?: string;
  /** The text after `key:` (or the item's content). */
  readonly rest: string;
  /** Only template actions (`{{- if ... }}`, `{{- toYaml . | nindent 8 }}`): no YAML of its own. */
  readonly actionOnly: boolean;
  readonly blank: boolean;
}

const ACTION_ONLY = /^(?:\{\{[\s\S]*?\}\}\s*)+$/;
const KEY = /^(?:"([^"]*)"|'([^']*)'|([^\s:{#"'][^:#]*?|\{\{[^}]*\}\}))\s*:(?:\s|$)/;
const VALUES_REFERENCE = /\$?\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g;
const CALL = /\b(toYaml|include|tpl|template|toJson|range)\b|\.Values/;

/** Splits a template into lines with their keys and indentation. */
export function templateLines(text: string): TemplateLine[] {
  const lines: TemplateLine[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline < 0 ? text.length : newline;
    const raw = text.slice(start, lineEnd).replace(/\r$/, '');
    const trimmed = raw.trim();
    const leading = raw.length - raw.trimStart().length;
    const end = start + leading + trimmed.length;
    if (trimmed === '' || trimmed.startsWith('#')) {
      lines.push({ start, contentStart: start + leading, end, indent: leading, rest: '', actionOnly: false, blank: true });
    } else if (ACTION_ONLY.test(trimmed)) {
      lines.push({ start, contentStart: start + leading, end, indent: leading, rest: trimmed, actionOnly: true, blank: false });
    } else {
      let column = leading;
      let dashIndent: number | undefined;
      while (raw.startsWith('- ', column) || raw.slice(column) === '-') {
        dashIndent ??= column;
        column += 2;
        while (raw[column] === ' ') column++;
      }
      const content = raw.slice(column);
      const match = KEY.exec(content);
      const key = match ? (match[1] ?? match[2] ?? match[3] ?? '').trim() : undefined;
      const rest = match ? content.slice(match[0].length).trim() : content.trim();
      const line: TemplateLine = { start, contentStart: start + column, end, indent: column, rest, actionOnly: false, blank: false };
      lines.push({ ...line, ...(dashIndent !== undefined ? { dashIndent } : {}), ...(key !== undefined ? { key } : {}) });
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

/** Where a field came from in a template. */
interface TemplatePlace {
  readonly span: SourceSpan;
  /** How many segments of the path were found as literal keys and items. */
  readonly depth: number;
  /** The values key paths the emitting line reads, with the path's rest appended (through `toYaml`). */
  readonly valuesPaths: readonly (readonly (string | number)[])[];
  /** The line only copies one value (`replicas: {{ .Values.replicaCount }}`): the values key is where to fix it. */
  readonly copiesValue: boolean;
}

/** Asks whether an action line (an `include`, a `toYaml` of a values key) emits the path's next segment. */
export type CallEmits = (line: string, valuesPaths: readonly (readonly (string | number)[])[], rest: readonly PathSegment[]) => boolean;

function levelOf(line: TemplateLine): number {
  return line.dashIndent ?? line.indent;
}

/** The end of the block of the line at `index` whose own level is `level`: the next YAML line at or left of it. */
function blockEnd(lines: readonly TemplateLine[], index: number, level: number, limit: number): number {
  for (let next = index + 1; next < limit; next++) {
    const line = lines[next]!;
    if (!line.blank && !line.actionOnly && levelOf(line) <= level) return next;
  }
  return limit;
}

/**
 * Follows `path` (starting at the document's root) through `text`, a template that emitted one object
 * between lines `from` and `to` (a template may emit several documents). Never throws.
 */
export function placeInTemplate(
  text: string,
  path: readonly PathSegment[],
  range: { from: number; to: number } = { from: 0, to: Number.MAX_SAFE_INTEGER },
  callEmits: CallEmits = () => true,
): TemplatePlace {
  const lines = templateLines(text);
  let from = Math.max(0, range.from);
  let to = Math.min(lines.length, range.to);
  let current: number | undefined;
  let depth = 0;
  for (; depth < path.length; depth++) {
    const segment = path[depth]!;
    let found: number | undefined;
    if (typeof segment === 'number') {
      const items = indexesIn(lines, from, to).filter((index) => lines[index]!.dashIndent !== undefined);
      const dash = Math.min(...items.map((index) => lines[index]!.dashIndent!));
      const sameLevel = items.filter((index) => lines[index]!.dashIndent === dash);
      // Items written out one by one; a `range` or `toYaml` among them makes the count unknowable.
      const generated = indexesIn(lines, from, to).some(
        (index) => lines[index]!.actionOnly && (items.length === 0 || lines[index]!.indent <= dash) && /\b(range|toYaml|include)\b/.test(lines[index]!.rest),
      );
      found = generated ? undefined : sameLevel[segment];
      if (found !== undefined) {
        current = found;
        from = found;
        to = blockEnd(lines, found, dash, to);
        continue;
      }
    } else {
      const keyed = indexesIn(lines, from, to).filter((index) => lines[index]!.key !== undefined);
      const indent = Math.min(...keyed.map((index) => lines[index]!.indent));
      found = keyed.find((index) => lines[index]!.indent === indent && lines[index]!.key === segment);
      if (found !== undefined) {
        current = found;
        from = found + 1;
        to = blockEnd(lines, found, lines[found]!.indent, to);
        continue;
      }
    }
    // Not a literal key: the action in this block that emitted the rest.
    const rest = path.slice(depth);
    // Actions that print (`toYaml`, `include`, `{{ .Values.x }}`) before those that only steer (`with`, `if`, `range`).
    const actions = indexesIn(lines, from, to).filter((index) => lines[index]!.actionOnly && CALL.test(lines[index]!.rest));
    const steering = (index: number) => /^\{\{-?\s*(with|if|else|end|range)\b/.test(lines[index]!.rest);
    const calls = [...actions.filter((index) => !steering(index)), ...actions.filter(steering)];
    const withValues = (index: number) => valuesPathsOf(lines, index, from, rest);
    const call = calls.find((index) => callEmits(lines[index]!.rest, withValues(index), rest)) ?? (calls.length === 1 ? calls[0] : undefined);
    if (call !== undefined) return { span: spanOf(lines[call]!), depth, valuesPaths: withValues(call), copiesValue: false };
    break;
  }
  if (current === undefined) {
    const first = lines.slice(from, to).find((line) => !line.blank) ?? lines[0]!;
    return { span: spanOf(first), depth: 0, valuesPaths: [], copiesValue: false };
  }
  const line = lines[current]!;
  const rest = path.slice(depth);
  // A value written inline (`image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"`) is all on this line.
  const valuesPaths = depth === path.length || line.rest !== '' ? valuesPathsOf(lines, current, from, rest) : [];
  const copiesValue = valuesPaths.length === 1 && /^["']?\{\{-?\s*\$?\.Values\.[\w.]+\s*-?\}\}["']?$/.test(line.rest);
  return { span: spanOf(line), depth, valuesPaths, copiesValue };
}

function indexesIn(lines: readonly TemplateLine[], from: number, to: number): number[] {
  const result: number[] = [];
  for (let index = from; index < to && index < lines.length; index++) if (!lines[index]!.blank) result.push(index);
  return result;
}

function spanOf(line: TemplateLine): SourceSpan {
  return { start: line.contentStart, end: Math.max(line.end, line.contentStart + 1) };
}

/**
 * The values keys line `index` reads, each followed by `rest`: `.Values.a.b` written on it, or, for `.`
 * inside `{{- with .Values.a }}`, the `with`'s key.
 */
function valuesPathsOf(lines: readonly TemplateLine[], index: number, blockStart: number, rest: readonly PathSegment[]): (string | number)[][] {
  const line = lines[index]!;
  const text = line.actionOnly ? line.rest : `${line.key ?? ''}: ${line.rest}`;
  const paths = [...text.matchAll(VALUES_REFERENCE)].map((match) => [...match[1]!.slice(1).split('.'), ...rest]);
  if (paths.length > 0 || !/\{\{-?\s*(toYaml|toJson)\s+\.\s/.test(line.rest)) return paths;
  for (let previous = index - 1; previous >= Math.max(0, blockStart - 1); previous--) {
    const scope = /\{\{-?\s*with\s+\$?\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/.exec(lines[previous]!.rest);
    if (scope) return [[...scope[1]!.slice(1).split('.'), ...rest]];
  }
  return [];
}
