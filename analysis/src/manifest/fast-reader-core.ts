// The reader behind fast-reader.ts: one pass over the lines of a plain block YAML document that
// builds its JSON value and its source tree (of offset nodes, source-tree.ts). It allocates little besides what it
// returns: the line table is shared between reads (fast-reader-text.ts), each result is handed
// back through the reader's fields, and each collection's arrays are copied off a stack at their
// exact length once complete (an array grown by push keeps spare capacity for as long as it lives).
import type { JsonObject, JsonValue } from '@kubesim/engine';
import { BLANK, COLON, DASH, giveUp, HASH, INDICATORS, isKeyCharacter, QUOTE, readLines, SPACE, spacesBefore } from './fast-reader-text';
import { resolvePlainKeyAt, resolvePlainScalarAt, SCALAR_HASH_SEED, scalarHash, UNRESOLVED } from './plain-scalar';
import { OffsetEntry, OffsetLeaf, OffsetMap, OffsetSeq, type SourceEntry, type SourceNode } from './source-tree';

const MAX_KEY_LENGTH = 1000;

/** One reading of one text; `document()` throws GiveUp (or a RangeError when nested too deep) when the text is outside the subset. */
export class Reader {
  /** Lines in the text: line i spans [starts[i], starts[i + 1] - 1) without its line break. */
  private readonly count: number;
  private readonly starts: Int32Array;
  /** Spaces before the first character, or a negative BLANK / comment code (fast-reader-text.ts). */
  private readonly indents: Int32Array;
  private line = 0;
  /** The node of the value the last read returned, and where that node ends. */
  node: SourceNode = { type: 'leaf', range: undefined };
  nodeEnd = 0;
  /** The colon after the key the last readKey returned. */
  private colon = 0;
  // The entries, items and values of the collections being read; each takes its own off the top.
  private readonly entryStack: SourceEntry[] = [];
  private entryTop = 0;
  private readonly itemStack: SourceNode[] = [];
  private readonly valueStack: JsonValue[] = [];
  private itemTop = 0;

  constructor(private readonly text: string) {
    const lines = readLines(text);
    this.count = lines.count;
    this.starts = lines.starts;
    this.indents = lines.indents;
  }

  /** The document's value; its source tree is then `node`. */
  document(): JsonObject {
    this.skipBlank();
    const text = this.text;
    if (this.line < this.count && text.startsWith('---', this.starts[this.line]!)) {
      const after = this.starts[this.line]! + 3;
      this.expectLineEnd(after, this.lineEnd(this.line));
      this.line++;
      this.skipBlank();
    }
    if (this.line >= this.count || this.indents[this.line] !== 0) giveUp();
    const value = this.blockMap(0, this.starts[this.line]!);
    if (this.line < this.count) giveUp();
    return value;
  }

  private lineEnd(line: number): number {
    return this.starts[line + 1]! - 1;
  }

  // Moves to the next line with content (not blank, not only a comment).
  private skipBlank(): void {
    while (this.line < this.count && this.indents[this.line]! < 0) this.line++;
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
    for (; line < this.count && this.indents[line]! < 0; line++) {
      const code = this.indents[line]!;
      if (code === BLANK) continue;
      lastComment = line;
      if (spacesBefore(code) >= indent) movesOut = false;
    }
    if (lastComment < 0 || indent === 0 || movesOut) return valueEnd;
    return line < this.count ? this.starts[line]! + this.indents[line]! : this.text.length;
  }

  // The line that starts at `offset`, or -1. Values end at or before the current line: look back from it.
  private lineStartingAt(offset: number): number {
    let line = Math.min(this.line, this.count - 1);
    if (this.starts[line]! < offset) return -1;
    while (this.starts[line]! > offset) line--;
    return this.starts[line] === offset ? line : -1;
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
    return Math.min(this.starts[line + 1]!, this.text.length);
  }

  /**
   * A block map whose keys sit at `column` (offset of the first key in its line: a map that starts
   * after `- ` has its first key inside the line). Reads through the lines of its entries.
   */
  private blockMap(indent: number, firstKey: number): JsonObject {
    const value: JsonObject = {};
    const stack = this.entryStack;
    const base = this.entryTop;
    let keyStart = firstKey;
    let lastValueEnd = firstKey;
    for (;;) {
      const line = this.line;
      const key = this.readKey(keyStart, this.lineEnd(line), indent);
      const colon = this.colon;
      // Duplicate keys get a warning from the full reader.
      if (Object.prototype.hasOwnProperty.call(value, key) || key === '__proto__') giveUp();
      value[key] = this.mapValue(colon + 1, line, indent);
      stack[this.entryTop++] = new OffsetEntry(key, keyStart, colon, this.node);
      lastValueEnd = this.nodeEnd;
      const next = this.nextContentLine();
      if (next >= this.count || this.indents[next]! < indent) break;
      if (this.indents[next]! > indent) giveUp();
      keyStart = this.starts[next]! + indent;
    }
    const end = this.collectionEnd(indent, lastValueEnd);
    const entries = stack.slice(base, this.entryTop);
    this.entryTop = base;
    this.node = new OffsetMap(firstKey, lastValueEnd, end, entries);
    this.nodeEnd = end;
    return value;
  }

  // The JSON key of the plain key at `start` (its colon in this.colon).
  private readKey(start: number, lineEnd: number, indent: number): string {
    const text = this.text;
    if (indent === 0 && text.startsWith('...', start)) giveUp();
    const first = text.charCodeAt(start);
    if (first === DASH) giveUp();
    let column = start;
    let hash = SCALAR_HASH_SEED;
    for (; column < lineEnd && column - start <= MAX_KEY_LENGTH; column++) {
      const code = text.charCodeAt(column);
      if (!isKeyCharacter(code)) break;
      hash = scalarHash(hash, code);
    }
    if (column === start || column >= lineEnd || text.charCodeAt(column) !== COLON) giveUp();
    if (column + 1 < lineEnd && text.charCodeAt(column + 1) !== SPACE) giveUp();
    // kubectl's JSON key: `on` is "true", `0x10` is "16"; a null key (`~`) stops kubectl.
    const key = resolvePlainKeyAt(text, start, column, hash);
    if (key === UNRESOLVED) return giveUp();
    this.colon = column;
    return key;
  }

  /** The value after `key:` (at `from`), inline or on the following lines. */
  private mapValue(from: number, line: number, indent: number): JsonValue {
    const text = this.text;
    const lineEnd = this.lineEnd(line);
    let column = from;
    while (column < lineEnd && text.charCodeAt(column) === SPACE) column++;
    if (column < lineEnd && !(text.charCodeAt(column) === HASH && column > from)) {
      this.line = line + 1;
      return this.inlineValue(column, line, indent);
    }
    this.line = line + 1;
    const next = this.nextContentLine();
    if (next < this.count) {
      const nextIndent = this.indents[next]!;
      const nextStart = this.starts[next]! + nextIndent;
      const isItem = text.charCodeAt(nextStart) === DASH && (nextStart + 1 === this.lineEnd(next) || text.charCodeAt(nextStart + 1) === SPACE);
      if (nextIndent > indent) return isItem ? this.blockSeq(nextIndent) : this.blockMap(nextIndent, nextStart);
      if (nextIndent === indent && isItem) return this.blockSeq(nextIndent);
    }
    // An empty value is null; where `yaml` places it depends on what follows: left to `yaml`.
    return giveUp();
  }

  /** Items `- …` at `indent`; ends at a line that is less indented or not an item. */
  private blockSeq(indent: number): JsonValue[] {
    const text = this.text;
    const first = this.starts[this.line]! + indent;
    const items = this.itemStack;
    const values = this.valueStack;
    const base = this.itemTop;
    let lastValueEnd = first;
    for (;;) {
      const line = this.line;
      const dash = this.starts[line]! + indent;
      const lineEnd = this.lineEnd(line);
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
      let value: JsonValue;
      if (this.startsKey(column, lineEnd)) value = this.blockMap(column - this.starts[line]!, column);
      else {
        this.line = line + 1;
        value = this.inlineValue(column, line, indent);
      }
      items[this.itemTop] = this.node;
      values[this.itemTop++] = value;
      lastValueEnd = this.nodeEnd;
      const next = this.nextContentLine();
      if (next >= this.count || this.indents[next]! < indent) break;
      if (this.indents[next]! > indent) giveUp();
      const nextDash = this.starts[next]! + indent;
      if (text.charCodeAt(nextDash) !== DASH || !(nextDash + 1 === this.lineEnd(next) || text.charCodeAt(nextDash + 1) === SPACE)) break;
    }
    const value = values.slice(base, this.itemTop);
    const end = this.collectionEnd(indent, lastValueEnd);
    this.node = new OffsetSeq(first, lastValueEnd, end, items.slice(base, this.itemTop));
    this.itemTop = base;
    this.nodeEnd = end;
    return value;
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
  private inlineValue(column: number, line: number, indent: number): JsonValue {
    const text = this.text;
    const lineEnd = this.lineEnd(line);
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
    } else if (first === QUOTE) {
      let close = column + 1;
      let doubled = false;
      for (;;) {
        close = text.indexOf("'", close);
        if (close < 0 || close >= lineEnd) giveUp();
        if (text.charCodeAt(close + 1) !== QUOTE) break;
        doubled = true;
        close += 2;
      }
      value = doubled ? text.slice(column + 1, close).replace(/''/g, "'") : text.slice(column + 1, close);
      valueEnd = close + 1;
    } else if ((first === 0x7b /* { */ && text.charCodeAt(column + 1) === 0x7d) || (first === 0x5b /* [ */ && text.charCodeAt(column + 1) === 0x5d)) {
      valueEnd = column + 2;
      this.expectLineEnd(valueEnd, lineEnd);
      const end = this.lineEndWithBreak(line);
      this.expectNothingDeeper(indent);
      this.nodeEnd = end;
      if (first === 0x7b) {
        this.node = new OffsetMap(column, valueEnd, end, []);
        return {};
      }
      this.node = new OffsetSeq(column, valueEnd, end, []);
      return [];
    } else {
      if (first < 128 && INDICATORS[first] === 1 && !(first === DASH && column + 1 < lineEnd && text.charCodeAt(column + 1) !== SPACE)) giveUp();
      // The scalar runs to a comment (` #`) or the line's end; a `: ` inside it or a `:` at its end makes it a key.
      let end = column;
      let keyLike = false;
      // The hash of the characters up to the last one that is not a space: the scalar's, once trailing spaces are cut.
      let hash = SCALAR_HASH_SEED;
      let trimmedHash = hash;
      for (; end < lineEnd; end++) {
        const code = text.charCodeAt(end);
        if (code === HASH && text.charCodeAt(end - 1) === SPACE) break;
        if (code === COLON && (end + 1 === lineEnd || text.charCodeAt(end + 1) === SPACE)) keyLike = true;
        hash = scalarHash(hash, code);
        if (code !== SPACE) trimmedHash = hash;
      }
      if (keyLike) giveUp();
      while (end > column && text.charCodeAt(end - 1) === SPACE) end--;
      const resolved = resolvePlainScalarAt(text, column, end, trimmedHash);
      if (resolved === UNRESOLVED) giveUp();
      value = resolved as JsonValue;
      valueEnd = end;
    }
    this.expectLineEnd(valueEnd, lineEnd);
    this.expectNothingDeeper(indent);
    const end = this.lineEndWithBreak(line);
    this.node = new OffsetLeaf(column, valueEnd, end);
    this.nodeEnd = end;
    return value;
  }

  // A one-line value may not be followed by more-indented lines (a multi-line scalar, or an error).
  private expectNothingDeeper(indent: number): void {
    // A more-indented comment right after a value: leave such layouts to `yaml`.
    for (let line = this.line; line < this.count && this.indents[line]! < 0; line++) {
      const code = this.indents[line]!;
      if (code !== BLANK && spacesBefore(code) > indent) giveUp();
    }
    const next = this.nextContentLine();
    if (next < this.count && this.indents[next]! > indent) giveUp();
  }

  // `|`, `|-` or `|+` and the more-indented lines that follow.
  private literalScalar(column: number, line: number, indent: number): string {
    const text = this.text;
    const lineEnd = this.lineEnd(line);
    let header = column + 1;
    const chomp = text[header] === '-' || text[header] === '+' ? text[header++] : '';
    this.expectLineEnd(header, lineEnd);
    let contentIndent = -1;
    let probe = line + 1;
    // The first non-blank line sets the indentation; blank lines before it may not be longer.
    let longestLeadingBlank = 0;
    for (; probe < this.count; probe++) {
      const width = this.leadingSpaces(probe);
      if (this.starts[probe]! + width === this.lineEnd(probe)) longestLeadingBlank = Math.max(longestLeadingBlank, width);
      else {
        contentIndent = width;
        break;
      }
    }
    if (contentIndent <= indent || longestLeadingBlank > contentIndent) giveUp();
    const lines: string[] = [];
    let lastContent = line;
    let end = line + 1;
    for (; end < this.count; end++) {
      const width = this.leadingSpaces(end);
      const blank = this.starts[end]! + width === this.lineEnd(end);
      if (blank) {
        if (width > contentIndent) giveUp();
        lines.push('');
        continue;
      }
      if (width < contentIndent) break;
      lines.push(text.slice(this.starts[end]! + contentIndent, this.lineEnd(end)));
      lastContent = end;
    }
    if (this.lineEnd(lastContent) === text.length) giveUp();
    const contentLines = lines.slice(0, lastContent - line);
    let value = contentLines.join('\n');
    let rangeEnd = this.lineEndWithBreak(lastContent);
    if (chomp === '') value += '\n';
    else if (chomp === '+') {
      const trailing = lines.length - contentLines.length;
      if (end >= this.count && trailing > 0) giveUp();
      value += '\n'.repeat(1 + trailing);
      rangeEnd = end < this.count ? this.starts[end]! : text.length;
    }
    this.line = end;
    this.expectNothingDeeper(indent);
    this.node = new OffsetLeaf(column, rangeEnd, rangeEnd);
    this.nodeEnd = rangeEnd;
    return value;
  }

  // Spaces at the start of `line`, whatever follows them.
  private leadingSpaces(line: number): number {
    const code = this.indents[line]!;
    if (code !== BLANK) return code >= 0 ? code : spacesBefore(code);
    const start = this.starts[line]!;
    const end = this.lineEnd(line);
    let column = start;
    while (column < end && this.text.charCodeAt(column) === SPACE) column++;
    return column - start;
  }
}
