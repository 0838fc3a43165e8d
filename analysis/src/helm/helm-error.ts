// Places an error of `helm template` where the user fixes it: the template position it names
// (`webapp/templates/deployment.yaml:34:20`), the values key a schema error names (`at '/replicaCount'`),
// Chart.yaml's `kubeVersion`, or the dependency entry missing from charts/.
import { join, relative, sep } from 'node:path';
import type { SourceSpan } from '../manifest/source-span';
import type { KustomizeHost } from '../kustomize/kustomization-tree';
import type { ChartValuesSet, HelmChart } from './helm-chart-model';
import { locateValuesKey } from './values-keys';

/** helm's message and the file and span it belongs on. */
export interface HelmErrorLocation {
  readonly message: string;
  readonly path: string;
  readonly text: string;
  readonly span: SourceSpan;
  /**
   * `error`: `helm install` fails too; `missing-dependency`: a dependency not in charts/ (a note, never an error);
   * `not-rendered`: kubesim did not run helm (a chart too large to copy).
   */
  readonly kind: 'error' | 'missing-dependency' | 'not-rendered';
}

/** helm's message without `Error: ` and its advice to rerun with --debug. */
function cleanHelmMessage(raw: string): string {
  return raw
    .split('\n')
    .filter((line) => !/^Use --debug flag/.test(line.trim()))
    .join('\n')
    .replace(/^Error: /, '')
    .trim();
}

/**
 * The file a `# Source:` or error path names: `webapp/templates/x.yaml` is `templates/x.yaml` of the chart,
 * `webapp/charts/cache/templates/y.yaml` the subchart's file as it lies in charts/.
 */
export function chartFileOf(chart: HelmChart, helmPath: string): string | undefined {
  const slash = helmPath.indexOf('/');
  if (slash < 0 || helmPath.slice(0, slash) !== chart.name) return undefined;
  return join(chart.root, helmPath.slice(slash + 1));
}

/** Where `message` belongs; Chart.yaml's first line when it names no place kubesim knows. */
export function locateHelmError(raw: string, chart: HelmChart, valuesSet: ChartValuesSet, host: KustomizeHost): HelmErrorLocation {
  const message = cleanHelmMessage(raw);
  const onChart = (span: SourceSpan, kind: HelmErrorLocation['kind'] = 'error'): HelmErrorLocation => ({
    message,
    path: chart.chartPath,
    text: chart.chartText,
    span,
    kind,
  });
  const firstLine = { start: 0, end: Math.max(1, chart.chartText.indexOf('\n')) };
  const missing = /missing in charts\/ directory: (.+)$/m.exec(message)?.[1];
  if (missing !== undefined) {
    const names = missing.split(',').map((name) => name.trim());
    const dependency = chart.dependencies.find((entry) => names.includes(entry.name) || (entry.alias !== undefined && names.includes(entry.alias)));
    return onChart(dependency?.span ?? chart.keySpans.get('dependencies') ?? firstLine, 'missing-dependency');
  }
  if (/chart requires kubeVersion/.test(message)) return onChart(chart.keySpans.get('kubeVersion') ?? firstLine);
  // A values file that is not YAML: `failed to parse /path/values-prod.yaml: ... line 3: ...`, `cannot load values.yaml: ... line 2`.
  const badValues = /(?:failed to parse (\S+?)|cannot load (values\.yaml)):[\s\S]*?\bline (\d+)/.exec(message);
  if (badValues) {
    const path = badValues[1] ?? join(chart.root, 'values.yaml');
    const text = host.readText(path);
    if (text !== undefined) return { message, path, text, span: lineSpan(text, Number(badValues[3]), 0), kind: 'error' };
  }
  // Helm 3: `template: webapp/templates/x.yaml:34:20: executing ...`; Helm 4: `webapp/templates/x.yaml:34:20\n  executing ...`;
  // a parse error: `parse error at (webapp/templates/x.yaml:5): ...`.
  const position = /([\w.-]+\/[^\s:()]+\.(?:ya?ml|tpl|txt|json)):(\d+)(?::(\d+))?/.exec(message);
  if (position) {
    const path = chartFileOf(chart, position[1]!);
    const text = path === undefined ? undefined : host.readText(path);
    if (path !== undefined && text !== undefined)
      return { message, path, text, span: lineSpan(text, Number(position[2]), Number(position[3] ?? 0)), kind: 'error' };
  }
  const yamlError = /YAML parse error on ([\w.-]+\/[^\s:]+)/.exec(message)?.[1];
  if (yamlError) {
    const path = chartFileOf(chart, yamlError);
    const text = path === undefined ? undefined : host.readText(path);
    if (path !== undefined && text !== undefined) return { message, path, text, span: lineSpan(text, 1, 0), kind: 'error' };
  }
  const schemaKey = /at '\/([^']*)'/.exec(message)?.[1];
  if (schemaKey !== undefined) {
    const keyPath = schemaKey.split('/').filter((segment) => segment !== '');
    const place = valuesKeyPlace(valuesSourcesOf(chart, valuesSet), keyPath, host);
    if (place) return { message, ...place, kind: 'error' };
  }
  return onChart(firstLine);
}

/** A values file a template's `.Values` may come from, and where the template's values sit in it. */
export interface ValuesSource {
  readonly path: string;
  /** Keys above the template's `.Values` in this file: `['cache']` for a subchart's values in its parent's files. */
  readonly prefix: readonly string[];
  /** A chart's own values.yaml (the defaults), rather than a file the user passes. */
  readonly isDefault: boolean;
}

/**
 * The values files of a template, in the order helm merges them (later wins): a subchart's own values.yaml,
 * then its parents' values.yaml files, then the set's files, the subchart's values under its name (or alias)
 * in each parent's. `templatePath` undefined: the chart's own templates.
 */
export function valuesSourcesOf(chart: HelmChart, valuesSet: ChartValuesSet, templatePath?: string): ValuesSource[] {
  const prefix: string[] = [];
  const sources: ValuesSource[] = [];
  const inner = templatePath === undefined ? [] : relative(chart.root, templatePath).split(sep);
  let folder = chart.root;
  const chain: { folder: string; prefix: string[] }[] = [{ folder, prefix: [] }];
  // charts/<sub>/charts/<subsub>/templates/x.yaml: each `charts/<name>` level nests the values one key deeper.
  for (let at = 0; inner[at] === 'charts' && at + 2 < inner.length; at += 2) {
    const name = inner[at + 1]!;
    const parent = chain.length === 1 ? chart : undefined;
    const alias = parent?.dependencies.find((dependency) => dependency.name === name)?.alias;
    prefix.push(alias ?? name);
    folder = join(folder, 'charts', name);
    chain.push({ folder, prefix: [...prefix] });
  }
  for (const level of [...chain].reverse())
    sources.push({ path: join(level.folder, 'values.yaml'), prefix: prefix.slice(level.prefix.length), isDefault: true });
  for (const path of valuesSet.valuesFiles) sources.push({ path, prefix, isDefault: false });
  return sources;
}

/** Where a values key is written. */
interface ValuesKeyPlace {
  readonly path: string;
  readonly text: string;
  readonly span: SourceSpan;
  /** How many segments of the key path the file writes. */
  readonly depth: number;
  readonly isDefault: boolean;
  /** The key path as written in that file (a subchart's under its name). */
  readonly written: readonly (string | number)[];
}

/** The last values file that writes `keyPath` (the deepest match; a later file wins a tie), or undefined. */
export function valuesKeyPlace(sources: readonly ValuesSource[], keyPath: readonly (string | number)[], host: KustomizeHost): ValuesKeyPlace | undefined {
  let best: ValuesKeyPlace | undefined;
  for (const source of sources) {
    const text = host.readText(source.path);
    const found = text === undefined ? undefined : locateValuesKey(text, [...source.prefix, ...keyPath]);
    const depth = (found?.depth ?? 0) - source.prefix.length;
    if (text !== undefined && found && depth > 0 && (!best || depth >= best.depth))
      best = { path: source.path, text, span: found.span, depth, isDefault: source.isDefault, written: [...source.prefix, ...keyPath] };
  }
  return best;
}

/** The span of line `line` (1-based) from column `column` (text/template's ErrorContext: 0-based) to its end. */
function lineSpan(text: string, line: number, column: number): SourceSpan {
  let start = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const lineEnd = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
  const leading = text.slice(start, lineEnd).length - text.slice(start, lineEnd).trimStart().length;
  const from = column > 0 ? Math.min(start + column, lineEnd) : start + leading;
  return { start: from, end: Math.max(lineEnd, from + 1) };
}
