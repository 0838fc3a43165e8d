// Renders one chart with one values set through the real `helm template`, for the cluster kubesim
// simulates (`--kube-version`, `--api-versions`), and reads which template emitted each object.
import { goLayoutFor, type ClusterSpec } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { objectsOf, parseManifestFile, type ManifestFile } from '../manifest/manifest-file';
import type { KustomizeHost } from '../kustomize/kustomization-tree';
import { chartFilesOf, chartRelative, type ChartValuesSet, type HelmChart } from './helm-chart-model';
import { chartFileOf, locateHelmError, type HelmErrorLocation } from './helm-error';
import { HELM_MIRROR, type HelmMirrorFile, type HelmOutput, type HelmRunRequest } from './helm-process';

/** Runs one `helm template` (helm-process's runHelmTemplate, bound to a binary). */
export type HelmRun = (request: HelmRunRequest) => Promise<HelmOutput>;

/** One object of the output and the template that emitted it. */
export interface RenderedChartObject {
  readonly object: ManifestObject;
  /** The template file on disk (undefined for a packed subchart's template). */
  readonly templatePath?: string;
  /** helm's `# Source:` path, e.g. `webapp/templates/deployment.yaml`. */
  readonly source: string;
  /** Which of the documents that template emitted holds the object (0 for the first). */
  readonly documentInTemplate: number;
}

/** One rendering of a chart; kept across edits by the editor, so never mutated. */
export interface RenderedChart {
  readonly chart: HelmChart;
  readonly valuesSet: ChartValuesSet;
  readonly file?: ManifestFile;
  readonly objects: readonly RenderedChartObject[];
  readonly error?: HelmErrorLocation;
}

/** The arguments of `helm template` after the subcommand, the chart copied to `chart/` and values files to `values/N.yaml`. */
function helmTemplateArgs(valuesSet: ChartValuesSet, cluster: ClusterSpec, extraApiVersions: readonly string[]): string[] {
  const args = [valuesSet.releaseName, `${HELM_MIRROR}/chart`, '--namespace', valuesSet.namespace, '--kube-version', `v${cluster.version}.0`, '--include-crds'];
  for (const apiVersion of servedApiVersions(cluster, extraApiVersions)) args.push('--api-versions', apiVersion);
  valuesSet.valuesFiles.forEach((_file, index) => args.push('--values', `${HELM_MIRROR}/values/${index}.yaml`));
  for (const [key, value] of Object.entries(valuesSet.set)) args.push('--set', `${key}=${value}`);
  return args;
}

/**
 * What `.Capabilities.APIVersions` holds in the simulated cluster: every group version the release serves
 * and each `group/version/Kind` it serves (engine's go-layout tables), plus those the workspace's CRDs add.
 */
function servedApiVersions(cluster: ClusterSpec, extraApiVersions: readonly string[] = []): string[] {
  const resources = goLayoutFor(cluster.version).resources;
  const versions = new Set<string>();
  for (const [groupVersion, kinds] of Object.entries(resources)) {
    versions.add(groupVersion);
    for (const kind of Object.keys(kinds)) versions.add(`${groupVersion}/${kind}`);
  }
  for (const extra of extraApiVersions) versions.add(extra);
  return [...versions].sort();
}

/** The chart's files and the values files for the temporary copy; undefined when the chart is too large to copy. */
function helmMirrorFiles(host: KustomizeHost, chart: HelmChart, valuesSet: ChartValuesSet): HelmMirrorFile[] | undefined {
  const files = chartFilesOf(chart.root);
  if (!files) return undefined;
  const mirror: HelmMirrorFile[] = files.map((path) => {
    const text = host.overrideText?.(path);
    return text === undefined
      ? { relativePath: `chart/${chartRelative(chart, path)}`, copyFrom: path }
      : { relativePath: `chart/${chartRelative(chart, path)}`, text };
  });
  // An open Chart.yaml or values file that is not on disk yet is rendered as the editor has it.
  for (const [index, path] of valuesSet.valuesFiles.entries()) {
    const text = host.readText(path);
    mirror.push({ relativePath: `values/${index}.yaml`, text: text ?? '' });
  }
  return mirror;
}

/** Renders `chart` with `valuesSet` for `cluster`; never throws for bad input. */
export async function renderChart(
  host: KustomizeHost,
  chart: HelmChart,
  valuesSet: ChartValuesSet,
  cluster: ClusterSpec,
  run: HelmRun,
  extraApiVersions: readonly string[] = [],
): Promise<RenderedChart> {
  const files = helmMirrorFiles(host, chart, valuesSet);
  if (!files) {
    const message = `the chart holds more files than kubesim copies for a rendering: not rendered`;
    const error: HelmErrorLocation = { message, path: chart.chartPath, text: chart.chartText, span: { start: 0, end: 1 }, kind: 'not-rendered' };
    return { chart, valuesSet, objects: [], error };
  }
  const missingValues = valuesSet.valuesFiles.find((path) => host.readText(path) === undefined);
  if (missingValues !== undefined) {
    const message = `open ${missingValues}: no such file or directory`;
    return { chart, valuesSet, objects: [], error: { message, path: chart.chartPath, text: chart.chartText, span: { start: 0, end: 1 }, kind: 'error' } };
  }
  const output = await run({ files, args: helmTemplateArgs(valuesSet, cluster, extraApiVersions) });
  if (!output.ok) {
    // helm names the copy's files: the user's paths again (values files by their index in the set).
    const message = output.message
      .replace(new RegExp(`${HELM_MIRROR}/values/(\\d+)\\.yaml`, 'g'), (_match, index: string) => valuesSet.valuesFiles[Number(index)] ?? 'values')
      .split(`${HELM_MIRROR}/chart`)
      .join(chart.root)
      .split(HELM_MIRROR)
      .join('<tmp>');
    return { chart, valuesSet, objects: [], error: locateHelmError(message, chart, valuesSet, host) };
  }
  return { chart, valuesSet, ...readRenderedObjects(chart, output.stdout) };
}

/** The output as a manifest file, each object with the template its `# Source:` comment names. */
function readRenderedObjects(chart: HelmChart, stdout: string): { file: ManifestFile; objects: RenderedChartObject[] } {
  const file = parseManifestFile(stdout);
  const objects: RenderedChartObject[] = [];
  const documentsPerSource = new Map<string, number>();
  for (const document of file.documents) {
    const source = /^# Source: (.+)$/m.exec(document.text)?.[1]?.trim();
    if (source === undefined) continue;
    const documentInTemplate = documentsPerSource.get(source) ?? 0;
    documentsPerSource.set(source, documentInTemplate + 1);
    const templatePath = chartFileOf(chart, source);
    for (const object of document.objects) objects.push({ object, source, documentInTemplate, ...(templatePath ? { templatePath } : {}) });
  }
  return { file, objects: objects.filter((entry) => objectsOf(file).includes(entry.object)) };
}
