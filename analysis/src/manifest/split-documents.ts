// Splits a multi-document YAML text into per-document chunks with their byte offsets, so that an
// edit re-parses only the documents it touches.

/** One document's text and where it starts in the file. */
export interface DocumentChunk {
  /** Offset of the chunk's first character in the file. */
  start: number;
  /** The chunk's text, including its own `---` marker line if it has one. */
  text: string;
}

/** A line that starts a new document: `---` alone or followed by whitespace (and maybe content). */
export const DOCUMENT_START = /^---(?=[ \t]|\r?$)/;
const DASH = 0x2d;

/**
 * Cuts the file before every `---` document marker at column 0, as kubectl's YAMLReader (apimachinery
 * util/yaml) does: directive lines (`%YAML`) stay with the text before the marker, where kubectl reads
 * them (kubectl-directives.ts). YAML forbids a `---` at column 0 inside block content, so a marker
 * found this way always starts a document.
 */
export function splitDocuments(text: string): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  let chunkStart = 0;
  let lineStart = 0;
  let seenContent = false;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    // Only lines starting with "-", and content lines while no content was seen, change the state:
    // the others are skipped without slicing (a 1,000-document file has ~50,000 lines and is split
    // on every edit).
    if (seenContent && text.charCodeAt(lineStart) !== DASH) {
      if (newline === -1) break;
      lineStart = newline + 1;
      continue;
    }
    const line = text.slice(lineStart, lineEnd);
    if (DOCUMENT_START.test(line)) {
      if (seenContent && lineStart > chunkStart) {
        chunks.push({ start: chunkStart, text: text.slice(chunkStart, lineStart) });
        chunkStart = lineStart;
      }
      seenContent = true;
    } else if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      seenContent = true;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  chunks.push({ start: chunkStart, text: text.slice(chunkStart) });
  return chunks;
}
