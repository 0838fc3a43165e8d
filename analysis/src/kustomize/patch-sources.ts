// The patches of one kustomization, read with source offsets: strategic merge and JSON 6902, in
// their own files or inline in kustomization.yaml (offsets then point into the kustomization).
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { parseManifestFile } from '../manifest/manifest-file';
import type { SourceNode } from '../manifest/source-tree';
import type { PathSegment } from '../manifest/yaml-path';
import type { Kustomization } from './kustomization-file';
import type { KustomizeHost } from './kustomization-tree';
import { locatePath } from '../manifest/yaml-path';

/** One YAML document of a patch: its value, its source tree, and where its offsets land. */
interface PatchDocument {
  value: unknown;
  tree: SourceNode | undefined;
  /** The document's start and end in `text` of its patch. */
  start: number;
  end: number;
}

/** A patch of a kustomization, in the order kustomize applies them. */
export interface PatchSource {
  type: 'strategic-merge' | 'json6902';
  /** The file holding the patch text (the kustomization itself for inline patches). */
  path: string;
  text: string;
  /** Turns an offset into the patch text into an offset into `text` of `path`. */
  toFileOffset: (offset: number) => number;
  /** The patch's own text (the block scalar's content for inline patches). */
  patchText: string;
  documents: PatchDocument[];
  /** The `target:` selector, if the entry has one. */
  target?: { kind?: string; name?: string; namespace?: string };
  /** The kustomization entry, e.g. ['patches', 0]. */
  field: PathSegment[];
}

/** Every patch of `kustomization` that kubesim can read. */
export function patchSourcesOf(kustomization: Kustomization, host: KustomizeHost): PatchSource[] {
  const sources: PatchSource[] = [];
  const add = (field: PathSegment[], entry: { path?: unknown; patch?: unknown; target?: unknown }, forced?: PatchSource['type']) => {
    const source =
      typeof entry.patch === 'string'
        ? inlineSource(kustomization, [...field, 'patch'], entry.patch)
        : typeof entry.path === 'string'
          ? fileSource(resolve(kustomization.directory, entry.path), host)
          : undefined;
    if (!source) return;
    const documents = documentsOf(source.patchText);
    const type = forced ?? (documents.some((document) => Array.isArray(document.value)) ? 'json6902' : 'strategic-merge');
    const target = typeof entry.target === 'object' && entry.target !== null ? (entry.target as PatchSource['target']) : undefined;
    sources.push({ ...source, type, documents, field, ...(target ? { target } : {}) });
  };
  const list = (key: string) => (Array.isArray(kustomization.value[key]) ? (kustomization.value[key] as unknown[]) : []);
  list('patchesStrategicMerge').forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const inline = entry.includes('\n');
    add(['patchesStrategicMerge', index], inline ? { patch: entry } : { path: entry }, 'strategic-merge');
  });
  list('patches').forEach((entry, index) => {
    if (typeof entry === 'object' && entry !== null) add(['patches', index], entry as Record<string, unknown>);
  });
  list('patchesJson6902').forEach((entry, index) => {
    if (typeof entry === 'object' && entry !== null) add(['patchesJson6902', index], entry as Record<string, unknown>, 'json6902');
  });
  return sources;
}

type Source = Pick<PatchSource, 'path' | 'text' | 'toFileOffset' | 'patchText'>;

function fileSource(path: string, host: KustomizeHost): Source | undefined {
  const text = host.readText(path);
  return text === undefined ? undefined : { path, text, patchText: text, toFileOffset: (offset) => offset };
}

// A `patch: |-` block: content line i is the kustomization's line (header + 1 + i), indented.
function inlineSource(kustomization: Kustomization, field: PathSegment[], patchText: string): Source {
  const text = kustomization.text;
  const span = locatePath(kustomization.tree, field, 0).value;
  const whole = (): number => span?.start ?? 0;
  if (!span || !/^[|>]/.test(text.slice(span.start))) return { path: kustomization.path, text, patchText, toFileOffset: whole };
  const lineStarts: number[] = [];
  let position = text.indexOf('\n', span.start) + 1;
  while (position > 0 && position <= span.end) {
    lineStarts.push(position);
    const next = text.indexOf('\n', position);
    position = next === -1 ? -1 : next + 1;
  }
  const firstContent = lineStarts
    .map((start) => text.slice(start, text.indexOf('\n', start) === -1 ? undefined : text.indexOf('\n', start)))
    .find((line) => line.trim() !== '');
  const indent = firstContent ? firstContent.length - firstContent.trimStart().length : 0;
  const patchLineStarts = [0];
  for (let i = 0; i < patchText.length; i++) if (patchText.charCodeAt(i) === 10) patchLineStarts.push(i + 1);
  const toFileOffset = (offset: number): number => {
    let line = 0;
    while (line + 1 < patchLineStarts.length && patchLineStarts[line + 1]! <= offset) line++;
    const lineStart = lineStarts[line];
    return lineStart === undefined ? whole() : lineStart + indent + (offset - patchLineStarts[line]!);
  };
  return { path: kustomization.path, text, patchText, toFileOffset };
}

function documentsOf(text: string): PatchDocument[] {
  return parseManifestFile(text).documents.flatMap((document) => {
    try {
      return [{ value: parse(document.text), tree: document.tree, start: document.start, end: document.end }];
    } catch {
      return [];
    }
  });
}
