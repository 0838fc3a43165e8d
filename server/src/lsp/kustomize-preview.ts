// The rollout preview of a kustomization: the overlay as kustomize renders it from the editor's
// buffers, compared with the same overlay rendered from git HEAD (or the files as first opened).
import { basename, dirname } from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SimulateRolloutParams } from '../../../protocol/src/index';
import {
  diskHost,
  isKustomizationFileName,
  kustomizationAt,
  loadKustomizationTree,
  type KustomizeHost,
  buildInMirror,
  type KustomizeBinary,
  renderKustomization,
  type RenderedKustomization,
  objectsOf,
  parseManifestFile,
  normalizeUri,
  pathOfUri,
  readGitFile,
} from '@kubesim/analysis';
import type { KustomizeLive } from './kustomize-live';

const UNTRUSTED_MESSAGE = 'Overlays are not rendered in an untrusted workspace (kustomize could run programs and fetch remote resources): trust it to preview.';

/** What the preview simulates instead of the document's own text. */
export type KustomizePreviewSource =
  { kind: 'rendered'; text: string; offset: number; baseText?: string; baseLabel: string; root: string } | { kind: 'failed'; message: string };

/** The rendered overlay the document belongs to, with its baseline; undefined for files outside kustomizations. */
export async function kustomizePreviewSource(
  live: KustomizeLive,
  document: TextDocument,
  params: SimulateRolloutParams,
  canRunGit: boolean,
): Promise<KustomizePreviewSource | undefined> {
  const path = pathOfUri(normalizeUri(document.uri));
  if (path === undefined) return undefined;
  const roots = live.session.rootsReading(path);
  if (roots.length === 0) return undefined;
  // The kustomization of the document's own folder when there is one (the overlay being edited), else the first.
  const root = roots.find((candidate) => dirname(candidate) === dirname(path)) ?? roots[0]!;
  // The server looks for kustomize after `initialize`: a preview asked before then waits for the answer.
  await live.ready;
  const cluster = live.clusterOfRoot(root);
  const result = await live.session.render(root, cluster);
  const rendered = result?.rendering.rendered;
  if (!rendered) {
    if (!live.trusted) return { kind: 'failed', message: UNTRUSTED_MESSAGE };
    return { kind: 'failed', message: 'No kustomize found: install kustomize or kubectl to preview an overlay.' };
  }
  if (rendered.error || !rendered.file) return { kind: 'failed', message: `kustomize: ${rendered.error?.message ?? 'no output'}` };
  const offset = workloadOffset(rendered, isKustomizationFileName(basename(path)) ? undefined : document.getText());
  const label = `${dirname(root)}`;
  if (params.base.kind === 'fresh') return { kind: 'rendered', text: rendered.file.text, offset, baseLabel: 'fresh create (nothing exists yet)', root: label };
  if (params.base.kind === 'head' && canRunGit) {
    const binary = await live.binary();
    const head = binary && (await renderAtHead(root, binary, live.allowRemoteResources));
    if (head?.file)
      return { kind: 'rendered', text: rendered.file.text, offset, baseText: head.file.text, baseLabel: 'git HEAD, rendered by kustomize', root: label };
  }
  const opened = (await live.opened.render(root, cluster))?.rendering.rendered;
  if (opened?.file) {
    const baseLabel = 'the files as they were when opened, rendered by kustomize';
    return { kind: 'rendered', text: rendered.file.text, offset, baseText: opened.file.text, baseLabel, root: label };
  }
  return { kind: 'rendered', text: rendered.file.text, offset, baseLabel: 'fresh create (no earlier rendering)', root: label };
}

// The rendered workload the document is about: the one named like the patch or base object under
// edit, else the first Deployment or StatefulSet.
function workloadOffset(rendered: RenderedKustomization, sourceText: string | undefined): number {
  const workloads = rendered.objects.filter(({ object }) => object.apiVersion === 'apps/v1' && (object.kind === 'Deployment' || object.kind === 'StatefulSet'));
  const edited = sourceText === undefined ? [] : objectsOf(parseManifestFile(sourceText)).filter((object) => object.name !== undefined);
  const match = workloads.find(({ object }) => edited.some((source) => source.kind === object.kind && (object.name ?? '').includes(source.name!)));
  return (match ?? workloads[0])?.object.document.start ?? 0;
}

/** Deepest base chain followed at HEAD. */
const MAX_HEAD_ROUNDS = 12;

/** Renders `rootPath` from the files at git HEAD (read with `git show`), or undefined when git has none. */
async function renderAtHead(rootPath: string, binary: KustomizeBinary, allowRemoteResources: boolean): Promise<RenderedKustomization | undefined> {
  const disk = diskHost();
  const texts = new Map<string, string | undefined>();
  const asked = new Set<string>();
  const textOf = (path: string) => {
    if (!texts.has(path)) asked.add(path);
    return texts.get(path);
  };
  const host: KustomizeHost = { readText: textOf, overrideText: textOf, isDirectory: (path) => disk.isDirectory(path) };
  // Walk the tree as it was at HEAD: every file the walk asks for is read with `git show`, and the
  // walk starts again until it asks for nothing new (a tree of depth n takes n + 1 rounds).
  for (let round = 0; round < MAX_HEAD_ROUNDS; round++) {
    asked.clear();
    const root = kustomizationAt(host, rootPath);
    if (root) {
      const tree = loadKustomizationTree(host, root);
      for (const path of tree.files.keys()) textOf(path);
    }
    if (asked.size === 0) break;
    for (const path of asked) texts.set(path, await readGitFile(path));
  }
  const root = kustomizationAt(host, rootPath);
  if (!root) return undefined;
  const rendered = await renderKustomization(host, root, (files, rootRelative) => buildInMirror(binary, files, rootRelative), allowRemoteResources);
  return rendered.error ? undefined : rendered;
}
