// What two readings of one file must agree on, for the tests that compare a compact or a split reading with a
// whole one: everything a check, a hover or the index reads of each document, its source tree included.
import type { ManifestFile } from '../../src/manifest/manifest-file';

export function comparableDocuments(file: ManifestFile) {
  return file.documents.map((document) => ({
    index: document.index,
    start: document.start,
    end: document.end,
    text: document.text,
    tree: document.tree,
    problems: document.problems,
    isTemplated: document.isTemplated,
    objects: document.objects.map(({ document: _, ...object }) => object),
  }));
}
