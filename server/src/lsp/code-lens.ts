// Code lenses above each Deployment and StatefulSet: the rollout preview command with the names it will create
// (the analysis's title: none of them for an object the API server refuses).
import type { ClusterSpec } from '@kubesim/engine';
import type { CodeLens } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type IndexedObject,
  locate,
  type ManifestObject,
  objectsOf,
  type ManifestFile,
  rolloutCostLensTitle,
  rolloutLensTitle,
  trafficLensesOf,
} from '@kubesim/analysis';

/** The command a lens runs; its arguments are `[uri: string, offset: number, options?: { pin: boolean }]`. */
const OPEN_ROLLOUT_PREVIEW_COMMAND = 'kubesim.openRolloutPreview';

/** A lens before it becomes LSP: title, the offset it sits at and the offset passed to the command. */
interface WorkloadLens {
  title: string;
  /** Start of the object's first line (where the lens is drawn). */
  start: number;
  /** An offset inside the object, passed to the command so the client can find the workload. */
  offset: number;
}

/** The rollout's best-case duration and surge above a written `strategy:` / `updateStrategy:` key, if any. */
function costLens(file: ManifestFile, object: ManifestObject, cluster: ClusterSpec, offset: number): WorkloadLens[] {
  if (object.apiVersion !== 'apps/v1') return [];
  const key = object.kind === 'Deployment' ? 'strategy' : object.kind === 'StatefulSet' ? 'updateStrategy' : undefined;
  const place = key === undefined ? undefined : locate(object, ['spec', key]);
  if (!place?.key || place.depth !== 2) return [];
  const title = rolloutCostLensTitle(object, cluster);
  if (!title) return [];
  return [{ title, start: file.text.lastIndexOf('\n', place.key.start - 1) + 1, offset }];
}

/** One lens per previewed workload of the file (Deployment to HPA), in source order, and one above each written strategy. */
export function computeWorkloadLenses(file: ManifestFile, cluster: ClusterSpec): WorkloadLens[] {
  return objectsOf(file).flatMap((object) => {
    const title = rolloutLensTitle(object, cluster);
    if (!title) return [];
    const root = locate(object, []).value ?? { start: object.document.start };
    const lineStart = file.text.lastIndexOf('\n', root.start - 1) + 1;
    return [{ title, start: lineStart, offset: root.start }, ...costLens(file, object, cluster, root.start)];
  });
}

/** The LSP code lenses of an open document: a workload's rollout, a Service's or an Ingress's traffic (`workspace`: the index). */
export function provideCodeLenses(document: TextDocument, file: ManifestFile, cluster: ClusterSpec, workspace?: readonly IndexedObject[]): CodeLens[] {
  const rollouts = computeWorkloadLenses(file, cluster).map((lens): CodeLens => {
    const position = document.positionAt(lens.start);
    return {
      range: { start: position, end: position },
      command: { title: lens.title, command: OPEN_ROLLOUT_PREVIEW_COMMAND, arguments: [document.uri, lens.offset] },
    };
  });
  // The preview opens on a workload behind the Service, pinned to it: reading the Service keeps it on screen.
  const traffic = trafficLensesOf(file, document.uri, workspace).map((lens): CodeLens => {
    const position = document.positionAt(lens.start);
    return {
      range: { start: position, end: position },
      command: { title: lens.title, command: OPEN_ROLLOUT_PREVIEW_COMMAND, arguments: [lens.target.uri, lens.target.offset, { pin: true }] },
    };
  });
  return [...rollouts, ...traffic];
}
