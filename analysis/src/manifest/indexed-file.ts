// A manifest file as the workspace index keeps it while the editor has not opened it: parsed as any file is,
// then kept without the per-document copies of the text and without the source trees (indexed-document.ts).
import type { ManifestDocument } from './manifest-document';
import { parseManifestFile, type ManifestFile } from './manifest-file';
import { MAX_MANIFEST_FILE_CHARS } from './input-limits';
import { IndexedDocument } from './indexed-document';

/**
 * Parses `text` as `parseManifestFile` does (reusing the unchanged documents of `previous`, so their values and
 * the verdicts cached on them; a text over `maxChars` is one problem), and keeps each document in the compact form. The findings, positions and
 * paths asked of it are those of the full parse (`indexed-file.test.ts`).
 */
export function parseIndexedFile(text: string, previous?: ManifestFile, maxChars = MAX_MANIFEST_FILE_CHARS): ManifestFile {
  const parsed = parseManifestFile(text, previous, maxChars);
  const documents = parsed.documents.map((document) => compactDocument(text, document));
  return parsed.problems ? { text, documents, problems: parsed.problems } : { text, documents };
}

function compactDocument(text: string, document: ManifestDocument): ManifestDocument {
  // Every document is its file's characters from start to end; one that were not keeps its own copy.
  if (text.slice(document.start, document.end) !== document.text) return document;
  if (document instanceof IndexedDocument) return document.placedIn(text, document.start, document.index);
  return new IndexedDocument(text, document.start, document.end, document.index, document.problems, document.isTemplated, document.objects);
}
