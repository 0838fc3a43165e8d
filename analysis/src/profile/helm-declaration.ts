// Reads `helm:` of a `.kubesim.yaml`: per chart folder, the values files, `--set` values, release name and
// namespace kubesim renders it with (`helm: {charts: {charts/web: {values: [values-prod.yaml], releaseName: web}}}`).
import { isAbsolute, resolve } from 'node:path';
import type { HelmChartDeclaration } from '@kubesim/engine';

/** The charts declared, keyed by their folder as written; problems name the key. */
export function readHelmDeclaration(value: unknown, where: string): { charts: Record<string, HelmChartDeclaration>; problems: string[] } {
  const charts: Record<string, HelmChartDeclaration> = {};
  const problems: string[] = [];
  const isMap = (item: unknown): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item);
  if (!isMap(value) || !isMap(value.charts)) {
    problems.push(`${where}: helm must be a map with "charts", e.g. helm: {charts: {charts/web: {values: [values-prod.yaml]}}}`);
    return { charts, problems };
  }
  for (const key of Object.keys(value)) if (key !== 'charts') problems.push(`${where}: unknown key "helm.${key}"`);
  for (const [path, fields] of Object.entries(value.charts)) {
    const at = `${where}: helm.charts.${path}`;
    if (!isMap(fields)) {
      problems.push(`${at} must be a map (values, releaseName, namespace, set)`);
      continue;
    }
    const chart: { values?: string[]; releaseName?: string; namespace?: string; set?: Record<string, string> } = {};
    if (fields.values !== undefined) {
      const list = fields.values as readonly unknown[];
      if (Array.isArray(list) && list.every((item) => typeof item === 'string')) chart.values = [...(list as readonly string[])];
      else problems.push(`${at}.values must be a list of values files`);
    }
    for (const name of ['releaseName', 'namespace'] as const) {
      if (fields[name] === undefined) continue;
      if (typeof fields[name] === 'string' && fields[name] !== '') chart[name] = fields[name];
      else problems.push(`${at}.${name} must be a string`);
    }
    if (fields.set !== undefined) {
      if (isMap(fields.set)) chart.set = Object.fromEntries(Object.entries(fields.set).map(([name, item]) => [name, String(item)]));
      else problems.push(`${at}.set must be a map of values, as helm's --set`);
    }
    for (const name of Object.keys(fields)) if (!['values', 'releaseName', 'namespace', 'set'].includes(name)) problems.push(`${at}: unknown key "${name}"`);
    charts[path] = chart;
  }
  return { charts, problems };
}

/** The declared charts with their folders and values files made absolute from the profile's folder. */
export function resolveHelmDeclaration(charts: Readonly<Record<string, HelmChartDeclaration>>, folder: string): Record<string, HelmChartDeclaration> {
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(folder, path));
  return Object.fromEntries(
    Object.entries(charts).map(([path, chart]) => [absolute(path), chart.values ? { ...chart, values: chart.values.map(absolute) } : chart]),
  );
}
