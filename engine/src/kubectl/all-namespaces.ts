// `kubectl get KIND -A`: one table over every namespace with NAMESPACE as its first column, as the
// human-readable printer adds it when listing across namespaces (kubectl pkg/cmd/get, HumanPrintFlags
// WithNamespace; printers.go decorates each row with the object's namespace). The API lists objects by
// key, `<namespace>/<name>`, so the rows come namespace by namespace, each namespace's in its own order.
import { formatTable, GET_LAYOUT } from './text-table';

/** One namespace's table, as the namespaced printer wrote it (GET_LAYOUT), or its `No resources found` line. */
interface NamespaceTable {
  namespace: string;
  output: string;
}

/** The cells of a GET_LAYOUT table: columns start where the header's cells start (cells are padded to a common width). */
function tableCells(output: string): string[][] {
  const [header, ...rows] = output.split('\n');
  const starts: number[] = [];
  const cell = /\S+(?: \S+)*/g;
  for (let match = cell.exec(header); match; match = cell.exec(header)) starts.push(match.index);
  return [header, ...rows].map((line) =>
    starts.map((start, index) => (index === starts.length - 1 ? line.slice(start) : line.slice(start, starts[index + 1])).trimEnd()),
  );
}

/** The `-A` table of the namespaces' tables, or kubectl's `No resources found` when every one is empty. */
export function mergeNamespaceTables(tables: readonly NamespaceTable[]): string {
  let header: string[] | undefined;
  const rows: string[][] = [];
  // The API server's warnings (`Warning: v1 Endpoints is deprecated ...`) come once, before the table.
  const warnings: string[] = [];
  for (const table of tables) {
    const lines = table.output.split('\n');
    while (lines[0]?.startsWith('Warning: ')) {
      const warning = lines.shift()!;
      if (!warnings.includes(warning)) warnings.push(warning);
    }
    const output = lines.join('\n');
    if (output === '' || output.startsWith('No resources found')) continue;
    const [own, ...cells] = tableCells(output);
    header ??= ['NAMESPACE', ...own];
    for (const row of cells) rows.push([table.namespace, ...row]);
  }
  return [...warnings, header ? formatTable([header, ...rows], GET_LAYOUT) : 'No resources found'].join('\n');
}
