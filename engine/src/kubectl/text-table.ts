// Column alignment as Go's text/tabwriter does it for kubectl tables (every row has the same cells).

/** tabwriter settings: minimum cell width and padding added to the widest cell of a column. */
interface TableLayout {
  minWidth: number;
  padding: number;
}

/** `kubectl get` tables: printers.GetNewTabWriter (minwidth 6, padding 3). */
export const GET_LAYOUT: TableLayout = { minWidth: 6, padding: 3 };

/** Aligns rows: every column but the last is padded to max(width + padding, minWidth). */
export function formatTable(rows: string[][], layout: TableLayout): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      if (index === row.length - 1) return;
      widths[index] = Math.max(widths[index] ?? 0, Math.max(cell.length + layout.padding, layout.minWidth));
    });
  }
  return rows.map((row) => row.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index]))).join('')).join('\n');
}

/** HumanDuration from k8s.io/apimachinery/pkg/util/duration (what AGE columns print). */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) {
    const rest = seconds % 60;
    return rest === 0 ? `${minutes}m` : `${minutes}m${rest}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours}h` : `${hours}h${rest}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const rest = hours % 24;
    return rest === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${rest}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.floor(hours / 24) % 365;
    return days === 0 ? `${Math.floor(hours / 24 / 365)}y` : `${Math.floor(hours / 24 / 365)}y${days}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}
