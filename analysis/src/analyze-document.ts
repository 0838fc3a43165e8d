// Every finding of one document, in the one order both front-ends show them: the server's diagnostics and
// `kubesim check` call this and decide nothing about which checks run on which file.
import type { CheckOptions } from './check-file';
import { checkFile } from './check-file';
import { runWorkspaceChecks } from './checks/run-workspace-checks';
import { type ManifestFile, problemsOf } from './manifest/manifest-file';
import { isProfileFile, profileFileFindings } from './profile-file-findings';
import type { Finding } from './validation/finding';
import type { HelmChartLookup } from './workspace/helm-chart';

/** One document as a front-end has it. Parsing and the check options are asked for only when needed. */
interface DocumentToAnalyze {
  /** The file on disk; undefined for a document that is not a file (untitled, another scheme). */
  path: string | undefined;
  text: string;
  /** The parsed document (a chart's template is never parsed by this function). */
  parsed: () => ManifestFile;
  /** The cluster, the workspace index and the baseline of its checks. */
  checkOptions: () => CheckOptions;
  /**
   * False for a file kustomize builds into a kustomization (a patch, a base resource): it is checked as part
   * of that rendering only, so only its YAML problems are its own.
   */
  checkedAlone: boolean;
  /** Where the Helm charts are (cached per run or per server). */
  charts: HelmChartLookup;
  /** Findings the kustomize renderings placed on this document, if the front-end renders them per document. */
  renderedFindings?: readonly Finding[];
  /** Findings the renderings of this document's Helm chart placed on it (the chart rendered by helm, analysis/src/helm). */
  chartFindings?: readonly Finding[];
}

/**
 * The findings of `document`: a cluster profile's own problems; a Helm chart's files (templates are not
 * manifests); a kustomization's fragment (its YAML problems alone); else the whole `checkFile` pipeline. Then
 * what kustomize renderings placed on it.
 */
export function analyzeDocument(document: DocumentToAnalyze): Finding[] {
  const findings = ownFindings(document);
  if (document.renderedFindings) findings.push(...document.renderedFindings);
  // A values file kept outside its chart (a `.kubesim.yaml` names it) is its own file, plus what the chart's renderings placed on it.
  if (document.chartFindings && !isChartFile(document)) findings.push(...document.chartFindings.map((finding) => ({ ...finding })));
  return findings;
}

/**
 * Does ahead the cross-object checks analyzeDocument will run on `document` (their findings are cached per object
 * and per what they read), for a front-end with idle time before it: a large file's first check while its worker
 * finishes. What analyzeDocument then returns is the same; a document it would not check as a manifest is skipped.
 */
export function prepareAnalysis(document: DocumentToAnalyze): void {
  if (isProfileFile(document.path) || isChartFile(document) || !document.checkedAlone) return;
  const options = document.checkOptions();
  if (options.workspace !== undefined) runWorkspaceChecks(document.parsed(), options);
}

function isChartFile(document: DocumentToAnalyze): boolean {
  return document.path !== undefined && document.charts.chartRootOf(document.path) !== undefined;
}

function ownFindings(document: DocumentToAnalyze): Finding[] {
  const { path } = document;
  if (isProfileFile(path)) return profileFileFindings(document.text, document.checkOptions().cluster.version);
  const chart = chartFindings(document);
  if (chart) return chart;
  if (!document.checkedAlone) return problemsOf(document.parsed()).map((problem) => ({ ...problem }));
  return checkFile(document.parsed(), document.checkOptions());
}

/**
 * Helm: the findings of a file of a chart (what the chart's renderings placed on it: templates, values files,
 * Chart.yaml), or undefined for a file outside any chart. A chart's file is never checked as a manifest.
 */
function chartFindings(document: DocumentToAnalyze): Finding[] | undefined {
  if (!isChartFile(document)) return undefined;
  return (document.chartFindings ?? []).map((finding) => ({ ...finding }));
}
