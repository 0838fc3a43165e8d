// Parses one YAML document of a manifest file and recognises the Kubernetes objects in it.
import { isJsonObject, type ReadonlyJsonObject } from '@kubesim/engine';
import type { DocumentChunk } from './split-documents';
import { readDocument } from './read-document';
import { detachedText } from './detached-text';
import type { UnderConstruction } from './under-construction';
import type { SourceSpan, SyntaxProblem } from './source-span';
import type { SourceNode } from './source-tree';
import { locatePath, pathAtOffset, type PathLocation, type PathSegment } from './yaml-path';
import { notAnObjectProblem } from './not-an-object';

/**
 * One parsed document of a file. Offsets are absolute (file-relative).
 *
 * Never mutated once parsed: a later parse of the file hands an unchanged document (or a moved copy
 * sharing its objects' values) to every later check, and caches (validation verdicts, workspace
 * checks, the index) are keyed by `ManifestObject.value`. Every field is readonly, values deeply so
 * (`ReadonlyJsonObject`); code that must change a value clones it first (`cloneJson`).
 */
export interface ManifestDocument extends SourceSpan {
  readonly start: number;
  readonly end: number;
  /** Position of this document within the file, 0-based. */
  readonly index: number;
  readonly text: string;
  /** Source ranges of the document's nodes (none for templated documents). */
  readonly tree: SourceNode | undefined;
  /** YAML syntax problems of this document (one for a templated document kubectl cannot read). */
  readonly problems: readonly Readonly<SyntaxProblem>[];
  /** The document holds Helm/Go template actions (`{{ }}`); it is read and checked as kubectl reads it all the same. */
  readonly isTemplated: boolean;
  /** The Kubernetes objects in this document (one, or the items of a `kind: List`). */
  readonly objects: readonly ManifestObject[];
}

/** A Kubernetes object found in a manifest, with a way back to its source. Never mutated (see ManifestDocument). */
export interface ManifestObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name?: string;
  readonly namespace?: string;
  /** The object as plain JSON (what kubectl would send); shared by later parses, so deeply readonly. */
  readonly value: ReadonlyJsonObject;
  /** Where the object sits in its document: [] or ['items', n] for List items. */
  readonly basePath: readonly PathSegment[];
  readonly document: ManifestDocument;
}

const TEMPLATE_ACTION = /\{\{[\s\S]*?\}\}/;

/**
 * Parses one chunk. Never throws: every failure becomes a problem on the document. `detach: false` is for a document
 * dropped as soon as it is read, whose values are kept beside the whole file text (kubesim check's pieces): its text
 * is then not copied.
 */
export function parseManifestDocument(cut: DocumentChunk, index: number, { detach = true } = {}): ManifestDocument {
  // The document outlives the file text it was cut from: keep only its own characters.
  const chunk: DocumentChunk = detach ? { start: cut.start, text: detachedText(cut.text) } : cut;
  const isTemplated = TEMPLATE_ACTION.test(chunk.text);
  const document: UnderConstruction<ManifestDocument> = {
    index,
    start: chunk.start,
    end: chunk.start + chunk.text.length,
    text: chunk.text,
    tree: undefined,
    problems: [],
    isTemplated,
    objects: [],
  };
  // A document with template actions outside a chart is read as kubectl reads it: valid YAML (`{{ }}` in a
  // string or a comment) is checked, anything else gets kubectl's error (`kubectl apply -f` fails on it too).
  const read = readDocument(chunk);
  document.tree = read.tree;
  const notAnObject = notAnObjectProblem(read.value, read.tree, chunk.start, chunk.text.length);
  const problems = notAnObject ? [...read.problems, notAnObject] : read.problems;
  document.problems = isTemplated ? templateProblems(problems) : problems;
  if (read.value !== undefined) document.objects = recogniseObjects(read.value, document);
  return document;
}

/**
 * A document with template actions that kubectl cannot read: one error where reading stopped, saying why,
 * rather than the parser's every complaint about `{{- if }}` lines (kubectl stops at the first one too).
 */
function templateProblems(problems: readonly SyntaxProblem[]): SyntaxProblem[] {
  const first = problems.find((problem) => problem.severity === 'error');
  if (!first) return [...problems];
  return [
    {
      start: first.start,
      end: first.end,
      severity: 'error',
      code: 'yaml-template-not-rendered',
      message:
        `kubectl cannot read this document: it holds template actions ({{ }}) that are not YAML until a template engine renders them ` +
        `(${first.message}). kubesim renders Helm charts (a folder with Chart.yaml); \`kubectl apply -f\` on this file fails.`,
    },
  ];
}

function firstLineLength(text: string): number {
  const newline = text.indexOf('\n');
  return Math.max(1, newline === -1 ? text.length : newline);
}

function recogniseObjects(value: unknown, document: ManifestDocument): ManifestObject[] {
  if (!isJsonObject(value)) return [];
  const top = asObject(value, [], document);
  if (!top) return [];
  if (/List$/.test(top.kind) && Array.isArray(value.items)) {
    return value.items.flatMap((item, i) => {
      const object = isJsonObject(item) ? asObject(item, ['items', i], document) : undefined;
      return object ? [object] : [];
    });
  }
  return [top];
}

/** The object `value` (at `basePath` in `document`), when it names its apiVersion and kind. */
export function asObject(value: ReadonlyJsonObject, basePath: PathSegment[], document: ManifestDocument): ManifestObject | undefined {
  const { apiVersion, kind, metadata } = value;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const object: UnderConstruction<ManifestObject> = { apiVersion, kind, value, basePath, document };
  if (isJsonObject(metadata)) {
    if (typeof metadata.name === 'string') object.name = metadata.name;
    if (typeof metadata.namespace === 'string') object.namespace = metadata.namespace;
  }
  return object;
}

/** Where `path` (relative to the object) is in the source; missing tails resolve to the nearest parent. */
export function locate(object: ManifestObject, path: readonly PathSegment[]): PathLocation {
  const location = locatePath(object.document.tree, [...object.basePath, ...path], object.document.start);
  return { ...location, depth: Math.max(0, location.depth - object.basePath.length) };
}

/** The span to underline for `path`: the value if present, else the deepest existing parent's key. */
export function spanForPath(object: ManifestObject, path: readonly PathSegment[]): SourceSpan {
  const location = locate(object, path);
  if (location.depth === path.length && location.value) return location.value;
  if (location.key) return location.key;
  const kindSpan = locate(object, ['kind']);
  return kindSpan.value ?? { start: object.document.start, end: object.document.start + firstLineLength(object.document.text) };
}

/** The object and object-relative path under a file offset, if any. */
export function objectPathAt(document: ManifestDocument, offset: number): { object: ManifestObject; path: PathSegment[]; onKey: boolean } | undefined {
  const found = pathAtOffset(document.tree, offset - document.start);
  const object = document.objects.find((candidate) => candidate.basePath.every((segment, i) => found.path[i] === segment));
  if (!object) return undefined;
  return { object, path: found.path.slice(object.basePath.length), onKey: found.onKey };
}
