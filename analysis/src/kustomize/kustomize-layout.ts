// Which files of a set belong to kustomizations: the roots to render, and the files (patches,
// resources, generator sources) that are only meaningful as part of a build.
import { dirname, resolve } from 'node:path';
import type { Kustomization, ReferenceRole } from './kustomization-file';
import { findKustomization, kustomizationAt, loadKustomizationTree, type KustomizeHost } from './kustomization-tree';

/** The kustomization roots among some files, and what every other file is to them. */
export interface KustomizeLayout {
  /** Kustomizations to build (every one found except components), in the order given. */
  roots: Kustomization[];
  /** Every kustomization file reached, root or not (absolute paths). */
  kustomizationFiles: Set<string>;
  /** Files a build reads, by absolute path, with the role of their first mention. */
  usedFiles: Map<string, ReferenceRole>;
}

/**
 * Finds the kustomizations among `paths` and everything their builds read. A file named alone (a
 * patch given on the command line) brings in the kustomization of a folder above it that reads it.
 */
export function kustomizeLayoutOf(host: KustomizeHost, paths: readonly string[]): KustomizeLayout {
  const layout: KustomizeLayout = { roots: [], kustomizationFiles: new Set(), usedFiles: new Map() };
  const kustomizations = paths.flatMap((path) => kustomizationAt(host, resolve(path)) ?? []);
  const lookups: Lookups = { byDirectory: new Map(), reads: new Map() };
  const reached = new Set(kustomizations.flatMap((kustomization) => [...readPaths(host, kustomization, lookups)]));
  for (const path of paths.map((candidate) => resolve(candidate))) {
    if (reached.has(path) || kustomizations.some((kustomization) => kustomization.path === path)) continue;
    const owner = ancestorReading(host, path, lookups);
    if (owner && !kustomizations.some((kustomization) => kustomization.path === owner.path)) {
      kustomizations.push(owner);
      for (const read of readPaths(host, owner, lookups)) reached.add(read);
    }
  }
  for (const kustomization of kustomizations) {
    if (!kustomization.isComponent) layout.roots.push(kustomization);
    const tree = loadKustomizationTree(host, kustomization);
    for (const reached of tree.kustomizations.keys()) layout.kustomizationFiles.add(reached);
    for (const [file, { role }] of tree.files) if (!layout.usedFiles.has(file)) layout.usedFiles.set(file, role);
  }
  return layout;
}

const ANCESTOR_LEVELS = 4;

/** What one layout computation has looked up already: a folder's kustomization, a kustomization's reads. */
interface Lookups {
  byDirectory: Map<string, Kustomization | undefined>;
  reads: Map<string, Set<string>>;
}

function readPaths(host: KustomizeHost, kustomization: Kustomization, lookups: Lookups): Set<string> {
  let reads = lookups.reads.get(kustomization.path);
  if (!reads) {
    const tree = loadKustomizationTree(host, kustomization);
    lookups.reads.set(kustomization.path, (reads = new Set([...tree.kustomizations.keys(), ...tree.files.keys()])));
  }
  return reads;
}

// The nearest kustomization in the folders above `path` whose build reads it.
function ancestorReading(host: KustomizeHost, path: string, lookups: Lookups): Kustomization | undefined {
  let directory = dirname(path);
  for (let level = 0; level < ANCESTOR_LEVELS; level++) {
    if (!lookups.byDirectory.has(directory)) lookups.byDirectory.set(directory, findKustomization(host, directory));
    const found = lookups.byDirectory.get(directory);
    if (found && !found.isComponent && readPaths(host, found, lookups).has(path)) return found;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
  return undefined;
}

/**
 * Whether a file is checked on its own. Kustomization files never are. With a kustomize to build
 * them, no file a build reads is; without one, resources still are (they are whole objects), but
 * patches and generator sources are not (they are fragments).
 */
export function isCheckedAlone(layout: KustomizeLayout, path: string, canRender: boolean): boolean {
  const absolute = resolve(path);
  if (layout.kustomizationFiles.has(absolute)) return false;
  const role = layout.usedFiles.get(absolute);
  if (role === undefined) return true;
  return !canRender && role === 'resource';
}
