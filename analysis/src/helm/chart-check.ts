// The front door of Helm support: what a chart's files get (rendered by the real helm with each of its
// values sets, checked, findings placed on templates and values keys), and the rendered objects for
// other analyses (CRDs a chart installs). Front-ends bring the helm run (or none: untrusted, not found).
import { basename, dirname, join } from 'node:path';
import { isCustomResourceDefinition, type ClusterSpec, type CrdSourceObject } from '@kubesim/engine';
import type { PlacedFinding } from '../kustomize/check-kustomization';
import type { KustomizeHost } from '../kustomize/kustomization-tree';
import { checkRenderedChart } from './check-chart';
import { CHART_FILE, chartFilesOf, readHelmChart, valuesSetsOf, type ChartDeclaration, type HelmChart } from './helm-chart-model';
import { renderChart, type HelmRun, type RenderedChart } from './render-chart';

/** Why a chart is not rendered, when it is not: words for the note on Chart.yaml. */
export type HelmUnavailable = 'not-found' | 'untrusted';

/** One chart to check. */
export interface HelmCheckRequest {
  readonly host: KustomizeHost;
  /** The folder holding Chart.yaml (a subchart's parent is rendered instead: see chartToRender). */
  readonly root: string;
  readonly cluster: ClusterSpec;
  /** Runs `helm template`; a reason instead when no helm may run. */
  readonly run: HelmRun | HelmUnavailable;
  /** Values files, `--set` values, release name and namespace (a `.kubesim.yaml` or the command line); else the chart's own sets. */
  readonly declared?: ChartDeclaration;
  /** `group/version` (and `group/version/Kind`) of the workspace's CRDs, for `.Capabilities.APIVersions`. */
  readonly extraApiVersions?: readonly string[];
}

/** What checking a chart found: findings on its files (and the values files named), and each rendering. */
export interface HelmCheckResult {
  readonly chart?: HelmChart;
  readonly findings: readonly PlacedFinding[];
  readonly renderings: readonly RenderedChart[];
}

/**
 * The chart to render for a chart folder: a subchart vendored in its parent's `charts/` is rendered as
 * part of the parent (with the parent's values), so its parent is.
 */
export function chartToRender(root: string, exists: (path: string) => boolean): string {
  let chart = root;
  while (basename(dirname(chart)) === 'charts' && exists(join(dirname(dirname(chart)), CHART_FILE))) chart = dirname(dirname(chart));
  return chart;
}

/** Renders and checks one chart with each of its values sets; never throws for bad input. */
export async function checkHelmChart(request: HelmCheckRequest): Promise<HelmCheckResult> {
  const chart = readHelmChart(request.host, request.root);
  if (!chart) return { findings: [], renderings: [] };
  if (chart.type === 'library')
    return { chart, findings: [note(chart, 'is a library chart: it is checked through the charts that use it, not alone')], renderings: [] };
  if (typeof request.run === 'string') {
    const why =
      request.run === 'untrusted'
        ? 'is not rendered: the workspace is not trusted (helm runs no program of the chart, but kubesim starts none at all there)'
        : 'is not rendered: no helm found (set $KUBESIM_HELM or put helm on the PATH). Install helm to check this chart.';
    return { chart, findings: [note(chart, why)], renderings: [] };
  }
  // The command line's flags, else what the `.kubesim.yaml` above the chart declares for it.
  const declared = request.declared ?? request.cluster.declared.helmCharts?.[chart.root];
  const sets = valuesSetsOf(chart, chartFilesOf(chart.root) ?? [], declared);
  const renderings: RenderedChart[] = [];
  const findings: PlacedFinding[] = [];
  const seen = new Set<string>();
  for (const valuesSet of sets) {
    const rendered = await renderChart(request.host, chart, valuesSet, request.cluster, request.run, request.extraApiVersions);
    renderings.push(rendered);
    for (const placed of checkRenderedChart(rendered, request.host, request.cluster)) {
      // A template line wrong with every values set is reported once.
      const key = `${placed.path}|${placed.finding.start}|${placed.finding.end}|${placed.finding.code}|${placed.finding.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(placed);
    }
  }
  return { chart, findings, renderings };
}

/**
 * The CustomResourceDefinitions the charts render (their crds/ folders, helm's --include-crds, and templates),
 * each named by its chart's `# Source:` path, for the custom resources of other files. A chart rendered with
 * several values sets gives a CRD once per distinct rendering; the registry keeps the first of a group and kind.
 */
export function renderedCrdsOf(results: readonly HelmCheckResult[]): CrdSourceObject[] {
  const crds: CrdSourceObject[] = [];
  for (const result of results) {
    for (const rendering of result.renderings) {
      for (const entry of rendering.objects) {
        if (isCustomResourceDefinition(entry.object.value)) crds.push({ value: entry.object.value, source: entry.templatePath ?? entry.source });
      }
    }
  }
  return crds;
}

function note(chart: HelmChart, what: string): PlacedFinding {
  const end = chart.chartText.indexOf('\n');
  return {
    path: chart.chartPath,
    text: chart.chartText,
    finding: {
      start: 0,
      end: Math.max(1, end < 0 ? chart.chartText.length : end),
      severity: 'information',
      code: 'helm-chart-not-rendered',
      message: `Helm chart "${chart.name}" ${what}`,
      href: 'https://helm.sh/docs/helm/helm_template/',
    },
  };
}
