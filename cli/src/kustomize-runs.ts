// The kustomize part of `kubesim check` and `kubesim names`: renders each kustomization root with
// the real kustomize and says once, plainly, when there is none to run.
import { availableParallelism } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import type { ClusterSpec } from '@kubesim/engine';
import {
  LineIndex,
  checkRenderedKustomization,
  diskHost,
  buildInMirror,
  kustomizeBinary,
  removeStaleKustomizeMirrors,
  isCheckedAlone,
  kustomizeLayoutOf,
  type KustomizeLayout,
  renderKustomization,
  type RenderedKustomization,
  type IndexedObject,
} from '@kubesim/analysis';
import type { FileDiagnostic } from './check-formats';

/** The kustomizations among the CLI's files, and whether they can be rendered here. */
interface KustomizeRun {
  layout: KustomizeLayout;
  /** Files to check on their own (everything else belongs to a build). */
  plainFiles: string[];
  /** Renders every root (none without a kustomize binary). */
  render(): Promise<RenderedKustomization[]>;
}

const host = diskHost();
/** kustomize processes run at once by `check` and `names`. */
const PARALLEL_BUILDS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * Splits `paths` into plain files and kustomization roots; warns once on stderr when no kustomize exists.
 * kustomize fetches remote resources only with `allowRemoteResources` (`--allow-remote-resources`).
 */
export function planKustomizeRun(paths: readonly string[], warn: (text: string) => void, allowRemoteResources = false): KustomizeRun {
  const layout = kustomizeLayoutOf(host, paths);
  const binary = layout.roots.length > 0 ? kustomizeBinary() : undefined;
  if (binary) removeStaleKustomizeMirrors();
  if (layout.roots.length > 0 && !binary) {
    warn(
      `kubesim: no kustomize found (neither \`kustomize\` nor \`kubectl\` is on the PATH): ${layout.roots.length} kustomization(s) not rendered; ` +
        'their resource files are checked on their own, their patches are not.',
    );
  }
  return {
    layout,
    plainFiles: paths.filter((path) => isCheckedAlone(layout, path, binary !== undefined)),
    render: async () => {
      if (!binary) return [];
      const build = (files: Parameters<typeof buildInMirror>[1], root: string) => buildInMirror(binary, files, root);
      // A few builds at a time: each is a kustomize process, mostly waiting on its own start-up.
      const rendered: RenderedKustomization[] = new Array(layout.roots.length);
      let next = 0;
      const worker = async () => {
        while (next < layout.roots.length) {
          const index = next++;
          rendered[index] = await renderKustomization(host, layout.roots[index]!, build, allowRemoteResources);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_BUILDS, layout.roots.length) }, worker));
      return rendered;
    },
  };
}

/**
 * Findings of every rendering on their source lines; one finding reached from two roots is reported once.
 * `workspace` is everything the run renders (files and renderings), for the lookups of something missing.
 */
export function kustomizeDiagnostics(
  renderings: readonly RenderedKustomization[],
  clusterFor: (rootDirectory: string) => ClusterSpec,
  workspace: readonly IndexedObject[] = [],
): FileDiagnostic[] {
  const seen = new Set<string>();
  const lineIndexes = new Map<string, LineIndex>();
  const diagnostics: FileDiagnostic[] = [];
  for (const rendered of renderings) {
    for (const { path, text, finding } of checkRenderedKustomization(rendered, host, clusterFor(rendered.tree.root.directory), workspace)) {
      const key = `${path}|${finding.start}|${finding.end}|${finding.code}|${finding.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let lines = lineIndexes.get(path);
      if (!lines) lineIndexes.set(path, (lines = new LineIndex(text)));
      diagnostics.push({ file: displayPath(path), range: { start: lines.positionAt(finding.start), end: lines.positionAt(finding.end) }, finding });
    }
  }
  return diagnostics.sort(
    (a, b) => a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}

/** Paths under the working directory print relative to it, as the CLI's own file arguments do. */
export function displayPath(path: string): string {
  const relativePath = relative(process.cwd(), path);
  return relativePath.startsWith('..') || isAbsolute(relativePath) ? path : relativePath;
}
