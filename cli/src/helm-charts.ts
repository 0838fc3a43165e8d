// Sets the files of Helm charts apart before a CLI command reads manifests: templates are never
// checked raw, and each chart's Chart.yaml gets one note saying so.
import { resolve } from 'node:path';
import { LineIndex, HelmChartLookup, helmChartFindings, readManifestFileSync } from '@kubesim/analysis';
import type { FileDiagnostic } from './check-formats';

/** The files outside charts, and the notes on the charts' Chart.yaml files that were named. */
export function setChartsApart(paths: readonly string[]): { plainFiles: string[]; notes: FileDiagnostic[] } {
  const lookup = new HelmChartLookup();
  const plainFiles: string[] = [];
  const notes: FileDiagnostic[] = [];
  for (const path of paths) {
    if (lookup.chartRootOf(resolve(path)) === undefined) {
      plainFiles.push(path);
      continue;
    }
    let text: string;
    try {
      text = readManifestFileSync(path);
    } catch {
      // A chart file that cannot be read is not checked anyway.
      continue;
    }
    const lines = new LineIndex(text);
    for (const finding of helmChartFindings(resolve(path), text, lookup) ?? []) {
      notes.push({ file: path, range: { start: lines.positionAt(finding.start), end: lines.positionAt(finding.end) }, finding });
    }
  }
  return { plainFiles, notes };
}
