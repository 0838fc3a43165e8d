// Reads the plain YAML most manifests are written in (block maps and sequences, one-line plain and
// quoted scalars, literal block scalars, `{}` and `[]`, comments) straight into JSON values and a
// source tree, several times faster than building the `yaml` package's full AST. Anything outside
// that subset (anchors, tags, flow collections with content, folded or multi-line scalars, odd
// indentation, syntax errors) makes it give up, and the caller parses the document with `yaml`:
// the fast path only ever returns what the full reader (`yaml`, then yaml-to-json.ts) would: a
// differential test holds it to that.
import type { JsonObject, JsonValue } from '@kubesim/engine';
import { resolvePlainKey, resolvePlainScalar, UNRESOLVED } from './plain-scalar';
import type { SourceEntry, SourceMap, SourceNode, SourceRange, SourceSeq } from './source-tree';
import type { UnderConstruction } from './under-construction';

/** A document the fast reader understood: its value and source tree (offsets relative to the text). */
interface FastDocument {
  value: JsonObject;
  tree: SourceMap;
}

// Characters that make the reader give up at once: tabs, carriage returns, other control
// characters, YAML 1.1 line breaks (NEL, LS, PS), byte-order marks and surrogates.

const UNSUPPORTED_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/;
// Characters of the plain keys read here (labels and annotation keys included).
const KEY_CHARACTER = new Uint8Array(128);
for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-') KEY_CHARACTER[character.charCodeAt(0)] = 1;
const isKeyCharacter = (code: number) => code < 128 && KEY_CHARACTER[code] === 1;
const SPACE = 0x20;
const HASH = 0x23;
const DASH = 0x2d;
const COLON = 0x3a;
// First characters that start something other than a plain scalar (or one not worth the risk).
const INDICATORS = new Set('-?:,[]{}#&*!|>\'"%@`'.split('').map((character) => character.charCodeAt(0)));
const MAX_KEY_LENGTH = 1000;

class GiveUp extends Error {}

const giveUp = (): never => {
  throw new GiveUp();
};

/** The value and source tree of `text`, or undefined when it is outside the fast subset. */
export function readPlainManifest(text: string): FastDocument | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined;
  try {
    return new Reader(text).document();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

class Reader {
  /** Line starts; line i spans [starts[i], ends[i]) without its line break. */
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Spaces before the first character, or -1 for blank and comment-only lines. */
  private readonly indents: number[] = [];
  private line = 0;

  constructor(private readonly text: string) {
    let start = 0;
    while (start <= text.length) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      let column = start;
      while (column < end && text.charCodeAt(column) === SPACE) column++;
      this.starts.push(start);
      this.ends.push(end);
      this.indents.push(column === end || text.charCodeAt(column) === HASH ? -1 : column - start);
      if (newline === -1) break;
      start = newline + 1;
    }
  }

  document(): FastDocument {
    this.skipBlank();
    const text = this.text;
    if (this.line < this.starts.length && text.startsWith('---', this.starts[this.line]!)) {
      const after = this.starts[this.line]! + 3;
      this.expectLineEnd(after, this.ends[this.line]!);
      this.line++;
      this.skipBlank();
    }
    if (this.line >= this.starts.length || this.indents[this.line] !== 0) giveUp();
    const root = this.blockMap(0, this.starts[this.line]!);
    if (this.line < this.starts.length) giveUp();
    return { value: root.value, tree: root.node };
  }

  // Moves to the next line with content (not blank, not only a comment).
  private skipBlank(): void {
    while (this.line < this.indents.length && this.indents[this.line] === -1) this.line++;
  }

  private nextContentLine(): number {
    this.skipBlank();
    return this.line;
  }

  /**
   * Where a map or sequence at `indent` ends, its last value ending at `valueEnd`. Comment lines
   * after the last value belong to it unless every one of them is less indented than it (or it
   * sits at column 0): then they move outwards, as in the `yaml` parser's pop(). A collection that
   * keeps them ends where the next token starts (or at the end of the text).
   */
  private collectionEnd(indent: number, valueEnd: number): number {
    let line = this.lineStartingAt(valueEnd);
    if (line < 0) return valueEnd;
    let lastComment = -1;
    let movesOut = true;
    for (; line < this.starts.length && this.indents[line] === -1; line++) {
      const width = this.leadingSpaces(line);
      if (this.starts[line]! + width === this.ends[line]) continue;
      lastComment = line;
      if (width >= indent) movesOut = false;
    }
    if (lastComment < 0 || indent === 0 || movesOut) return valueEnd;
    return line < this.starts.length ? this.starts[line]! + this.indents[line]! : this.text.length;
  }

  private lineStartingAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const start = this.starts[middle]!;
      if (start === offset) return middle;
      if (start < offset) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  // After a value: only spaces, then a comment (after at least one space) or the line's end.
  private expectLineEnd(from: number, end: number): void {
    let column = from;
    while (column < end && this.text.charCodeAt(column) === SPACE) column++;
    if (column === end || (this.text.charCodeAt(column) === HASH && column > from)) return;
    giveUp();
  }

  /** Offset just past the line break of `line` (or the text's end). */
  private lineEndWithBreak(line: number): number {
    const end = this.ends[line]!;
    return end < this.text.length ? end + 1 : end;
  }

  /**
   * A block map whose keys sit at `column` (offset of the first key in its line: a map that starts
   * after `- ` has its first key inside the line). Reads through the lines of its entries.
   */
  private blockMap(indent: number, firstKey: number): { value: JsonObject; node: SourceMap } {
    const value: JsonObject = {};
    const entries: SourceEntry[] = [];
    const node: UnderConstruction<SourceMap> = { type: 'map', range: [firstKey, firstKey, firstKey], entries };
    let keyStart = firstKey;
    let lastValueEnd = firstKey;
    for (;;) {
      const line = this.line;
      const lineEnd = this.ends[line]!;
      const key = this.readKey(keyStart, lineEnd, indent);
      // Duplicate keys get a warning from the full reader.
      if (Object.prototype.hasOwnProperty.call(value, key.text) || key.text === '__proto__') giveUp();
      const read = this.mapValue(key.colon + 1, line, indent);
      value[key.text] = read.value;
      entries.push({ key: key.text, label: key.text, keyRange: [keyStart, key.colon, key.colon], value: read.node });
      lastValueEnd = read.node.range![2];
      const next = this.nextContentLine();
      if (next >= this.starts.length || this.indents[next]! < indent) break;
      if (this.indents[next]! > indent) giveUp();
      keyStart = this.starts[next]! + indent;
    }
    node.range = [firstKey, lastValueEnd, this.collectionEnd(indent, lastValueEnd)];
    return { value, node };
  }

  private readKey(start: number, lineEnd: number, indent: number): { text: string; colon: number } {
    const text = this.text;
    if (indent === 0 && text.startsWith('...', start)) giveUp();
    const first = text.charCodeAt(start);
    if (first === DASH) giveUp();
    let column = start;
    while (column < lineEnd && column - start <= MAX_KEY_LENGTH && isKeyCharacter(text.charCodeAt(column))) column++;
    if (column === start || column >= lineEnd || text.charCodeAt(column) !== COLON) giveUp();
    if (column + 1 < lineEnd && text.charCodeAt(column + 1) !== SPACE) giveUp();
    // kubectl's JSON key: `on` is "true", `0x10` is "16"; a null key (`~`) stops kubectl.
    const keyText = resolvePlainKey(text.slice(start, column));
    if (keyText === UNRESOLVED) return giveUp();
    return { text: keyText, colon: column };
  }

  /** The value after `key:` (at `from`), inline or on the following lines. */
  private mapValue(from: number, line: number, indent: number): { value: JsonValue; node: SourceNode } {
    const text = this.text;
    const lineEnd = this.ends[line]!;
    let column = from;
    while (column < lineEnd && text.charCodeAt(column) === SPACE) column++;
    if (column < lineEnd && !(text.charCodeAt(column) === HASH && column > from)) {
      this.line = line + 1;
      return this.inlineValue(column, line, indent);
    }
    this.line = line + 1;
    const next = this.nextContentLine();
    if (next < this.starts.length) {
      const nextIndent = this.indents[next]!;
      const nextStart = this.starts[next]! + nextIndent;
      const isItem = text.charCodeAt(nextStart) === DASH && (nextStart + 1 === this.ends[next] || text.charCodeAt(nextStart + 1) === SPACE);
      if (nextIndent > indent) return isItem ? this.blockSeq(nextIndent) : this.blockMap(nextIndent, nextStart);
      if (nextIndent === indent && isItem) return this.blockSeq(nextIndent);
    }
    // An empty value is null; where `yaml` places it depends on what follows: left to `yaml`.
    return giveUp();
  }

  /** Items `- …` at `indent`; ends at a line that is less indented or not an item. */
  private blockSeq(indent: number): { value: JsonValue[]; node: SourceSeq } {
    const text = this.text;
    const value: JsonValue[] = [];
    const first = this.starts[this.line]! + indent;
    const items: (SourceNode | undefined)[] = [];
    const node: UnderConstruction<SourceSeq> = { type: 'seq', range: [first, first, first], items };
    let lastValueEnd = first;
    for (;;) {
      const line = this.line;
      const dash = this.starts[line]! + indent;
      const lineEnd = this.ends[line]!;
      let column = dash + 1;
      while (column < lineEnd && text.charCodeAt(column) === SPACE) column++;
      if (
        column >= lineEnd ||
        text.charCodeAt(column) === HASH ||
        (text.charCodeAt(column) === DASH && (column + 1 === lineEnd || text.charCodeAt(column + 1) === SPACE))
      ) {
        // Nested content on the next lines, an empty item or a compact nested sequence.
        giveUp();
      }
      const item = this.startsKey(column, lineEnd)
        ? this.blockMap(column - this.starts[line]!, column)
        : ((this.line = line + 1), this.inlineValue(column, line, indent));
      value.push(item.value);
      items.push(item.node);
      lastValueEnd = item.node.range![2];
      const next = this.nextContentLine();
      if (next >= this.starts.length || this.indents[next]! < indent) break;
      if (this.indents[next]! > indent) giveUp();
      const nextDash = this.starts[next]! + indent;
      if (text.charCodeAt(nextDash) !== DASH || !(nextDash + 1 === this.ends[next] || text.charCodeAt(nextDash + 1) === SPACE)) break;
    }
    node.range = [first, lastValueEnd, this.collectionEnd(indent, lastValueEnd)];
    return { value, node };
  }

  // A `key:` at `column` (the start of a compact map inside a sequence item).
  private startsKey(column: number, lineEnd: number): boolean {
    const text = this.text;
    let end = column;
    while (end < lineEnd && isKeyCharacter(text.charCodeAt(end))) end++;
    return end > column && end < lineEnd && text.charCodeAt(end) === COLON && (end + 1 === lineEnd || text.charCodeAt(end + 1) === SPACE);
  }

  /**
   * A value that starts at `column` of `line` (already consumed): a scalar on this line or a
   * literal block scalar. `indent` is the indentation of the map or sequence that holds it.
   */
  private inlineValue(column: number, line: number, indent: number): { value: JsonValue; node: SourceNode } {
    const text = this.text;
    const lineEnd = this.ends[line]!;
    const first = text.charCodeAt(column);
    let value: JsonValue;
    let valueEnd: number;
    if (first === 0x7c /* | */) return this.literalScalar(column, line, indent);
    if (first === 0x22 /* " */) {
      const close = text.indexOf('"', column + 1);
      if (close < 0 || close >= lineEnd) giveUp();
      const content = text.slice(column + 1, close);
      if (content.includes('\\')) giveUp();
      value = content;
      valueEnd = close + 1;
    } else if (first === 0x27 /* ' */) {
      let close = column + 1;
      for (;;) {
        close = text.indexOf("'", close);
        if (close < 0 || close >= lineEnd) giveUp();
        if (text.charCodeAt(close + 1) !== 0x27) break;
        close += 2;
      }
      value = text.slice(column + 1, close).replace(/''/g, "'");
      valueEnd = close + 1;
    } else if ((first === 0x7b /* { */ && text.charCodeAt(column + 1) === 0x7d) || (first === 0x5b /* [ */ && text.charCodeAt(column + 1) === 0x5d)) {
      value = first === 0x7b ? {} : [];
      valueEnd = column + 2;
      this.expectLineEnd(valueEnd, lineEnd);
      const end = this.lineEndWithBreak(line);
      this.expectNothingDeeper(indent);
      const range: SourceRange = [column, valueEnd, end];
      return first === 0x7b ? { value, node: { type: 'map', range, entries: [] } } : { value, node: { type: 'seq', range, items: [] } };
    } else {
      if (INDICATORS.has(first) && !(first === DASH && column + 1 < lineEnd && text.charCodeAt(column + 1) !== SPACE)) giveUp();
      let end = column;
      while (end < lineEnd && !(text.charCodeAt(end) === HASH && text.charCodeAt(end - 1) === SPACE)) end++;
      while (end > column && text.charCodeAt(end - 1) === SPACE) end--;
      const source = text.slice(column, end);
      if (source.endsWith(':') || source.includes(': ')) giveUp();
      const resolved = resolvePlainScalar(source);
      if (resolved === UNRESOLVED) giveUp();
      value = resolved as JsonValue;
      valueEnd = end;
    }
    this.expectLineEnd(valueEnd, lineEnd);
    this.expectNothingDeeper(indent);
    return { value, node: { type: 'leaf', range: [column, valueEnd, this.lineEndWithBreak(line)] } };
  }

  // A one-line value may not be followed by more-indented lines (a multi-line scalar, or an error).
  private expectNothingDeeper(indent: number): void {
    const line = this.line;
    if (line < this.starts.length && this.indents[line] === -1) {
      // A more-indented comment right after a value: leave such layouts to `yaml`.
      let probe = line;
      while (probe < this.starts.length && this.indents[probe] === -1) {
        const start = this.starts[probe]!;
        const end = this.ends[probe]!;
        let column = start;
        while (column < end && this.text.charCodeAt(column) === SPACE) column++;
        if (column < end && column - start > indent) giveUp();
        probe++;
      }
    }
    const next = this.nextContentLine();
    if (next < this.starts.length && this.indents[next]! > indent) giveUp();
  }

  // `|`, `|-` or `|+` and the more-indented lines that follow.
  private literalScalar(column: number, line: number, indent: number): { value: string; node: SourceNode } {
    const text = this.text;
    const lineEnd = this.ends[line]!;
    let header = column + 1;
    const chomp = text[header] === '-' || text[header] === '+' ? text[header++] : '';
    this.expectLineEnd(header, lineEnd);
    let contentIndent = -1;
    let probe = line + 1;
    // The first non-blank line sets the indentation; blank lines before it may not be longer.
    let longestLeadingBlank = 0;
    for (; probe < this.starts.length; probe++) {
      const width = this.leadingSpaces(probe);
      if (this.starts[probe]! + width === this.ends[probe]) longestLeadingBlank = Math.max(longestLeadingBlank, width);
      else {
        contentIndent = width;
        break;
      }
    }
    if (contentIndent <= indent || longestLeadingBlank > contentIndent) giveUp();
    const lines: string[] = [];
    let lastContent = line;
    let end = line + 1;
    for (; end < this.starts.length; end++) {
      const width = this.leadingSpaces(end);
      const blank = this.starts[end]! + width === this.ends[end];
      if (blank) {
        if (width > contentIndent) giveUp();
        lines.push('');
        continue;
      }
      if (width < contentIndent) break;
      lines.push(text.slice(this.starts[end]! + contentIndent, this.ends[end]));
      lastContent = end;
    }
    if (this.ends[lastContent] === text.length) giveUp();
    const contentLines = lines.slice(0, lastContent - line);
    let value = contentLines.join('\n');
    let rangeEnd = this.lineEndWithBreak(lastContent);
    if (chomp === '') value += '\n';
    else if (chomp === '+') {
      const trailing = lines.length - contentLines.length;
      if (end >= this.starts.length && trailing > 0) giveUp();
      value += '\n'.repeat(1 + trailing);
      rangeEnd = end < this.starts.length ? this.starts[end]! : text.length;
    }
    this.line = end;
    this.expectNothingDeeper(indent);
    return { value, node: { type: 'leaf', range: [column, rangeEnd, rangeEnd] } };
  }

  private leadingSpaces(line: number): number {
    const start = this.starts[line]!;
    const end = this.ends[line]!;
    let column = start;
    while (column < end && this.text.charCodeAt(column) === SPACE) column++;
    return column - start;
  }
}
