// Helm for an editor session: which chart a file belongs to, one cached check per chart (rendered again
// only when one of its files, its values files or the cluster changed) and the findings each file gets.
// Knows nothing of LSP, timers or processes: the front-end brings the helm run, or why there is none.
import { existsSync } from 'node:fs';
import { clusterSpecKey, type ClusterSpec, type PathSegment } from '@kubesim/engine';
import type { PlacedFinding } from '../kustomize/check-kustomization';
import type { KustomizeHost } from '../kustomize/kustomization-tree';
import { HelmChartLookup } from '../workspace/helm-chart';
import { chartToRender, checkHelmChart, type HelmCheckResult, type HelmUnavailable } from './chart-check';
import { chartFilesOf, type ChartDeclaration } from './helm-chart-model';
import { valuesSourcesOf, valuesKeyPlace } from './helm-error';
import type { HelmRun } from './render-chart';
import { placeInTemplate } from './template-place';
import { valuesPathAt } from './values-keys';

/** The last check of one chart and its inputs. */
interface ChartCheck {
  readonly result: HelmCheckResult;
  readonly inputs: string;
}

/** A rendered field a values key sets: the object and the field's path, for a hover. */
interface ValuesKeyUse {
  readonly kind: string;
  readonly name: string;
  readonly field: string;
}

/** Renders charts on demand for an editor; one check per chart root, reused while its inputs are the same. */
export class HelmSession {
  private lookup = new HelmChartLookup();
  private readonly checks = new Map<string, ChartCheck>();

  constructor(
    private readonly host: KustomizeHost,
    private run: HelmRun | HelmUnavailable,
  ) {}

  /** Sets how helm runs (after the server found it), or why it does not; every chart is checked again when next asked. */
  setRun(run: HelmRun | HelmUnavailable): void {
    this.run = run;
    this.checks.clear();
  }

  /** A Chart.yaml came or went: which folders are charts is asked of the disk again. */
  forgetChartLayout(): void {
    this.lookup = new HelmChartLookup();
  }

  /**
   * The charts whose renderings read `path`: the chart it lies in, else the charts checked so far that are
   * rendered with it as a values file (a `.kubesim.yaml` may name values files outside the chart's folder).
   */
  chartsReading(path: string): string[] {
    const root = this.chartOf(path);
    if (root !== undefined) return [root];
    return [...this.checks]
      .filter(([, check]) => check.result.renderings.some((rendered) => rendered.valuesSet.valuesFiles.includes(path)))
      .map(([key]) => key);
  }

  /** The chart rendered for a file of a chart (a subchart's parent), or undefined outside any chart. */
  chartOf(path: string): string | undefined {
    const root = this.lookup.chartRootOf(path);
    return root === undefined ? undefined : chartToRender(root, existsSync);
  }

  private inputsOf(root: string, cluster: ClusterSpec, declared: ChartDeclaration | undefined, extraApiVersions: readonly string[]): string {
    const files = chartFilesOf(root) ?? [];
    const texts = files.map((path) => `${path}\u0000${/\.(ya?ml|tpl|json|txt)$/.test(path) ? (this.host.readText(path) ?? '') : ''}`);
    const values = (declared?.values ?? []).map((path) => `${path}\u0000${this.host.readText(path) ?? ''}`);
    const run = typeof this.run === 'string' ? this.run : 'run';
    return [...texts, ...values, clusterSpecKey(cluster), JSON.stringify(declared ?? null), run, extraApiVersions.join(',')].join('\u0001');
  }

  /**
   * Checks `root` unless nothing it reads changed; returns the check and whether it is new. `extraApiVersions`
   * are the workspace CRDs' group versions for helm's `--api-versions` (crdApiVersionsOf).
   */
  async check(
    root: string,
    cluster: ClusterSpec,
    flags?: ChartDeclaration,
    extraApiVersions: readonly string[] = [],
  ): Promise<{ result: HelmCheckResult; isNew: boolean }> {
    // The values files a `.kubesim.yaml` declares are inputs too.
    const declared = flags ?? cluster.declared.helmCharts?.[root];
    const inputs = this.inputsOf(root, cluster, declared, extraApiVersions);
    const previous = this.checks.get(root);
    if (previous && previous.inputs === inputs) return { result: previous.result, isNew: false };
    const result = await checkHelmChart({ host: this.host, root, cluster, run: this.run, extraApiVersions, ...(declared ? { declared } : {}) });
    this.checks.set(root, { result, inputs });
    return { result, isNew: true };
  }

  /** The last check of every chart checked so far. */
  results(): HelmCheckResult[] {
    return [...this.checks.values()].map((check) => check.result);
  }

  /** The last check of a chart, if any. */
  resultOf(root: string): HelmCheckResult | undefined {
    return this.checks.get(root)?.result;
  }

  /** Findings the last checks of the charts reading `path` placed in it. */
  findingsFor(path: string): PlacedFinding[] {
    return this.chartsReading(path).flatMap((root) => (this.checks.get(root)?.result.findings ?? []).filter((placed) => placed.path === path));
  }

  /** The rendered fields the values key at `offset` of a values file sets (`image.tag` -> a Deployment's container image). */
  valuesKeyUses(path: string, text: string, offset: number): { key: string; uses: ValuesKeyUse[] } | undefined {
    const root = this.chartsReading(path)[0];
    const result = root === undefined ? undefined : this.checks.get(root)?.result;
    const key = valuesPathAt(text, offset);
    if (!result || key.length === 0) return undefined;
    const uses: ValuesKeyUse[] = [];
    const seen = new Set<string>();
    for (const rendered of result.renderings) {
      if (rendered.valuesSet.valuesFiles.length > 0 && !rendered.valuesSet.valuesFiles.includes(path)) continue;
      for (const entry of rendered.objects) {
        const templateText = entry.templatePath === undefined ? undefined : this.host.readText(entry.templatePath);
        if (templateText === undefined) continue;
        const sources = valuesSourcesOf(result.chart!, rendered.valuesSet, entry.templatePath);
        for (const field of leafPaths(entry.object.value, [])) {
          const place = placeInTemplate(templateText, [...entry.object.basePath, ...field]);
          const reads = place.valuesPaths.some((valuesPath) => {
            const found = valuesKeyPlace(sources, valuesPath, this.host);
            return found?.path === path && found.written.length >= key.length && key.every((segment, at) => String(found.written[at]) === segment);
          });
          const text = fieldText(field);
          const id = `${entry.object.kind}/${entry.object.name}/${text}`;
          if (reads && !seen.has(id) && uses.length < 20) {
            seen.add(id);
            uses.push({ kind: entry.object.kind, name: entry.object.name ?? '', field: text });
          }
        }
      }
    }
    return { key: key.join('.'), uses };
  }
}

/** Every scalar's path in a value (lists by index). */
function leafPaths(value: unknown, prefix: PathSegment[]): PathSegment[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...prefix, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  return [prefix];
}

/** `spec.template.spec.containers[0].image`. */
function fieldText(path: readonly PathSegment[]): string {
  return path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
}
