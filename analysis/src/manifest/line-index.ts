// Turns byte offsets into 0-based line/character positions (LSP style) for the CLI.

/** A 0-based position, as LSP counts (UTF-16 code units within the line). */
export interface LinePosition {
  line: number;
  character: number;
}

/** Maps offsets of one text to line/character positions with a binary search over line starts. */
export class LineIndex {
  private readonly lineStarts: Int32Array;

  // Line breaks are \n, \r\n and a lone \r, as LSP counts them (and goyaml reads them).
  constructor(text: string) {
    // Most texts have no \r: two searches for \n (count, then fill a typed array) beat reading every character.
    if (!text.includes('\r')) {
      let count = 1;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
      this.lineStarts = new Int32Array(count);
      let line = 1;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts[line++] = i + 1;
      return;
    }
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
    this.lineStarts = Int32Array.from(starts);
  }

  positionAt(offset: number): LinePosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: offset - this.lineStarts[low]! };
  }
}
