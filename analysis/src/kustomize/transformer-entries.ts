// The kustomization entries that set a field without a patch: `images:`, `replicas:`, labels,
// `namespace:`, `namePrefix:`/`nameSuffix:` and generator entries. Each is credited only when
// the rendered value is what the entry would produce.
import type { SourceSpan } from '../manifest/source-span';
import type { PathSegment } from '../manifest/yaml-path';
import { keySpanOfField, spanOfField, type Kustomization } from './kustomization-file';
import type { SourcePlace } from './source-place';
import type { RenderedObject } from './render-kustomization';

type Entry = Record<string, unknown>;

function entries(kustomization: Kustomization, key: string): { entry: Entry; index: number }[] {
  const list = kustomization.value[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry, index) => (typeof entry === 'object' && entry !== null ? [{ entry: entry as Entry, index }] : []));
}

const CONTAINER_LISTS = new Set(['containers', 'initContainers', 'ephemeralContainers']);

/** The entry of `kustomization` that produced the value at `path`, if one did. */
export function transformerPlace(
  kustomization: Kustomization,
  rendered: RenderedObject,
  path: readonly PathSegment[],
  renderedValue: unknown,
): SourcePlace | undefined {
  const at = (span: SourceSpan): SourcePlace => ({ path: kustomization.path, text: kustomization.text, span });
  const last = path[path.length - 1];
  if (last === 'image' && CONTAINER_LISTS.has(String(path[path.length - 3])) && typeof renderedValue === 'string') {
    const found = imageEntry(kustomization, renderedValue);
    if (found) return at(spanOfField(kustomization, found));
  }
  if (path.length === 2 && path[0] === 'spec' && path[1] === 'replicas') {
    const found = entries(kustomization, 'replicas').find(
      ({ entry }) => entry.count === renderedValue && typeof entry.name === 'string' && (rendered.object.name ?? '').includes(entry.name),
    );
    if (found) return at(spanOfField(kustomization, ['replicas', found.index, 'count']));
  }
  if (path.length === 2 && path[0] === 'metadata' && path[1] === 'namespace' && kustomization.value.namespace === renderedValue) {
    return at(spanOfField(kustomization, ['namespace']));
  }
  if (path.length === 2 && path[0] === 'metadata' && path[1] === 'name' && typeof renderedValue === 'string') {
    const { namePrefix, nameSuffix } = kustomization.value;
    if (typeof namePrefix === 'string' && namePrefix !== '' && renderedValue.startsWith(namePrefix)) return at(spanOfField(kustomization, ['namePrefix']));
    if (typeof nameSuffix === 'string' && nameSuffix !== '' && renderedValue.endsWith(nameSuffix)) return at(spanOfField(kustomization, ['nameSuffix']));
  }
  const labelKey = labelKeyOf(path);
  if (labelKey !== undefined) {
    const found = labelEntry(kustomization, labelKey, renderedValue);
    if (found) return at(spanOfField(kustomization, found));
  }
  const generated = rendered.provenance.generatedBy;
  if (generated) {
    // The generating kustomization owns every field; an overlay's `behavior: merge` entry only the keys it lists.
    const found = generatorEntry(kustomization, rendered, path, generated.kustomizationPath !== kustomization.path);
    if (found) return at(found);
  }
  return undefined;
}

// metadata.labels.K, spec.selector.matchLabels.K, spec.template.metadata.labels.K, spec.selector.K (Services).
function labelKeyOf(path: readonly PathSegment[]): string | undefined {
  const text = path.slice(0, -1).join('.');
  if (['metadata.labels', 'spec.selector.matchLabels', 'spec.template.metadata.labels', 'spec.selector'].includes(text)) return String(path[path.length - 1]);
  return undefined;
}

function labelEntry(kustomization: Kustomization, key: string, value: unknown): PathSegment[] | undefined {
  for (const { entry, index } of [...entries(kustomization, 'labels')].reverse()) {
    const pairs = entry.pairs as Entry | undefined;
    if (pairs && pairs[key] === value) return ['labels', index, 'pairs', key];
  }
  const common = kustomization.value.commonLabels as Entry | undefined;
  if (common && typeof common === 'object' && common[key] === value) return ['commonLabels', key];
  return undefined;
}

// An `images:` entry rewrites an image whose name is `name` to newName, newTag and/or digest.
function imageEntry(kustomization: Kustomization, image: string): PathSegment[] | undefined {
  const { name, tag, digest } = splitImage(image);
  for (const { entry, index } of [...entries(kustomization, 'images')].reverse()) {
    const newName = typeof entry.newName === 'string' ? entry.newName : entry.name;
    if (newName !== name) continue;
    if (typeof entry.digest === 'string' && entry.digest === digest) return ['images', index, 'digest'];
    if (entry.newTag !== undefined && String(entry.newTag) === tag) return ['images', index, 'newTag'];
    if (typeof entry.newName === 'string') return ['images', index, 'newName'];
  }
  return undefined;
}

/** Name, tag and digest of an image reference (`registry:5000/app:1.2@sha256:…`). */
export function splitImage(image: string): { name: string; tag?: string; digest?: string } {
  const at = image.indexOf('@');
  const digest = at >= 0 ? image.slice(at + 1) : undefined;
  const reference = at >= 0 ? image.slice(0, at) : image;
  const colon = reference.lastIndexOf(':');
  const hasTag = colon > reference.lastIndexOf('/');
  return { name: hasTag ? reference.slice(0, colon) : reference, ...(hasTag ? { tag: reference.slice(colon + 1) } : {}), ...(digest ? { digest } : {}) };
}

/** The generator entry that made a ConfigMap or Secret: data keys land on their literal or file. */
function generatorEntry(kustomization: Kustomization, rendered: RenderedObject, path: readonly PathSegment[], listedKeysOnly = false): SourceSpan | undefined {
  const found = generatorOf(kustomization, rendered.object.kind, rendered.object.name ?? '');
  if (!found) return undefined;
  const { key, index, entry } = found;
  if ((path[0] === 'data' || path[0] === 'binaryData' || path[0] === 'stringData') && path.length >= 2) {
    const dataKey = String(path[1]);
    for (const list of ['literals', 'files']) {
      const items = Array.isArray(entry[list]) ? (entry[list] as unknown[]) : [];
      const itemIndex = items.findIndex(
        (item) => typeof item === 'string' && (item.startsWith(`${dataKey}=`) || item === dataKey || item.endsWith(`/${dataKey}`)),
      );
      if (itemIndex >= 0) return spanOfField(kustomization, [key, index, list, itemIndex]);
    }
  }
  if (listedKeysOnly) return undefined;
  return typeof entry.name === 'string' ? spanOfField(kustomization, [key, index, 'name']) : keySpanOfField(kustomization, [key, index]);
}

/** The configMapGenerator/secretGenerator entry whose name the rendered name was made from. */
export function generatorOf(kustomization: Kustomization, kind: string, renderedName: string): { key: string; index: number; entry: Entry } | undefined {
  const key = kind === 'ConfigMap' ? 'configMapGenerator' : kind === 'Secret' ? 'secretGenerator' : undefined;
  if (!key) return undefined;
  // The longest generator name inside the rendered one: `api` and `api-env` both fit `prod-api-env-5f8k...`.
  const candidates = entries(kustomization, key).filter(({ entry }) => typeof entry.name === 'string' && renderedName.includes(entry.name));
  const best = candidates.sort((a, b) => String(b.entry.name).length - String(a.entry.name).length)[0];
  return best ? { key, ...best } : undefined;
}
