// Sets the files of Helm charts apart before a CLI command reads manifests: templates are never read as
// manifests nor indexed with the workspace (what is reported on a chart's files is analyzeDocument's call).
import { resolve } from 'node:path';
import { HelmChartLookup } from '@kubesim/analysis';

/** The files outside charts and those inside one, each in the order given. */
export function setChartsApart(paths: readonly string[], lookup = new HelmChartLookup()): { plainFiles: string[]; chartFiles: string[] } {
  const plainFiles: string[] = [];
  const chartFiles: string[] = [];
  for (const path of paths) (lookup.chartRootOf(resolve(path)) === undefined ? plainFiles : chartFiles).push(path);
  return { plainFiles, chartFiles };
}
