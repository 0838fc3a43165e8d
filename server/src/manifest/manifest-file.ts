// A whole manifest file: its documents, parsed once and re-parsed only where the text changed.
import { parseManifestDocument, type ManifestDocument, type ManifestObject } from './manifest-document';
import { splitDocuments } from './split-documents';
import type { SyntaxProblem } from './source-span';

/** A parsed file: every document with absolute offsets. */
export interface ManifestFile {
  text: string;
  documents: ManifestDocument[];
}

/** Every Kubernetes object of the file, in order. */
export function objectsOf(file: ManifestFile): ManifestObject[] {
  return file.documents.flatMap((document) => document.objects);
}

/** Every YAML syntax problem of the file, in order. */
export function problemsOf(file: ManifestFile): SyntaxProblem[] {
  return file.documents.flatMap((document) => document.problems);
}

/**
 * Parses `text`, reusing the documents of `previous` whose text did not change (only their
 * offsets move). An edit in one document of 1,000 re-parses one document.
 */
export function parseManifestFile(text: string, previous?: ManifestFile): ManifestFile {
  const reusable = new Map<string, ManifestDocument[]>();
  for (const document of previous?.documents ?? []) {
    const list = reusable.get(document.text);
    if (list) list.push(document);
    else reusable.set(document.text, [document]);
  }
  const documents = splitDocuments(text).map((chunk, index) => {
    const cached = reusable.get(chunk.text)?.shift();
    return cached ? moveDocument(cached, chunk.start, index) : parseManifestDocument(chunk, index);
  });
  return { text, documents };
}

// Returns the cached document at its new place; offsets of its problems shift with it.
function moveDocument(document: ManifestDocument, start: number, index: number): ManifestDocument {
  if (document.start === start && document.index === index) return document;
  const delta = start - document.start;
  const moved: ManifestDocument = {
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
