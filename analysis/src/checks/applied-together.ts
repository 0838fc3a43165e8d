// Which objects are applied together with a checked file, for the checks that report conflicts.
// `kubectl apply -f DIR` applies the files directly in DIR; a kustomization's output is one file
// here. A folder in which two files define the same object is not applied as a whole (the second
// would overwrite the first): it holds alternatives (ingress-nginx's per-provider deploy.yaml,
// kube-state-metrics' sharding examples) and each of its files stands alone.
import { registerTogether } from './folder-groups';
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
  const folderObjects = view.objectsOfFolder(folder);
  const together = [...own];
  for (const entry of folderObjects) if (entry.uri !== uri) together.push(entry);
  // When the view holds this very version of the file, the array is the folder's objects with the file's first:
  // the lookups over it are the folder's, shared by its files (folder-groups.ts).
  if (isViewVersion(view.objectsOfFile(uri), own)) registerTogether(together, folderObjects, uri);
  return together;
}

function isViewVersion(indexed: readonly IndexedObject[], own: readonly IndexedObject[]): boolean {
  if (indexed === own) return true;
  return indexed.length === own.length && indexed.every((entry, i) => entry.object === own[i]!.object && entry.uri === own[i]!.uri);
}
