// Helm charts: a folder with Chart.yaml. Its templates are Go templates, not manifests: kubesim
// never checks them raw and never lets them feed cross-file findings, and says so once, on Chart.yaml.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CheckFinding } from '../checks/check-context';

const CHART_FILE = 'Chart.yaml';
const NOTE_CODE = 'helm-chart-not-rendered';

/** Finds the chart a path belongs to; remembers each folder's answer for the lifetime of the lookup. */
export class HelmChartLookup {
  private readonly roots = new Map<string, string | undefined>();

  /** The nearest folder at or above the file's folder that holds a Chart.yaml, or undefined. */
  chartRootOf(filePath: string): string | undefined {
    return this.rootOfFolder(dirname(filePath));
  }

  private rootOfFolder(folder: string): string | undefined {
    if (this.roots.has(folder)) return this.roots.get(folder);
    const parent = dirname(folder);
    const root = existsSync(join(folder, CHART_FILE)) ? folder : parent === folder ? undefined : this.rootOfFolder(parent);
    this.roots.set(folder, root);
    return root;
  }
}

/** The chart's name as Chart.yaml gives it (`name: web`), or its folder's name. */
function chartName(chartText: string, root: string): string {
  const match = /^name:\s*["']?([^"'#\s]+)/m.exec(chartText);
  return match?.[1] ?? basename(root);
}

/**
 * What kubesim reports on a file of a chart: nothing for templates, values and the rest, and one
 * note on the chart's own Chart.yaml; undefined for a file outside any chart.
 */
export function helmChartFindings(filePath: string, text: string, lookup: HelmChartLookup): CheckFinding[] | undefined {
  const root = lookup.chartRootOf(filePath);
  if (root === undefined) return undefined;
  if (filePath !== join(root, CHART_FILE)) return [];
  const firstLineEnd = text.indexOf('\n') < 0 ? text.length : text.indexOf('\n');
  return [
    {
      start: 0,
      end: Math.max(firstLineEnd, 0),
      severity: 'information',
      code: NOTE_CODE,
      message:
        `Helm chart "${chartName(text, root)}": kubesim does not render Helm templates, so the files of this chart (templates/, ` +
        'values, subcharts) are not checked and take no part in cross-file checks. Render it (helm template) and check the ' +
        'output to see what the API server would say.',
      href: 'https://helm.sh/docs/helm/helm_template/',
    },
  ];
}
