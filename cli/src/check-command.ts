// `kubesim check FILE|DIR...`: reports what the API server would reject; exits 1 on errors.
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type ClusterSpec, DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion } from '@kubesim/engine';
import {
  analyzeDocument,
  type ClusterResolver,
  HelmChartLookup,
  LineIndex,
  MAX_ONE_SHOT_FILE_CHARS,
  type ManifestFile,
  parseManifestFile,
  readManifestFileSync,
  type RenderedKustomization,
  renderedCrdsOf,
} from '@kubesim/analysis';
import {
  CHECK_FORMATS,
  formatJson,
  formatSarif,
  formatSummary,
  reportedDiagnostics,
  formatText,
  summarizeCheck,
  type CheckFormat,
  type FileDiagnostic,
} from './check-formats';
import { CheckWorkspace } from './check-workspace';
import { CLUSTER_FLAGS, clusterResolverOf } from './cluster-options';
import { chartDiagnostics, chartFindingsByPath, checkCharts, type HelmFlags, setChartsApart } from './helm-charts';
import { ParallelReading, startReadingWorkers, stopWorker } from './parallel-reading';
import { collectFiles } from './collect-files';
import { kustomizeDiagnostics, planKustomizeRun } from './kustomize-runs';
import { compileForOnePass } from './one-pass-compilation';
import { UsageError } from './usage-error';

declare const __KUBESIM_VERSION__: string | undefined;
const VERSION = typeof __KUBESIM_VERSION__ === 'string' ? __KUBESIM_VERSION__ : 'dev';

/** Runs the check command; returns the process exit code. */
export async function runCheck(args: string[], out: (text: string) => void): Promise<number> {
  compileForOnePass();
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'kubernetes-version': { type: 'string' },
      previous: { type: 'string' },
      format: { type: 'string', default: 'text' },
      'allow-remote-resources': { type: 'boolean' },
      values: { type: 'string', multiple: true },
      set: { type: 'string', multiple: true },
      release: { type: 'string' },
      ...CLUSTER_FLAGS,
    },
  });
  if (positionals.length === 0) throw new UsageError('check needs at least one FILE or DIR');
  const versionText = values['kubernetes-version'];
  const kubernetesVersion = versionText === undefined ? DEFAULT_KUBERNETES_VERSION : parseKubernetesVersion(versionText);
  if (!kubernetesVersion) throw new UsageError(`unsupported Kubernetes version "${versionText}" (use 1.32 to 1.37)`);
  const format = values.format as CheckFormat;
  if (!CHECK_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}" (use ${CHECK_FORMATS.join(', ')})`);
  const clusters = oncePerFolder(clusterResolverOf(values, kubernetesVersion, (text) => process.stderr.write(`${text}\n`)));
  const previous = values.previous === undefined ? undefined : parseManifestFile(readManifestFileSync(values.previous), undefined, MAX_ONE_SHOT_FILE_CHARS);
  const collected = collectFiles(positionals);
  const kustomize = planKustomizeRun(collected, (text) => process.stderr.write(`${text}\n`), values['allow-remote-resources'] === true);
  const charts = new HelmChartLookup();
  const { plainFiles, chartFiles, chartRoots } = setChartsApart(kustomize.plainFiles, charts);
  // Each chart is rendered by helm (its own values sets, or --values/--set/--release); its findings land on its files.
  const helmFlags: HelmFlags = { values: values.values, set: values.set, release: values.release };
  const run = { format, out, clusters, previous, collected, plainFiles, chartFiles, chartRoots, charts, helmFlags };
  // The plain files are read on the cores V8's own threads leave free (with their verdicts); with --previous the update
  // rules run on every object (no create-time verdict is kept), so they are read here alone. The workers start loading now.
  const workers = previous ? undefined : startReadingWorkers(() => sizeOfFiles(plainFiles));
  let parallel: ParallelReading | undefined;
  try {
    // kustomize renders first: its outputs are part of the workspace every file's lookups search.
    const renderings = await kustomize.render();
    if (workers) {
      const jobs = plainFiles.map((path) => ({ text: readManifestFileSync(path), cluster: clusters.specFor(path) }));
      parallel = new ParallelReading(jobs, MAX_ONE_SHOT_FILE_CHARS, workers);
    }
    return await checkAndReport({ ...run, renderings, parallel });
  } finally {
    if (parallel) parallel.dispose();
    else for (const worker of workers?.started ?? []) stopWorker(worker);
  }
}

interface CheckRun {
  format: CheckFormat;
  out: (text: string) => void;
  clusters: FolderClusters;
  previous: ManifestFile | undefined;
  collected: ReturnType<typeof collectFiles>;
  plainFiles: readonly string[];
  chartFiles: readonly string[];
  chartRoots: readonly string[];
  charts: HelmChartLookup;
  helmFlags: HelmFlags;
  renderings: readonly RenderedKustomization[];
  parallel: ParallelReading | undefined;
}

async function checkAndReport(run: CheckRun): Promise<number> {
  const { format, out, clusters, previous, collected, plainFiles, chartFiles, chartRoots, charts, helmFlags, renderings, parallel } = run;
  const diagnostics: FileDiagnostic[] = [];
  const workspace = await CheckWorkspace.read(plainFiles, renderings, parallel && ((index) => parallel.file(index)));
  // The workspace's CRDs are the charts' --api-versions; the CRDs the charts render check the workspace's custom resources.
  const chartResults = await checkCharts(
    chartRoots,
    helmFlags,
    (path) => clusters.specFor(path),
    () => workspace.objectValues(),
  );
  const renderedCrds = renderedCrdsOf(chartResults);
  const placedInCharts = chartFindingsByPath(chartResults);
  // The charts' files first (their notes), then the manifests; kustomize's findings come per rendering below.
  const inCharts = new Set(chartFiles);
  const paths = [...chartFiles, ...plainFiles];
  for (const path of paths) {
    const text = inCharts.has(path) ? readChartFile(path) : workspace.fileOf(path).text;
    if (text === undefined) continue;
    const absolute = resolve(path);
    const findings = analyzeDocument({
      path: absolute,
      text,
      parsed: () => workspace.fileOf(path),
      checkOptions: () => workspace.optionsFor(path, { cluster: clusters.specFor(path), renderedCrds, ...(previous ? { previous } : {}) }),
      checkedAlone: true,
      charts,
      chartFindings: placedInCharts.get(absolute)?.map((placed) => placed.finding) ?? [],
    });
    placedInCharts.delete(absolute);
    if (findings.length === 0) continue;
    const lines = new LineIndex(text);
    for (const finding of findings) {
      diagnostics.push({ file: path, range: { start: lines.positionAt(finding.start), end: lines.positionAt(finding.end) }, finding });
    }
  }
  diagnostics.push(...kustomizeDiagnostics(renderings, (root) => clusters.specFor(join(root, 'kustomization.yaml')), workspace.objects()));
  // Findings of the charts on files not named (a values file given with --values, a chart file left out).
  diagnostics.push(...chartDiagnostics([...placedInCharts.values()].flat()));
  const summary = summarizeCheck(diagnostics, collected);
  if (format === 'json') out(formatJson(diagnostics, summary));
  else if (format === 'sarif') out(formatSarif(diagnostics, VERSION, process.cwd(), summary));
  else out([formatText(reportedDiagnostics(diagnostics)), formatSummary(summary)].filter((part) => part !== '').join('\n'));
  return diagnostics.some((diagnostic) => diagnostic.finding.severity === 'error') ? 1 : 0;
}

/** The cluster of each file of one run. */
interface FolderClusters {
  specFor(path: string): ClusterSpec;
}

/**
 * The resolver looks for `.kubesim.yaml` from a file's folder up to the root at every call (the editor's
 * profiles change while it runs); one run asks once per folder (two `stat`s a level for every file were 3%
 * of checking 2,000 files).
 */
function oncePerFolder(clusters: ClusterResolver): FolderClusters {
  const byFolder = new Map<string, ClusterSpec>();
  return {
    specFor(path) {
      const folder = dirname(resolve(path));
      let spec = byFolder.get(folder);
      if (spec === undefined) byFolder.set(folder, (spec = clusters.specFor(path)));
      return spec;
    },
  };
}

/** The files' sizes added up (a file that cannot be read counts nothing: reading it says why). */
function sizeOfFiles(paths: readonly string[]): number {
  let size = 0;
  for (const path of paths) {
    try {
      size += statSync(path).size;
    } catch {
      // Reported when read.
    }
  }
  return size;
}

/** A chart's file as text; undefined when it cannot be read (a chart's file is not checked anyway). */
function readChartFile(path: string): string | undefined {
  try {
    return readManifestFileSync(path);
  } catch {
    return undefined;
  }
}
