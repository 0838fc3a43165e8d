// Finds the line that produced a field of a rendered object: the patch, `images:` or `replicas:`
// entry, label or name prefix that set it last, else the base resource, else the kustomization
// entry that brought the object in. Follows kustomize's transformer order, read from its
// `alpha.config.kubernetes.io/transformations` annotation, newest first.
import { resolve } from 'node:path';
import type { ManifestObject } from '../manifest/manifest-document';
import { objectsOf, parseManifestFile, type ManifestFile } from '../manifest/manifest-file';
import type { SourceSpan } from '../manifest/source-span';
import type { SourceNode } from '../manifest/source-tree';
import { locatePath, type PathSegment } from '../manifest/yaml-path';
import { keySpanOfField, spanOfField, type Kustomization } from './kustomization-file';
import type { KustomizationTree, KustomizeHost } from './kustomization-tree';
import { patchSourcesOf, type PatchSource } from './patch-sources';
import type { RenderedObject } from './render-kustomization';
import type { SourcePlace } from './source-place';
import { transformerPlace } from './transformer-entries';

/** Maps fields of the objects of one rendering back to their sources; files are read once. */
export class SourcePlacer {
  private readonly resourceFiles = new Map<string, ManifestFile | undefined>();
  private readonly patches = new Map<string, PatchSource[]>();

  constructor(
    private readonly tree: KustomizationTree,
    private readonly host: KustomizeHost,
  ) {}

  /** Where `path` of `rendered` came from; `onKey` asks for the key rather than the value. */
  place(rendered: RenderedObject, path: readonly PathSegment[], onKey: boolean): SourcePlace {
    const value = rendered.object.value;
    const renderedValue = valueAt(value, path);
    let partial: { place: SourcePlace; depth: number } | undefined;
    const consider = (place: SourcePlace, depth: number) => {
      if (!partial || depth > partial.depth) partial = { place, depth };
    };
    // Newest transformer first: the last one to touch the field decides its value.
    const visited = new Set<string>();
    for (const { kustomizationPath } of [...rendered.provenance.transformations].reverse()) {
      if (visited.has(kustomizationPath)) continue;
      visited.add(kustomizationPath);
      const kustomization = this.tree.kustomizations.get(kustomizationPath);
      if (!kustomization) continue;
      const entry = transformerPlace(kustomization, rendered, path, renderedValue);
      if (entry) return entry;
      for (const patch of [...this.patchesOf(kustomization)].reverse()) {
        const found = this.placeInPatch(patch, rendered, path, renderedValue, onKey);
        if (found?.exact) return found.place;
        if (found) consider(found.place, found.depth);
      }
    }
    const base = this.placeInBase(rendered, path, renderedValue, onKey);
    if (base?.exact) return base.place;
    // A field that is missing in every source: its deepest parent, the base's on a tie.
    if (base && (!partial || base.depth >= partial.depth) && base.depth > 0) return base.place;
    if (partial && partial.depth > 0) return partial.place;
    return this.entryThatBroughtIn(rendered);
  }

  private patchesOf(kustomization: Kustomization): PatchSource[] {
    let list = this.patches.get(kustomization.path);
    if (!list) this.patches.set(kustomization.path, (list = patchSourcesOf(kustomization, this.host)));
    return list;
  }

  private placeInPatch(
    patch: PatchSource,
    rendered: RenderedObject,
    path: readonly PathSegment[],
    renderedValue: unknown,
    onKey: boolean,
  ): Located | undefined {
    if (!targets(patch, rendered)) return undefined;
    const place = (span: SourceSpan): SourcePlace => ({ path: patch.path, text: patch.text, span: mapSpan(span, patch) });
    let best: Located | undefined;
    for (const document of patch.documents) {
      if (patch.type === 'json6902') {
        const found = placeInOperations(document.value, document.tree, document.start, path, renderedValue, onKey);
        if (found && (!best || found.depth > best.depth || found.exact)) best = { ...found, place: place(found.span) };
        if (best?.exact) return best;
        continue;
      }
      if (!isPatchFor(document.value, rendered, patch.target !== undefined)) continue;
      const found = placeAlong(document.value, document.tree, document.start, rendered.object.value, path, renderedValue, onKey);
      // A patch names its object in metadata; that is not where the object's fields come from.
      if (found.depth <= 1 && path[0] === 'metadata') continue;
      if (!best || found.depth > best.depth || found.exact) best = { ...found, place: place(found.span) };
    }
    return best;
  }

  /** The object of a resource file that `rendered` was read from, or undefined (a generated object, a file gone). */
  baseObjectOf(rendered: RenderedObject): { path: string; file: ManifestFile; object: ManifestObject } | undefined {
    const originPath = rendered.provenance.originPath;
    if (!originPath) return undefined;
    if (!this.resourceFiles.has(originPath)) {
      const text = this.host.readText(originPath);
      this.resourceFiles.set(originPath, text === undefined ? undefined : parseManifestFile(text));
    }
    const file = this.resourceFiles.get(originPath);
    if (!file) return undefined;
    const renderedName = rendered.object.name ?? '';
    const candidates = objectsOf(file).filter(
      (object) => object.kind === rendered.object.kind && object.name !== undefined && renderedName.includes(object.name),
    );
    // The longest original name contained in the rendered one: `api` and `api-canary` both fit `prod-api-canary`.
    const object = candidates.sort((a, b) => (b.name?.length ?? 0) - (a.name?.length ?? 0))[0];
    return object && { path: originPath, file, object };
  }

  /**
   * The patch documents that the kustomizations which transformed `rendered` apply to it: `span` covers the
   * document in its file, `name` its metadata.name when that is how the patch picks its object.
   */
  patchDocumentsOf(rendered: RenderedObject): { path: string; text: string; span: SourceSpan; name?: SourceSpan }[] {
    const found: { path: string; text: string; span: SourceSpan; name?: SourceSpan }[] = [];
    const kustomizations = new Set(rendered.provenance.transformations.map(({ kustomizationPath }) => kustomizationPath));
    for (const kustomizationPath of kustomizations) {
      const kustomization = this.tree.kustomizations.get(kustomizationPath);
      for (const patch of kustomization ? this.patchesOf(kustomization) : []) {
        if (!targets(patch, rendered)) continue;
        for (const document of patch.documents) {
          if (patch.type === 'strategic-merge' && !isPatchFor(document.value, rendered, patch.target !== undefined)) continue;
          const span = mapSpan({ start: document.start, end: Math.max(document.start + 1, document.end) }, patch);
          // Only a patch without `target:` is matched by its metadata.name (a targeted one's name is not read).
          const named = patch.type === 'strategic-merge' && patch.target === undefined;
          const name = named ? locatePath(document.tree, ['metadata', 'name'], document.start).value : undefined;
          found.push({ path: patch.path, text: patch.text, span, ...(name ? { name: mapSpan(name, patch) } : {}) });
        }
      }
    }
    return found;
  }

  private placeInBase(rendered: RenderedObject, path: readonly PathSegment[], renderedValue: unknown, onKey: boolean): Located | undefined {
    const base = this.baseObjectOf(rendered);
    if (!base) return undefined;
    const { object, file, path: originPath } = base;
    const found = placeAlong(
      object.value,
      object.document.tree,
      object.document.start,
      rendered.object.value,
      [...object.basePath, ...path].slice(object.basePath.length),
      renderedValue,
      onKey,
      object.basePath,
    );
    return { ...found, place: { path: originPath, text: file.text, span: found.span } };
  }

  // The root's entry (`resources:` item, generator) leading to the object's file; else the root's first line.
  private entryThatBroughtIn(rendered: RenderedObject): SourcePlace {
    const root = this.tree.root;
    const source = rendered.provenance.originPath ?? rendered.provenance.generatedBy?.kustomizationPath;
    const resources = Array.isArray(root.value.resources) ? (root.value.resources as unknown[]) : [];
    if (source !== undefined) {
      const index = resources.findIndex((entry) => typeof entry === 'string' && isWithin(source, resolve(root.directory, entry)));
      if (index >= 0) return { path: root.path, text: root.text, span: spanOfField(root, ['resources', index]) };
    }
    return { path: root.path, text: root.text, span: keySpanOfField(root, ['resources']) };
  }
}

interface Located {
  place: SourcePlace;
  depth: number;
  exact: boolean;
}

function isWithin(path: string, directoryOrFile: string): boolean {
  return path === directoryOrFile || path.startsWith(directoryOrFile.endsWith('/') ? directoryOrFile : `${directoryOrFile}/`);
}

function mapSpan(span: SourceSpan, patch: PatchSource): SourceSpan {
  const start = patch.toFileOffset(span.start);
  const end = patch.toFileOffset(Math.max(span.start, span.end - 1)) + 1;
  return { start, end: Math.max(end, start + 1) };
}

function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment as string];
  }
  return current;
}

function isSameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function targets(patch: PatchSource, rendered: RenderedObject): boolean {
  const target = patch.target;
  if (!target) return true;
  if (target.kind !== undefined && target.kind !== rendered.object.kind) return false;
  if (target.name !== undefined) {
    const name = rendered.object.name ?? '';
    let matches = name.includes(target.name);
    try {
      matches ||= new RegExp(`^(?:${target.name})$`).test(name);
    } catch {
      // Not a regular expression: the plain comparison stands.
    }
    if (!matches) return false;
  }
  return true;
}

// A strategic merge patch names its object by kind and (original) name, unless the entry has a
// `target:`, which then selects the objects alone.
function isPatchFor(value: unknown, rendered: RenderedObject, hasTarget: boolean): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (hasTarget) return true;
  const patch = value as { kind?: unknown; metadata?: { name?: unknown } };
  if (typeof patch.kind === 'string' && patch.kind !== rendered.object.kind) return false;
  const name = patch.metadata?.name;
  return typeof name !== 'string' || (rendered.object.name ?? '').includes(name);
}

// Lists of maps merge by key in a strategic merge (containers by name, ports by containerPort):
// the rendered item at index i is the source item with the same key.
const MERGE_KEYS = ['name', 'containerPort', 'mountPath', 'devicePath', 'ip', 'topologyKey', 'port'];

/**
 * Walks `path` through a source value (a base object or a strategic merge patch) beside the
 * rendered value, matching list items by merge key, and returns the deepest span reached.
 */
function placeAlong(
  sourceValue: unknown,
  tree: SourceNode | undefined,
  base: number,
  renderedObject: unknown,
  path: readonly PathSegment[],
  renderedValue: unknown,
  onKey: boolean,
  prefix: readonly PathSegment[] = [],
): { span: SourceSpan; depth: number; exact: boolean } {
  const sourcePath: PathSegment[] = [];
  let source = sourceValue;
  let rendered = renderedObject;
  for (const segment of path) {
    if (Array.isArray(source) && typeof segment === 'number' && Array.isArray(rendered)) {
      const item = rendered[segment] as Record<string, unknown> | undefined;
      const key = item && typeof item === 'object' ? MERGE_KEYS.find((candidate) => item[candidate] !== undefined) : undefined;
      const index = key ? source.findIndex((candidate) => (candidate as Record<string, unknown> | null)?.[key] === item![key]) : segment;
      if (index < 0 || index >= source.length) break;
      sourcePath.push(index);
      source = source[index];
      rendered = item;
    } else if (source !== null && typeof source === 'object' && !Array.isArray(source) && Object.hasOwn(source, segment)) {
      sourcePath.push(segment);
      source = (source as Record<string, unknown>)[segment as string];
      rendered = (rendered as Record<string, unknown> | undefined)?.[segment as string];
    } else {
      break;
    }
  }
  const location = locatePath(tree, [...prefix, ...sourcePath], base);
  const complete = sourcePath.length === path.length;
  const span = complete && !onKey ? (location.value ?? location.key) : (location.key ?? location.value);
  return { span: span ?? { start: base, end: base + 1 }, depth: sourcePath.length, exact: complete && isSameValue(source, renderedValue) };
}

// A JSON 6902 operation sets the field when its path is the field or one of its parents.
function placeInOperations(
  value: unknown,
  tree: SourceNode | undefined,
  base: number,
  path: readonly PathSegment[],
  renderedValue: unknown,
  onKey: boolean,
): { span: SourceSpan; depth: number; exact: boolean } | undefined {
  if (!Array.isArray(value)) return undefined;
  let best: { span: SourceSpan; depth: number; exact: boolean } | undefined;
  for (let index = value.length - 1; index >= 0; index--) {
    const operation = value[index] as { op?: unknown; path?: unknown; value?: unknown } | null;
    if (!operation || typeof operation.path !== 'string' || !['add', 'replace', 'copy', 'move'].includes(String(operation.op))) continue;
    const pointer = operation.path
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (pointer.length > path.length || !pointer.every((part, i) => part === String(path[i]) || (part === '-' && typeof path[i] === 'number'))) continue;
    const rest = path.slice(pointer.length);
    const inside = placeAlong(operation.value, undefined, 0, undefined, rest, renderedValue, onKey);
    const location = locatePath(tree, [index, 'value', ...rest.slice(0, inside.depth)], base);
    const span = (onKey ? location.key : location.value) ?? location.value ?? location.key;
    if (!span) continue;
    const found = { span, depth: pointer.length + inside.depth, exact: inside.exact };
    if (found.exact) return found;
    if (!best || found.depth > best.depth) best = found;
  }
  return best;
}
