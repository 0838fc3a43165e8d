// A kustomization with everything its build reads: the kustomizations it reaches through
// resources and components, and every local file they name.
import { basename, dirname, join, resolve } from 'node:path';
import {
  isKustomizationFileName,
  KUSTOMIZATION_FILE_NAMES,
  parseKustomization,
  referencesOf,
  remoteReferencesOf,
  type Kustomization,
  type ReferenceRole,
} from './kustomization-file';
import { loadRefusalOf, type LoadRefusal } from './load-restrictions';

/** Where the kustomize code reads files from: the editor's buffers first, then the disk. */
export interface KustomizeHost {
  /** The text of a file, or undefined when it does not exist or is a directory. */
  readText(path: string): string | undefined;
  isDirectory(path: string): boolean;
  /**
   * The text to use for a file that is otherwise copied byte for byte (generator sources, which may
   * be binary): an editor buffer, or the file at git HEAD. Undefined: copy the file on disk.
   */
  overrideText?(path: string): string | undefined;
}

/** A file read by a build, and the kustomization entry that names it. */
interface TreeFile {
  role: ReferenceRole;
  /** The kustomization naming it and the entry's field path. */
  namedBy: Kustomization;
  field: (string | number)[];
  /** Why it is not read (kustomize refuses it, or kubesim's limits): never read, copied or built. */
  refusal?: LoadRefusal;
}

/** One kustomization root with every kustomization and file its build reads. */
export interface KustomizationTree {
  root: Kustomization;
  /** Every kustomization reached, by file path (the root first). */
  kustomizations: Map<string, Kustomization>;
  /** Every other local file the build reads, by absolute path. */
  files: Map<string, TreeFile>;
  /** Folders named as resources or components that hold no kustomization (kustomize reports them). */
  emptyDirectories: Set<string>;
  /** Remote targets (URLs, git repositories) named anywhere in the tree: kustomize would fetch them. */
  remote: { namedBy: Kustomization; field: (string | number)[]; target: string }[];
}

/** The kustomization file of `directory` (kustomize's first recognised name), if any. */
export function findKustomization(host: KustomizeHost, directory: string): Kustomization | undefined {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const path = join(directory, name);
    const text = host.readText(path);
    if (text !== undefined) return parseKustomization(path, directory, text);
  }
  return undefined;
}

/** The kustomization `path` is, when its name is one kustomize reads and it is the one kustomize picks. */
export function kustomizationAt(host: KustomizeHost, path: string): Kustomization | undefined {
  if (!isKustomizationFileName(basename(path))) return undefined;
  const found = findKustomization(host, dirname(resolve(path)));
  return found && found.path === resolve(path) ? found : undefined;
}

/** Follows every local reference from `root`; a cycle stops at the second visit (kustomize reports it). */
export function loadKustomizationTree(host: KustomizeHost, root: Kustomization): KustomizationTree {
  const tree: KustomizationTree = { root, kustomizations: new Map([[root.path, root]]), files: new Map(), emptyDirectories: new Set(), remote: [] };
  const pending = [root];
  while (pending.length > 0) {
    const kustomization = pending.shift()!;
    for (const { target, field } of remoteReferencesOf(kustomization)) tree.remote.push({ namedBy: kustomization, field, target });
    for (const reference of referencesOf(kustomization)) {
      const target = resolve(kustomization.directory, reference.target);
      if (host.isDirectory(target)) {
        const nested = findKustomization(host, target);
        if (!nested) tree.emptyDirectories.add(target);
        if (nested && !tree.kustomizations.has(nested.path)) {
          tree.kustomizations.set(nested.path, nested);
          pending.push(nested);
        }
      } else if (!tree.files.has(target)) {
        const refusal = loadRefusalOf(kustomization.directory, reference.target);
        tree.files.set(target, { role: reference.role, namedBy: kustomization, field: reference.field, ...(refusal ? { refusal } : {}) });
      }
    }
  }
  return tree;
}
