// Hovers and code lenses on kustomization files: the names a generator's object gets in each
// rendering, and "this edit rolls out …" when an unsaved edit changes a generated name.
import { basename, dirname, relative } from 'node:path';
import type { CodeLens, Hover, Position } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  describeRollouts,
  generatedNameOf,
  generatorEntriesOf,
  generatorEntryAt,
  rolledOutWorkloads,
  isKustomizationFileName,
  keySpanOfField,
  parseKustomization,
  type Kustomization,
  normalizeUri,
  pathOfUri,
} from '@kubesim/analysis';
import type { KustomizeLive } from './kustomize-live';

function kustomizationOf(document: TextDocument): Kustomization | undefined {
  const path = pathOfUri(normalizeUri(document.uri));
  if (path === undefined || !isKustomizationFileName(basename(path))) return undefined;
  return parseKustomization(path, dirname(path), document.getText());
}

/** The hover over a configMapGenerator/secretGenerator entry: its generated name in every rendering. */
export function kustomizeHover(live: KustomizeLive, document: TextDocument, position: Position): Hover | null {
  const kustomization = kustomizationOf(document);
  if (!kustomization) return null;
  const entry = generatorEntryAt(kustomization, document.offsetAt(position));
  if (!entry) return null;
  const lines: string[] = [];
  for (const root of live.session.rootsReading(kustomization.path)) {
    const rendered = live.session.renderingOf(root)?.rendered;
    const name = rendered ? generatedNameOf(rendered, kustomization, entry) : undefined;
    // The kustomization's own rendering is named by its folder (a bare "." read as nothing).
    const folder = relative(kustomization.directory, dirname(root));
    const label = folder === '' ? `\`${basename(kustomization.directory)}\` (this kustomization)` : `\`${folder}\``;
    if (name !== undefined) lines.push(`- ${label}: \`${name}\``);
  }
  const heading = `**${entry.kind} \`${entry.name}\`**`;
  if (lines.length === 0)
    return {
      contents: {
        kind: 'markdown',
        value: `${heading}: not rendered yet${live.session.canRender ? '' : live.trusted ? ' (no kustomize found)' : ' (the workspace is not trusted)'}`,
      },
    };
  return { contents: { kind: 'markdown', value: `${heading}, as kustomize names it (content hash included):\n\n${lines.join('\n')}` } };
}

/** A lens on each generator entry whose edit (since the files were opened) renames its object and so rolls workloads out. */
export function kustomizeLenses(live: KustomizeLive, document: TextDocument): CodeLens[] {
  const kustomization = kustomizationOf(document);
  if (!kustomization) return [];
  const lenses: CodeLens[] = [];
  for (const entry of generatorEntriesOf(kustomization)) {
    const rolled = new Map<string, ReturnType<typeof rolledOutWorkloads>[number]>();
    for (const root of live.session.rootsReading(kustomization.path)) {
      const now = live.session.renderingOf(root)?.rendered;
      const opened = live.opened.renderingOf(root)?.rendered;
      if (!now || !opened || now.error || opened.error) continue;
      const openedKustomization = opened.tree.kustomizations.get(kustomization.path);
      if (!openedKustomization || generatedNameOf(now, kustomization, entry) === generatedNameOf(opened, openedKustomization, entry)) continue;
      for (const workload of rolledOutWorkloads(opened, now, live.clusterOfRoot(root))) rolled.set(`${workload.kind}/${workload.name}`, workload);
    }
    if (rolled.size === 0) continue;
    const position = document.positionAt(keySpanOfField(kustomization, [entry.key, entry.index]).start);
    lenses.push({ range: { start: position, end: position }, command: { title: describeRollouts([...rolled.values()]), command: '' } });
  }
  return lenses;
}
