// Which objects are applied together with a checked file, for the checks that report conflicts.
// `kubectl apply -f DIR` applies the files directly in DIR; a kustomization's output is one file
// here. A folder in which two files define the same object is not applied as a whole (the second
// would overwrite the first): it holds alternatives (ingress-nginx's per-provider deploy.yaml,
// kube-state-metrics' sharding examples) and each of its files stands alone.
import { namespaceOf, type IndexedObject } from './check-context';

function folderOf(uri: string): string {
  const slash = uri.lastIndexOf('/');
  return slash < 0 ? '' : uri.slice(0, slash + 1);
}

// Per workspace array (one per run): the folders whose files define some object twice.
const splitFolders = new WeakMap<readonly IndexedObject[], Set<string>>();

function foldersOfAlternatives(workspace: readonly IndexedObject[]): Set<string> {
  let folders = splitFolders.get(workspace);
  if (folders) return folders;
  folders = new Set();
  const definedIn = new Map<string, string>();
  for (const { uri, object } of workspace) {
    if (object.name === undefined) continue;
    const identity = `${folderOf(uri)}\u0000${object.kind}\u0000${namespaceOf(object)}\u0000${object.name}`;
    const first = definedIn.get(identity);
    if (first === undefined) definedIn.set(identity, uri);
    else if (first !== uri) folders.add(folderOf(uri));
  }
  splitFolders.set(workspace, folders);
  return folders;
}

/**
 * `own` (the checked file's objects, first in `workspace`) plus the objects of the other files of its
 * folder, unless that folder holds alternatives. Files without a folder (`kustomize:` renderings,
 * unsaved buffers) stand alone.
 */
export function appliedTogether(workspace: readonly IndexedObject[], uri: string | undefined, own: readonly IndexedObject[]): readonly IndexedObject[] {
  if (uri === undefined || !uri.startsWith('file:')) return own;
  const folder = folderOf(uri);
  if (foldersOfAlternatives(workspace).has(folder)) return own;
  const together = [...own];
  for (const entry of workspace) if (entry.uri !== uri && folderOf(entry.uri) === folder) together.push(entry);
  return together;
}
