// A Helm chart as kubesim reads it before rendering: Chart.yaml's name, type, kubeVersion and
// dependencies (with their source spans), the chart's files, and the values sets it is rendered with.
import { readdirSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { SourceSpan } from '../manifest/source-span';
import type { KustomizeHost } from '../kustomize/kustomization-tree';

/** The chart file's name. */
export const CHART_FILE = 'Chart.yaml';
/** A chart with more files than this is not rendered (a vendored monorepo, not a chart). */
const MAX_CHART_FILES = 5000;
/** Folders never copied into a rendering. */
const SKIPPED_FOLDERS = new Set(['.git', '.hg', '.svn', 'node_modules']);

/** One entry of Chart.yaml's `dependencies:`. */
interface ChartDependency {
  readonly name: string;
  readonly alias?: string;
  /** The entry in Chart.yaml (its `name:` value). */
  readonly span: SourceSpan;
}

/** What kubesim reads of a chart. */
export interface HelmChart {
  /** Absolute folder holding Chart.yaml. */
  readonly root: string;
  /** Chart.yaml's path and text (the editor's, when open). */
  readonly chartPath: string;
  readonly chartText: string;
  /** `name:` (helm writes it first in every `# Source:` path), else the folder's name. */
  readonly name: string;
  /** `application` (rendered) or `library` (never rendered alone). */
  readonly type: string;
  readonly dependencies: readonly ChartDependency[];
  /** Spans of top-level keys of Chart.yaml (`kubeVersion`, `dependencies`, ...), for helm's errors. */
  readonly keySpans: ReadonlyMap<string, SourceSpan>;
}

/** Reads Chart.yaml at `root`; undefined when there is none. */
export function readHelmChart(host: KustomizeHost, root: string): HelmChart | undefined {
  const chartPath = join(root, CHART_FILE);
  const chartText = host.readText(chartPath);
  if (chartText === undefined) return undefined;
  const document = parseDocument(chartText);
  const keySpans = new Map<string, SourceSpan>();
  const dependencies: ChartDependency[] = [];
  let name = basename(root);
  let type = 'application';
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined) continue;
      keySpans.set(key, spanOf(pair.key as Node) ?? { start: 0, end: 0 });
      const value = pair.value;
      if (key === 'name' && isScalar(value) && value.value !== null) name = String(value.value);
      if (key === 'type' && isScalar(value) && value.value !== null) type = String(value.value);
      if (key === 'dependencies' && isSeq(value)) {
        for (const item of value.items) {
          if (!isMap(item)) continue;
          const nameNode = item.get('name', true);
          const aliasNode = item.get('alias', true);
          if (!isScalar(nameNode)) continue;
          const span = spanOf(nameNode) ?? spanOf(item) ?? { start: 0, end: 0 };
          dependencies.push({ name: String(nameNode.value), ...(isScalar(aliasNode) ? { alias: String(aliasNode.value) } : {}), span });
        }
      }
    }
  }
  return { root, chartPath, chartText, name, type, dependencies, keySpans };
}

function spanOf(node: Node | undefined): SourceSpan | undefined {
  const range = node?.range;
  return range ? { start: range[0], end: range[1] } : undefined;
}

/** A chart file's path relative to the chart, with `/` separators. */
export function chartRelative(chart: HelmChart, path: string): string {
  return relative(chart.root, path).split(sep).join('/');
}

/**
 * Every regular file of the chart, subcharts included; symbolic links are not followed (a chart's
 * rendering never reads outside its folder). Undefined when the chart holds more than MAX_CHART_FILES.
 */
export function chartFilesOf(root: string): string[] | undefined {
  const files: string[] = [];
  const walk = (folder: string): boolean => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !walk(path)) return false;
      } else if (entry.isFile()) {
        files.push(path);
        if (files.length > MAX_CHART_FILES) return false;
      }
    }
    return true;
  };
  return walk(root) ? files.sort() : undefined;
}

/** One way a chart is rendered: a release name, a namespace, values files (in order) and `--set` values. */
export interface ChartValuesSet {
  /** Absolute paths, given to helm in this order after the chart's own values.yaml. */
  readonly valuesFiles: readonly string[];
  readonly set: Readonly<Record<string, string>>;
  readonly releaseName: string;
  readonly namespace: string;
}

/** What a `.kubesim.yaml` (or the command line) says about one chart. */
export interface ChartDeclaration {
  readonly values?: readonly string[];
  readonly releaseName?: string;
  readonly namespace?: string;
  readonly set?: Readonly<Record<string, string>>;
}

/** The release name kubesim renders with when none is declared. */
const DEFAULT_RELEASE_NAME = 'release-name';

/**
 * The values sets a chart is rendered with: its defaults alone, then each values file the user keeps
 * for it (`values*.yaml` beside Chart.yaml other than values.yaml, `ci/*-values.yaml`, as chart-testing
 * reads them), or, when declared, the declared files as one set.
 */
export function valuesSetsOf(chart: HelmChart, files: readonly string[], declared?: ChartDeclaration): ChartValuesSet[] {
  const releaseName = declared?.releaseName ?? DEFAULT_RELEASE_NAME;
  const namespace = declared?.namespace ?? 'default';
  const set = declared?.set ?? {};
  if (declared?.values !== undefined) return [{ valuesFiles: declared.values.map((file) => resolve(chart.root, file)), set, releaseName, namespace }];
  const sets: ChartValuesSet[] = [{ valuesFiles: [], set, releaseName, namespace }];
  for (const path of files) {
    const name = chartRelative(chart, path);
    const kept = (/^values[^/]*\.ya?ml$/.test(name) && name !== 'values.yaml') || /^ci\/[^/]*-values\.ya?ml$/.test(name);
    if (kept) sets.push({ valuesFiles: [path], set, releaseName, namespace });
  }
  return sets;
}
