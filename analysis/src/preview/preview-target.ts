// Which workload the rollout preview shows: the one pinned, else the one at the cursor, else the one shown so far,
// else the file's first. A document that cannot be read never swaps the preview to another workload: while the
// shown (or pinned) workload's document has YAML errors, the answer names it and says where the first error is.
import type { ManifestDocument, ManifestObject } from '../manifest/manifest-document';
import type { ManifestFile } from '../manifest/manifest-file';
import { LineIndex } from '../manifest/line-index';
import { namespaceOf } from '../checks/indexed-object';
import { isPreviewWorkload } from './traffic-companions';
import { isWorkloadPreviewObject } from './workload-preview';

// Deployments and StatefulSets roll out; DaemonSets, Jobs, CronJobs and HPAs play their controllers.
function isPreviewed(object: ManifestObject): boolean {
  return isPreviewWorkload(object) || isWorkloadPreviewObject(object);
}

/** A workload as the panel names it. */
interface PreviewWorkloadRef {
  kind: string;
  name: string;
  namespace: string;
}

/** What the panel asks for: the cursor, the workload it shows now, the one it is pinned to. */
interface PreviewTargetRequest {
  offset: number;
  shown?: PreviewWorkloadRef;
  pinned?: PreviewWorkloadRef;
}

type PreviewTarget =
  | { kind: 'workload'; object: ManifestObject }
  /** The shown (or pinned) workload's document does not parse: keep the last good rollout, greyed, with this message. */
  | { kind: 'unreadable'; message: string }
  /** No workload to show (the pinned one is gone, or the file has none). */
  | { kind: 'none'; message: string; hasErrors: boolean };

function refOf(object: ManifestObject): PreviewWorkloadRef {
  return { kind: object.kind, name: object.name ?? '', namespace: namespaceOf(object) };
}

function isSame(object: ManifestObject, ref: PreviewWorkloadRef): boolean {
  const own = refOf(object);
  return own.kind === ref.kind && own.name === ref.name && own.namespace === ref.namespace;
}

function firstError(document: ManifestDocument): number | undefined {
  return document.problems.find((problem) => problem.severity === 'error')?.start;
}

function unreadable(file: ManifestFile, ref: PreviewWorkloadRef | undefined, errorAt: number): PreviewTarget {
  const line = new LineIndex(file.text).positionAt(errorAt).line + 1;
  return { kind: 'unreadable', message: `This ${ref?.kind ?? 'manifest'} cannot be read: YAML error at line ${line}.` };
}

/** The first YAML error of the file (documents that do not parse), if any. */
function fileErrorAt(file: ManifestFile): number | undefined {
  const whole = file.problems?.find((problem) => problem.severity === 'error');
  if (whole) return whole.start;
  for (const document of file.documents) {
    const at = firstError(document);
    if (at !== undefined) return at;
  }
  return undefined;
}

/** The workload the preview shows for `request` in `file` (see the file comment for the order). */
export function previewTargetOf(file: ManifestFile, request: PreviewTargetRequest): PreviewTarget {
  const workloads = file.documents.flatMap((document) => document.objects).filter(isPreviewed);
  const errorAt = fileErrorAt(file);
  const wanted = request.pinned ?? request.shown;
  const wantedObject = wanted && workloads.find((object) => isSame(object, wanted));
  if (request.pinned) {
    if (wantedObject) return { kind: 'workload', object: wantedObject };
    if (errorAt !== undefined) return unreadable(file, request.pinned, errorAt);
    const { kind, name } = request.pinned;
    return { kind: 'none', message: `The pinned ${kind} ${name} is no longer in this file.`, hasErrors: false };
  }
  const atCursor = file.documents.find((document) => document.start <= request.offset && request.offset <= document.end);
  const cursorError = atCursor && firstError(atCursor);
  // The cursor's document does not parse: it may be the shown workload's, mid-edit.
  if (cursorError !== undefined && request.shown) return unreadable(file, request.shown, cursorError);
  const cursorWorkload = atCursor?.objects.find(isPreviewed);
  if (cursorWorkload) return { kind: 'workload', object: cursorWorkload };
  if (wantedObject) return { kind: 'workload', object: wantedObject };
  // The shown workload is nowhere to be read and something does not parse: it is most likely there.
  if (request.shown && errorAt !== undefined) return unreadable(file, request.shown, errorAt);
  const first = workloads[0];
  if (first) return { kind: 'workload', object: first };
  return errorAt !== undefined
    ? { kind: 'none', message: 'The manifest has YAML errors (see the Problems panel).', hasErrors: true }
    : { kind: 'none', message: 'No Deployment, StatefulSet, DaemonSet, Job, CronJob or HorizontalPodAutoscaler in this file.', hasErrors: false };
}
