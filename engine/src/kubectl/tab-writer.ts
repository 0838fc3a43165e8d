// Go text/tabwriter column-block alignment (no flags), for kubectl describe output: a column block
// is a run of consecutive lines that all have a tab-terminated cell in that column.

/** Aligns `text` (cells separated by tabs, lines by newlines) like tabwriter.NewWriter(out, minWidth, 8, padding, ' ', 0). */
export function alignTabs(text: string, minWidth = 0, padding = 2): string {
  const trailingNewline = text.endsWith('\n');
  const lines = (trailingNewline ? text.slice(0, -1) : text).split('\n').map((line) => line.split('\t'));
  const widths: number[] = [];
  const out: string[] = [];
  const writeLines = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const cells = lines[i];
      out.push(cells.map((cell, column) => (column < cells.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell)).join(''));
    }
  };
  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    let start = line0;
    for (let current = line0; current < line1; current++) {
      if (column >= lines[current].length - 1) continue;
      writeLines(start, current);
      start = current;
      let width = minWidth;
      let end = current;
      for (; end < line1; end++) {
        const cells = lines[end];
        if (column >= cells.length - 1) break;
        width = Math.max(width, cells[column].length + padding);
      }
      widths.push(width);
      format(start, end);
      widths.pop();
      start = end;
      current = end - 1;
    }
    writeLines(start, line1);
  };
  format(0, lines.length);
  return out.join('\n') + (trailingNewline ? '\n' : '');
}
