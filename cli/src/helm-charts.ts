// Helm charts in a CLI command: their files are never checked raw; `check` renders each chart found
// under the given paths with the real helm (its own values sets, or --values/--set/--release) and
// reports findings on template lines and values keys.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ClusterSpec, ReadonlyJsonObject } from '@kubesim/engine';
import {
  LineIndex,
  HelmChartLookup,
  chartToRender,
  checkHelmChart,
  crdApiVersionsOf,
  diskHost,
  helmBinary,
  runHelmTemplate,
  type HelmCheckResult,
  type PlacedFinding,
} from '@kubesim/analysis';
import type { FileDiagnostic } from './check-formats';
import { displayPath } from './kustomize-runs';

/** `--values`, `--set` and `--release` of `kubesim check`: they replace each chart's own values sets. */
export interface HelmFlags {
  values?: readonly string[];
  set?: readonly string[];
  release?: string;
}

/**
 * The files outside charts, those inside one (each in the order given) and the roots of the charts to render
 * (a subchart's parent, once).
 */
export function setChartsApart(paths: readonly string[], lookup = new HelmChartLookup()): { plainFiles: string[]; chartFiles: string[]; chartRoots: string[] } {
  const plainFiles: string[] = [];
  const chartFiles: string[] = [];
  const roots = new Set<string>();
  for (const path of paths) {
    const root = lookup.chartRootOf(resolve(path));
    if (root === undefined) plainFiles.push(path);
    else {
      chartFiles.push(path);
      roots.add(chartToRender(root, existsSync));
    }
  }
  return { plainFiles, chartFiles, chartRoots: [...roots].sort() };
}

/**
 * Renders and checks each chart; without helm, each Chart.yaml gets a note saying so. The CRDs among
 * `workspaceObjects` (and the cluster's declared ones) join the `--api-versions` helm is given (asked only when there
 * is a chart: collecting them cost 1% of checking 10,000 documents).
 */
export async function checkCharts(
  chartRoots: readonly string[],
  flags: HelmFlags,
  clusterFor: (root: string) => ClusterSpec,
  workspaceObjects: () => readonly ReadonlyJsonObject[] = () => [],
): Promise<HelmCheckResult[]> {
  if (chartRoots.length === 0) return [];
  const objects = workspaceObjects();
  const binary = await helmBinary();
  const host = diskHost();
  const declared = flags.values || flags.set || flags.release ? declarationOf(flags) : undefined;
  const results: HelmCheckResult[] = [];
  for (const root of chartRoots) {
    const run = binary ? (request: Parameters<typeof runHelmTemplate>[1]) => runHelmTemplate(binary, request) : ('not-found' as const);
    const cluster = clusterFor(join(root, 'Chart.yaml'));
    const extraApiVersions = crdApiVersionsOf(objects, cluster);
    results.push(await checkHelmChart({ host, root, cluster, run, extraApiVersions, ...(declared ? { declared } : {}) }));
  }
  return results;
}

function declarationOf(flags: HelmFlags): { values?: string[]; set?: Record<string, string>; releaseName?: string } {
  const set: Record<string, string> = {};
  for (const entry of flags.set ?? []) {
    const equals = entry.indexOf('=');
    if (equals > 0) set[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return {
    ...(flags.values ? { values: flags.values.map((path) => resolve(path)) } : {}),
    ...(flags.set ? { set } : {}),
    ...(flags.release ? { releaseName: flags.release } : {}),
  };
}

/** The charts' findings per file they landed on (absolute path). */
export function chartFindingsByPath(results: readonly HelmCheckResult[]): Map<string, PlacedFinding[]> {
  const byPath = new Map<string, PlacedFinding[]>();
  for (const placed of results.flatMap((result) => result.findings)) {
    const list = byPath.get(placed.path) ?? [];
    list.push(placed);
    byPath.set(placed.path, list);
  }
  return byPath;
}

/** Findings placed on files, as the CLI prints them. */
export function chartDiagnostics(placedFindings: readonly PlacedFinding[]): FileDiagnostic[] {
  const lineIndexes = new Map<string, LineIndex>();
  return placedFindings.map(({ path, text, finding }) => {
    let lines = lineIndexes.get(path);
    if (!lines) lineIndexes.set(path, (lines = new LineIndex(text)));
    return { file: displayPath(path), range: { start: lines.positionAt(finding.start), end: lines.positionAt(finding.end) }, finding };
  });
}

/** The objects a chart renders with `valuesFiles` (none: its defaults), for `plan`; helm's message when it fails. */
export async function chartObjects(
  root: string,
  valuesFiles: readonly string[],
  cluster: ClusterSpec,
): Promise<{ objects: ReadonlyJsonObject[] } | { error: string }> {
  const [result] = await checkCharts([root], valuesFiles.length > 0 ? { values: valuesFiles } : {}, () => cluster);
  const rendered = result?.renderings[0];
  if (!rendered) return { error: result?.findings[0]?.finding.message ?? `${root}: not a chart` };
  if (rendered.error) return { error: `helm template: ${rendered.error.message}` };
  return { objects: rendered.objects.map((entry) => entry.object.value) };
}
