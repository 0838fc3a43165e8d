// The rollout of a values change in the editor: a code lens on each values key the edit changed (does it roll the
// rendered workloads out, by the analysis's rollout verdict) and the preview's source for a chart's file (the rendered
// workload from the chart as it is now, with the same chart rendered from git HEAD or as opened as its base).
import type { CodeLens } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec } from '@kubesim/engine';
import type { SimulateRolloutParams } from '../../../protocol/src/index';
import { changedValuesKeys, normalizeUri, pathOfUri, previewedWorkload, valuesEditOf, valuesRolloutTitle } from '@kubesim/analysis';
import type { HelmLive } from './helm-live';
import type { KustomizePreviewSource } from './kustomize-preview';

/** The command a lens runs (the rollout preview at the key). */
const OPEN_ROLLOUT_PREVIEW_COMMAND = 'kubesim.openRolloutPreview';
const BASE_LABELS = { head: 'git HEAD, rendered by helm', opened: 'the chart as first opened, rendered by helm' } as const;

/** What the edit of `document` (a file a chart reads) does to the chart's rendered workloads, or undefined outside charts. */
function editOf(live: HelmLive, document: TextDocument, cluster: ClusterSpec) {
  const path = pathOfUri(normalizeUri(document.uri));
  const root = path === undefined ? undefined : live.chartsReading(path, document.uri)[0];
  if (path === undefined || root === undefined) return undefined;
  return { path, root, edit: valuesEditOf(live.session.resultOf(root), live.baseline.resultOf(root), path, cluster) };
}

/** A lens above each values key the edit changed since the baseline: which rendered workloads roll out, or none. */
export function helmValuesLenses(live: HelmLive, document: TextDocument, cluster: ClusterSpec): CodeLens[] {
  const found = editOf(live, document, cluster);
  if (!found?.edit?.base || !live.isValuesFile(found.path)) return [];
  const keys = changedValuesKeys(document.getText(), live.baselineTextOf(found.path));
  if (keys.length === 0) return [];
  const title = valuesRolloutTitle(found.edit.rollouts);
  return keys.map((key) => {
    const position = document.positionAt(key.span.start);
    return { range: { start: position, end: position }, command: { title, command: OPEN_ROLLOUT_PREVIEW_COMMAND, arguments: [document.uri, key.span.start] } };
  });
}

/**
 * The preview of a chart's file (a values file, a template, Chart.yaml): the rendered workload the edit rolls out
 * (a template's own workload first), played from the baseline rendering; undefined for a file no chart reads.
 */
export async function helmPreviewSource(
  live: HelmLive,
  document: TextDocument,
  params: SimulateRolloutParams,
  cluster: ClusterSpec,
): Promise<KustomizePreviewSource | undefined> {
  const first = editOf(live, document, cluster);
  if (!first) return undefined;
  // Rendered off the edit path: the preview waits for the rendering of the text as it is now (cached when unchanged).
  await live.renderNow(first.root);
  const found = editOf(live, document, cluster);
  const edit = found?.edit;
  if (!found || !edit?.now.file) return { kind: 'failed', message: live.whyNotRendered(first.root) };
  const own = edit.now.objects.find((entry) => entry.templatePath === found.path && edit.rollouts.some((rollout) => rollout.object === entry.object));
  const workload = own?.object ?? previewedWorkload(edit.rollouts)?.object;
  const offset = workload?.document.start ?? 0;
  const text = edit.now.file.text;
  const kind = live.baselineKindOf(found.root);
  if (params.base.kind === 'fresh' || !edit.base?.file || kind === undefined)
    return { kind: 'rendered', text, offset, baseLabel: 'fresh create (no earlier rendering)', root: found.root };
  return { kind: 'rendered', text, offset, baseText: edit.base.file.text, baseLabel: BASE_LABELS[kind], root: found.root };
}
