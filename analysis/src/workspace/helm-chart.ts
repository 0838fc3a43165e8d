// Helm charts: a folder with Chart.yaml. Its templates are Go templates, not manifests: kubesim never
// checks them raw and never lets them feed cross-file findings; analysis/src/helm renders and checks them.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const CHART_FILE = 'Chart.yaml';

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
