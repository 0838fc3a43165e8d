// A whole manifest file: its documents, parsed once and re-parsed only where the text changed.
import { parseManifestDocument, type ManifestDocument, type ManifestObject } from './manifest-document';
import type { UnderConstruction } from './under-construction';
import { splitDocuments, type DocumentChunk } from './split-documents';
import type { SyntaxProblem } from './source-span';
import { fileTooLargeProblem, MAX_MANIFEST_FILE_CHARS } from './input-limits';
import { IndexedDocument } from './indexed-document';

/** A parsed file: every document with absolute offsets. Never mutated: the next parse reuses its documents. */
export interface ManifestFile {
  readonly text: string;
  readonly documents: readonly ManifestDocument[];
  /** Problems of the whole file (a file too large to read: no documents, one problem). */
  readonly problems?: readonly Readonly<SyntaxProblem>[];
}

/** Every Kubernetes object of the file, in order. */
export function objectsOf(file: ManifestFile): readonly ManifestObject[] {
  let objects = objectLists.get(file);
  if (!objects) objectLists.set(file, (objects = file.documents.flatMap((document) => document.objects)));
  return objects;
}

// Every check asks for the object list of the same parse: flatten it once.
const objectLists = new WeakMap<ManifestFile, readonly ManifestObject[]>();

/** Every YAML syntax problem of the file, in order. */
export function problemsOf(file: ManifestFile): Readonly<SyntaxProblem>[] {
  const documents = file.documents.flatMap((document) => document.problems);
  return file.problems ? [...file.problems, ...documents] : documents;
}

/**
 * Parses `text`, reusing the documents of `previous` whose text did not change (only their
 * offsets move). An edit in one document of 1,000 re-parses one document. A text longer than `maxChars`
 * (input-limits.ts) is not parsed: one problem says so.
 */
export function parseManifestFile(text: string, previous?: ManifestFile, maxChars = MAX_MANIFEST_FILE_CHARS): ManifestFile {
  const tooLarge = fileTooLargeProblem(text, maxChars);
  if (tooLarge) return { text, documents: [], problems: [tooLarge] };
  if (!previous || previous.documents.length === 0) return { text, documents: reuseOrParse(text, splitDocuments(text), 0, previous?.documents ?? []) };
  const old = previous.documents;
  const delta = text.length - previous.text.length;
  // Documents before the edit are still there at the same offsets, those after it moved by delta.
  // (Comparing slices with === is several times faster than startsWith at an offset.)
  const holds = (document: ManifestDocument, start: number) => text.slice(start, start + document.text.length) === document.text;
  let prefix = 0;
  while (prefix < old.length && holds(old[prefix]!, old[prefix]!.start)) prefix++;
  let suffix = 0;
  const prefixEnd = prefix > 0 ? old[prefix - 1]!.end : 0;
  while (suffix < old.length - prefix) {
    const document = old[old.length - 1 - suffix]!;
    if (document.start + delta < prefixEnd || !holds(document, document.start + delta)) break;
    suffix++;
  }
  // Re-split from one document before the first changed one to one after the last: a deleted or
  // added `---` can merge or split its neighbours. Both ends sit on document boundaries, where a
  // split of the region cuts exactly as a split of the whole file would.
  const first = Math.max(0, prefix - 1);
  const last = Math.min(old.length, old.length - suffix + 1);
  const regionStart = old[first]!.start;
  const regionEnd = last < old.length ? old[last]!.start + delta : text.length;
  const chunks =
    regionEnd > regionStart || last >= old.length
      ? splitDocuments(text.slice(regionStart, regionEnd)).map((chunk) => ({ start: chunk.start + regionStart, text: chunk.text }))
      : [];
  const documents = old.slice(0, first);
  documents.push(...reuseOrParse(text, chunks, first, old.slice(first, last)));
  for (let i = last; i < old.length; i++) documents.push(moveDocument(text, old[i]!, old[i]!.start + delta, documents.length));
  return { text, documents };
}

// Parses each chunk, or moves a candidate document with the same text into its place.
function reuseOrParse(text: string, chunks: DocumentChunk[], firstIndex: number, candidates: readonly ManifestDocument[]): ManifestDocument[] {
  const reusable = new Map<string, ManifestDocument[]>();
  for (const document of candidates) {
    const list = reusable.get(document.text);
    if (list) list.push(document);
    else reusable.set(document.text, [document]);
  }
  return chunks.map((chunk, i) => {
    const cached = reusable.get(chunk.text)?.shift();
    return cached ? moveDocument(text, cached, chunk.start, firstIndex + i) : parseManifestDocument(chunk, firstIndex + i);
  });
}

// Returns the cached document at its new place in `text`; offsets of its problems shift with it.
function moveDocument(text: string, document: ManifestDocument, start: number, index: number): ManifestDocument {
  // A closed file's document reads its text and tree from the file's text: it moves into the new one.
  if (document instanceof IndexedDocument) return document.placedIn(text, start, index);
  if (document.start === start && document.index === index) return document;
  const delta = start - document.start;
  const moved: UnderConstruction<ManifestDocument> = {
    ...document,
    index,
    start,
    end: document.end + delta,
    problems: document.problems.map((problem) => ({ ...problem, start: problem.start + delta, end: problem.end + delta })),
    objects: [],
  };
  moved.objects = document.objects.map((object) => ({ ...object, document: moved }));
  return moved;
}
