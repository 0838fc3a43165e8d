// Turns byte offsets into 0-based line/character positions (LSP style) for the CLI.

/** A 0-based position, as LSP counts (UTF-16 code units within the line). */
export interface LinePosition {
  line: number;
  character: number;
}

/** Maps offsets of one text to line/character positions with a binary search over line starts. */
export class LineIndex {
  private readonly lineStarts: number[] = [0];

  // Line breaks are \n, \r\n and a lone \r, as LSP counts them (and goyaml reads them).
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1);
    }
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
