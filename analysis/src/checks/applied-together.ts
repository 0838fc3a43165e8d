// Which objects are applied together with a checked file, for the checks that report conflicts.
// `kubectl apply -f DIR` applies the files directly in DIR; a kustomization's output is one file
// here. A folder in which two files define the same object is not applied as a whole (the second
// would overwrite the first): it holds alternatives (ingress-nginx's per-provider deploy.yaml,
// kube-state-metrics' sharding examples) and each of its files stands alone.
import type { IndexedObject } from './indexed-object';
import { folderOfUri, type WorkspaceView } from './workspace-view';

/**
 * `own` (the checked file's objects) plus the objects of the other files of its folder, unless that
 * folder holds alternatives. Files without a folder (`kustomize:` renderings, unsaved buffers) stand
 * alone. The folders of alternatives are found once per view, not once per checked file.
 */
export function appliedTogether(view: WorkspaceView, uri: string | undefined, own: readonly IndexedObject[]): readonly IndexedObject[] {
  if (uri === undefined || !uri.startsWith('file:')) return own;
  const folder = folderOfUri(uri);
  if (view.holdsAlternatives(folder)) return own;
  const together = [...own];
  for (const entry of view.objectsOfFolder(folder)) if (entry.uri !== uri) together.push(entry);
  return together;
}
