// Which files of a set belong to kustomizations: the roots to render, and the files (patches,
// resources, generator sources) that are only meaningful as part of a build.
import { resolve } from 'node:path';
import type { Kustomization, ReferenceRole } from './kustomization-file';
import { kustomizationAt, loadKustomizationTree, type KustomizeHost } from './kustomization-tree';

/** The kustomization roots among some files, and what every other file is to them. */
export interface KustomizeLayout {
  /** Kustomizations to build (every one found except components), in the order given. */
  roots: Kustomization[];
  /** Every kustomization file reached, root or not (absolute paths). */
  kustomizationFiles: Set<string>;
  /** Files a build reads, by absolute path, with the role of their first mention. */
  usedFiles: Map<string, ReferenceRole>;
}

/** Finds the kustomizations among `paths` and everything their builds read. */
export function kustomizeLayoutOf(host: KustomizeHost, paths: readonly string[]): KustomizeLayout {
  const layout: KustomizeLayout = { roots: [], kustomizationFiles: new Set(), usedFiles: new Map() };
  for (const path of paths) {
    const kustomization = kustomizationAt(host, resolve(path));
    if (!kustomization) continue;
    if (!kustomization.isComponent) layout.roots.push(kustomization);
    const tree = loadKustomizationTree(host, kustomization);
    for (const reached of tree.kustomizations.keys()) layout.kustomizationFiles.add(reached);
    for (const [file, { role }] of tree.files) if (!layout.usedFiles.has(file)) layout.usedFiles.set(file, role);
  }
  return layout;
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
