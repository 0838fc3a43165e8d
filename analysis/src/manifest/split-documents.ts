// Splits a multi-document YAML text into per-document chunks with their byte offsets, so that an
// edit re-parses only the documents it touches.

/** One document's text and where it starts in the file. */
export interface DocumentChunk {
  /** Offset of the chunk's first character in the file. */
  start: number;
  /** The chunk's text, including its own `---` marker line if it has one. */
  text: string;
}

// A line that starts a new document: `---` alone or followed by whitespace (and maybe content).
const DOCUMENT_START = /^---(?=[ \t]|\r?$)/;
const DASH = 0x2d;
const PERCENT = 0x25;

/**
 * Cuts the file before every `---` document marker at column 0. Directives (`%YAML`) stay with
 * the document that follows them. YAML forbids a `---` at column 0 inside block content, so a
 * marker found this way always starts a document.
 */
export function splitDocuments(text: string): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  let chunkStart = 0;
  let lineStart = 0;
  let seenContent = false;
  let directiveStart = -1;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const first = text.charCodeAt(lineStart);
    // Only lines starting with "-" or "%", and content lines while no content was seen or a
    // directive waits for its marker, change the state: the others are skipped without slicing
    // (a 1,000-document file has ~50,000 lines and is split on every edit).
    if (first !== DASH && first !== PERCENT && seenContent && directiveStart < 0) {
      if (newline === -1) break;
      lineStart = newline + 1;
      continue;
    }
    const line = text.slice(lineStart, lineEnd);
    if (DOCUMENT_START.test(line)) {
      const cut = directiveStart >= 0 ? directiveStart : lineStart;
      if (seenContent && cut > chunkStart) {
        chunks.push({ start: chunkStart, text: text.slice(chunkStart, cut) });
        chunkStart = cut;
      }
      seenContent = true;
      directiveStart = -1;
    } else if (line.startsWith('%')) {
      if (directiveStart < 0) directiveStart = lineStart;
    } else if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      seenContent = true;
      directiveStart = -1;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  chunks.push({ start: chunkStart, text: text.slice(chunkStart) });
  return chunks;
}
