// Checks a rendered chart as the API server would see it, and moves every finding from helm's output
// onto the template line that emitted the field and, when the value comes from values, the values key.
import { basename, relative } from 'node:path';
import type { ClusterSpec, PathSegment } from '@kubesim/engine';
import { objectPathAt } from '../manifest/manifest-document';
import { checkFile } from '../check-file';
import type { Finding } from '../validation/finding';
import type { PlacedFinding } from '../kustomize/check-kustomization';
import type { KustomizeHost } from '../kustomize/kustomization-tree';
import { chartFilesOf, type HelmChart } from './helm-chart-model';
import { valuesKeyPlace, valuesSourcesOf, type HelmErrorLocation, type ValuesSource } from './helm-error';
import type { RenderedChart, RenderedChartObject } from './render-chart';
import { placeInTemplate, templateLines, type CallEmits } from './template-place';

const HELM_DOCS = 'https://helm.sh/docs/helm/helm_template/';

/** The findings of one rendering on the chart's templates and values files; helm's error when it failed. */
export function checkRenderedChart(rendered: RenderedChart, host: KustomizeHost, cluster: ClusterSpec): PlacedFinding[] {
  if (rendered.error) return [errorFinding(rendered.error)];
  const file = rendered.file;
  if (!file) return [];
  const byValue = new Map(rendered.objects.map((entry) => [entry.object.value, entry]));
  const placed: PlacedFinding[] = [];
  const seen = new Set<string>();
  const push = (entry: PlacedFinding) => {
    const key = `${entry.path}|${entry.finding.start}|${entry.finding.code}|${entry.finding.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    placed.push(entry);
  };
  for (const finding of checkFile(file, { cluster, workspace: [], uri: `helm:${rendered.chart.root}` })) {
    // Quick fixes edit the rendered text, which the user never sees: they are dropped here.
    const { fixes: _fixes, ...plain } = finding as Finding & { fixes?: unknown };
    const document = file.documents.find((candidate) => finding.start >= candidate.start && finding.start < candidate.end);
    const at = document ? objectPathAt(document, finding.start) : undefined;
    const entry = at ? byValue.get(at.object.value) : undefined;
    if (!entry || !at) {
      push({ path: rendered.chart.chartPath, text: rendered.chart.chartText, finding: { ...plain, start: 0, end: firstLineEnd(rendered.chart.chartText) } });
      continue;
    }
    for (const place of placesOf(rendered, entry, at.path, host))
      push({ ...place, finding: { ...plain, ...place.span, message: plain.message + place.suffix } });
  }
  return placed;
}

interface FindingPlace {
  path: string;
  text: string;
  span: { start: number; end: number };
  suffix: string;
}

/** The template line and the values keys a rendered field came from. */
function placesOf(rendered: RenderedChart, entry: RenderedChartObject, path: readonly PathSegment[], host: KustomizeHost): FindingPlace[] {
  const { chart } = rendered;
  const templateText = entry.templatePath === undefined ? undefined : host.readText(entry.templatePath);
  if (entry.templatePath === undefined || templateText === undefined) {
    return [
      { path: chart.chartPath, text: chart.chartText, span: { start: 0, end: firstLineEnd(chart.chartText) }, suffix: ` (rendered from ${entry.source})` },
    ];
  }
  const sources = valuesSourcesOf(chart, rendered.valuesSet, entry.templatePath);
  const emits = callEmitsOf(chart, sources, host);
  const fullPath = [...entry.object.basePath, ...path];
  const place = placeInTemplate(templateText, fullPath, documentRange(templateText, entry.documentInTemplate), emits);
  const templateName = relative(chart.root, entry.templatePath);
  const templateLine = templateText.slice(0, place.span.start).split('\n').length;
  // A value given with --set is in no file: the template line alone says where it went.
  const setKeys = Object.keys(rendered.valuesSet.set).map((key) => key.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== ''));
  const fromSet = (valuesPath: readonly (string | number)[]) =>
    setKeys.some((key) => key.every((segment, at) => at >= valuesPath.length || String(valuesPath[at]) === segment));
  const setNames = place.valuesPaths.filter(fromSet).map((valuesPath) => `--set ${valuesPath.join('.')}`);
  const values = place.valuesPaths
    .filter((valuesPath) => !fromSet(valuesPath))
    .map((valuesPath) => ({ valuesPath, found: valuesKeyPlace(sources, valuesPath, host) }))
    .filter((candidate) => candidate.found !== undefined && candidate.found.depth > 0);
  // The user's own values files first: a default the chart ships is less likely the value to fix.
  const chosen = values.some((candidate) => !candidate.found!.isDefault) ? values.filter((candidate) => !candidate.found!.isDefault) : values;
  const keys = [...setNames, ...chosen.map((candidate) => `${candidate.found!.written.join('.')} in ${basename(candidate.found!.path)}`)];
  const places: FindingPlace[] = [
    { path: entry.templatePath, text: templateText, span: place.span, suffix: keys.length > 0 ? ` (value from ${keys.join(', ')})` : '' },
  ];
  for (const { found } of chosen) {
    places.push({ path: found!.path, text: found!.text, span: found!.span, suffix: ` (rendered by ${templateName} line ${templateLine})` });
  }
  return places;
}

/** The lines of the `index`-th document of a template (documents separated by `---` lines). */
function documentRange(text: string, index: number): { from: number; to: number } {
  const lines = templateLines(text);
  const separators = lines.flatMap((line, at) => (/^---\s*$/.test(text.slice(line.start, line.end)) ? [at] : []));
  if (separators.length === 0) return { from: 0, to: lines.length };
  // A leading `---` starts the first document rather than ending an empty one.
  const starts = [0, ...separators.map((at) => at + 1)].filter((_start, at) => at > 0 || separators[0] !== 0);
  const from = starts[Math.min(index, starts.length - 1)] ?? 0;
  const next = separators.find((at) => at >= from);
  return { from, to: next ?? lines.length };
}

/**
 * Which action line emitted a key: an `include` whose `define` writes it, or a `toYaml` of a values key
 * that holds it in one of the values files.
 */
function callEmitsOf(chart: HelmChart, sources: readonly ValuesSource[], host: KustomizeHost): CallEmits {
  let defines: Map<string, string> | undefined;
  const defineBodies = () => {
    if (defines) return defines;
    defines = new Map();
    for (const path of (chartFilesOf(chart.root) ?? []).filter((file) => /\.(tpl|ya?ml)$/.test(file) && file.includes('/templates/'))) {
      const text = host.readText(path) ?? '';
      for (const match of text.matchAll(/\{\{-?\s*define\s+"([^"]+)"\s*-?\}\}([\s\S]*?)(?=\{\{-?\s*define\s|$)/g)) defines.set(match[1]!, match[2]!);
    }
    return defines;
  };
  return (line, valuesPaths, rest) => {
    const next = rest[0];
    if (next === undefined) return true;
    const included = /\binclude\s+"([^"]+)"/.exec(line)?.[1];
    if (included !== undefined) {
      const body = defineBodies().get(included);
      return body !== undefined && new RegExp(`^\\s*["']?${escapeRegExp(String(next))}["']?\\s*:`, 'm').test(body);
    }
    return valuesPaths.some((valuesPath) => {
      const found = valuesKeyPlace(sources, valuesPath, host);
      return found !== undefined && found.depth > valuesPath.length - rest.length;
    });
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function firstLineEnd(text: string): number {
  const end = text.indexOf('\n');
  return Math.max(1, end < 0 ? text.length : end);
}

// helm's own error fails `helm install` too; a dependency missing from charts/ or a chart kubesim did not copy is a
// note: not checked, not wrong.
function errorFinding(error: HelmErrorLocation): PlacedFinding {
  const { path, text, span, message, kind } = error;
  const finding: Finding =
    kind === 'error'
      ? { ...span, severity: 'error', code: 'helm-template-error', message: `helm template: ${message}`, href: HELM_DOCS }
      : {
          ...span,
          severity: 'information',
          code: kind === 'missing-dependency' ? 'helm-dependency-missing' : 'helm-chart-not-rendered',
          message:
            kind === 'missing-dependency'
              ? `${message}; the chart is not rendered (run \`helm dependency build\` to vendor its dependencies into charts/)`
              : message,
          href: kind === 'missing-dependency' ? 'https://helm.sh/docs/helm/helm_dependency_build/' : HELM_DOCS,
        };
  return { path, text, finding };
}
