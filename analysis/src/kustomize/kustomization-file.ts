// A kustomization file read with source offsets: the fields kubesim follows (resources, patches,
// generators, images, replicas, name prefixes) and the files it names.
import { parseDocument } from 'yaml';
import type { SourceSpan } from '../manifest/source-span';
import { sourceTreeOf, type SourceNode } from '../manifest/source-tree';
import { locatePath, type PathSegment } from '../manifest/yaml-path';

/** The file names kustomize looks for in a directory, in its order (konfig.RecognizedKustomizationFileNames). */
export const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'] as const;

/** Whether a file name is one kustomize reads as a kustomization. */
export function isKustomizationFileName(name: string): boolean {
  return (KUSTOMIZATION_FILE_NAMES as readonly string[]).includes(name);
}

/** One parsed kustomization file. Offsets are into `text`. */
export interface Kustomization {
  /** Absolute path of the file. */
  path: string;
  /** Absolute path of its directory (the kustomization root). */
  directory: string;
  text: string;
  /** The top-level map, or {} when the file is not one. */
  value: Record<string, unknown>;
  tree: SourceNode | undefined;
  /** `kind: Component`: only used by other kustomizations, never built on its own. */
  isComponent: boolean;
  /** The YAML could not be read (kustomize will say why when it builds). */
  isBroken: boolean;
}

/** What a file named by a kustomization is for. */
export type ReferenceRole = 'resource' | 'component' | 'patch' | 'generator-source' | 'configuration';

/** A file or directory named in a kustomization, with the entry that names it. */
interface KustomizationReference {
  role: ReferenceRole;
  /** As written, relative to the kustomization's directory. */
  target: string;
  /** Where the entry is, e.g. ['resources', 2]. */
  field: PathSegment[];
}

/** Parses a kustomization file; never throws. */
export function parseKustomization(path: string, directory: string, text: string): Kustomization {
  const document = parseDocument(text, { prettyErrors: false, keepSourceTokens: false });
  let value: unknown;
  try {
    value = document.errors.length === 0 ? document.toJS({ maxAliasCount: 100 }) : undefined;
  } catch {
    value = undefined;
  }
  const isMap = typeof value === 'object' && value !== null && !Array.isArray(value);
  const map = isMap ? (value as Record<string, unknown>) : {};
  return {
    path,
    directory,
    text,
    value: map,
    tree: sourceTreeOf(document.contents),
    isComponent: map.kind === 'Component',
    isBroken: !isMap && text.trim() !== '',
  };
}

/** The span of the value at `field`, or of its deepest existing parent, or the first line. */
export function spanOfField(kustomization: Kustomization, field: readonly PathSegment[]): SourceSpan {
  const location = locatePath(kustomization.tree, field, 0);
  if (location.depth === field.length && location.value) return trimmed(kustomization.text, location.value);
  if (location.key) return location.key;
  return firstLine(kustomization.text);
}

/** The span of the key at `field` (`images:` for ['images']), falling back like spanOfField. */
export function keySpanOfField(kustomization: Kustomization, field: readonly PathSegment[]): SourceSpan {
  const location = locatePath(kustomization.tree, field, 0);
  if (location.depth === field.length && location.key) return location.key;
  return spanOfField(kustomization, field);
}

function firstLine(text: string): SourceSpan {
  const newline = text.indexOf('\n');
  return { start: 0, end: Math.max(0, newline === -1 ? text.length : newline) };
}

// A block node ends after its last line break: underline up to the last visible character.
function trimmed(text: string, span: SourceSpan): SourceSpan {
  let end = span.end;
  while (end > span.start + 1 && /\s/.test(text.charAt(end - 1))) end--;
  return { start: span.start, end };
}

function stringsAt(value: Record<string, unknown>, key: string): { item: string; index: number }[] {
  const list = value[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) => (typeof item === 'string' ? [{ item, index }] : []));
}

function objectsAt(value: Record<string, unknown>, key: string): { item: Record<string, unknown>; index: number }[] {
  const list = value[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? [{ item: item as Record<string, unknown>, index }] : [],
  );
}

/**
 * A remote target kustomize would fetch: a URL (FileLoader.Load gets http(s) files for any field), or, in
 * `resources`, `bases` and `components`, a git repository as kustomize's repospec.go parseHostSpec reads one
 * (`git::`, `gh:`, `ssh://`, `file://`, scp-like `git@host:org/repo`, `github.com/org/repo`, a `_git/` path).
 */
export function isRemoteTarget(target: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(target) || /^(git::|gh:|github\.com[/:])/i.test(target) || /^[\w.-]+@[\w.-]+:/.test(target) || target.includes('_git/')
  );
}
// A patchesStrategicMerge entry is a file name, or the patch itself written inline.
function isInlinePatch(entry: string): boolean {
  return entry.includes('\n') || /^\s*[\w.-]+\s*:\s/.test(entry) || entry.trim().startsWith('{');
}

/** Every local file or directory the kustomization names, in the order its fields are read. */
export function referencesOf(kustomization: Kustomization): KustomizationReference[] {
  return entriesOf(kustomization).filter((entry) => !isRemoteTarget(entry.target));
}

/** Every remote target the kustomization names (kustomize would fetch it: see isRemoteTarget). */
export function remoteReferencesOf(kustomization: Kustomization): KustomizationReference[] {
  return entriesOf(kustomization).filter((entry) => isRemoteTarget(entry.target));
}

function entriesOf(kustomization: Kustomization): KustomizationReference[] {
  const value = kustomization.value;
  const references: KustomizationReference[] = [];
  const add = (role: ReferenceRole, target: string, field: PathSegment[]) => {
    if (target.trim() !== '') references.push({ role, target: target.trim(), field });
  };
  for (const key of ['resources', 'bases']) for (const { item, index } of stringsAt(value, key)) add('resource', item, [key, index]);
  for (const { item, index } of stringsAt(value, 'components')) add('component', item, ['components', index]);
  for (const { item, index } of objectsAt(value, 'patches')) if (typeof item.path === 'string') add('patch', item.path, ['patches', index, 'path']);
  for (const { item, index } of stringsAt(value, 'patchesStrategicMerge')) if (!isInlinePatch(item)) add('patch', item, ['patchesStrategicMerge', index]);
  for (const { item, index } of objectsAt(value, 'patchesJson6902'))
    if (typeof item.path === 'string') add('patch', item.path, ['patchesJson6902', index, 'path']);
  for (const key of ['configMapGenerator', 'secretGenerator']) {
    for (const { item, index } of objectsAt(value, key)) {
      for (const { item: file, index: fileIndex } of stringsAt(item, 'files'))
        add('generator-source', file.slice(file.indexOf('=') + 1), [key, index, 'files', fileIndex]);
      for (const { item: env, index: envIndex } of stringsAt(item, 'envs')) add('generator-source', env, [key, index, 'envs', envIndex]);
      if (typeof item.env === 'string') add('generator-source', item.env, [key, index, 'env']);
    }
  }
  for (const { item, index } of objectsAt(value, 'replacements'))
    if (typeof item.path === 'string') add('configuration', item.path, ['replacements', index, 'path']);
  for (const key of ['configurations', 'crds', 'generators', 'transformers', 'validators']) {
    for (const { item, index } of stringsAt(value, key)) if (!isInlinePatch(item)) add('configuration', item, [key, index]);
  }
  const openapi = value.openapi;
  if (typeof openapi === 'object' && openapi !== null && typeof (openapi as { path?: unknown }).path === 'string') {
    add('configuration', (openapi as { path: string }).path, ['openapi', 'path']);
  }
  return references;
}
