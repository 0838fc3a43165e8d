// A file read as kubectl's resource builder reads it (StreamVisitor over apimachinery's
// YAMLOrJSONDecoder) with --validate=false: documents in order, empty and `null` ones skipped, each one a
// JSON object; YAML it cannot convert stops the file, a document that is not an object is an error and
// the next documents are still read. What `kubesim json` prints.
import type { JsonObject } from '@kubesim/engine';
import { INVALID_OBJECT_MESSAGE, nonObjectJsonType } from './not-an-object';
import { readDocument } from './read-document';
import { splitDocuments } from './split-documents';

/** The objects kubectl would send from a file, each with the 1-based line where its document's content starts. */
interface KubectlStream {
  objects: { line: number; object: JsonObject }[];
  /**
   * The error that stops kubectl reading the file, if any, as `kubectl create --validate=false` words it;
   * `validation` is set for a document that is not an object, which `kubectl apply` (validating by
   * default) refuses with that message instead (after `error validating "FILE": `).
   */
  error?: { line: number; message: string; validation?: string };
}

/** Reads a whole file. Never throws. */
export function readKubectlStream(text: string): KubectlStream {
  const stream: KubectlStream = { objects: [] };
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lineAt = lineCounter(content);
  for (const chunk of splitDocuments(content)) {
    const line = lineAt(firstContentOffset(content, chunk.start, chunk.start + chunk.text.length));
    const reading = readDocument(chunk);
    const error = reading.problems.find((problem) => problem.severity === 'error');
    if (error) {
      stream.error ??= { line, message: error.message };
      return stream;
    }
    const value = reading.value;
    if (value === undefined || value === null) continue;
    const type = nonObjectJsonType(value);
    if (type !== undefined || typeof value !== 'object' || Array.isArray(value)) {
      // kubectl decodes each document into an object to find its kind (unstructured's detector); the
      // builder (ContinueOnError) reports the failure and goes on with the next document.
      const message = `json: cannot unmarshal ${type} into Go value of type unstructured.detector`;
      stream.error ??= { line, message, validation: INVALID_OBJECT_MESSAGE };
      continue;
    }
    stream.objects.push({ line, object: value });
  }
  return stream;
}

// The 1-based line of an offset; offsets asked for only grow, so the file's lines are counted once
// (counting from the start for each document made 100,000 documents take 110 s).
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let next = text.indexOf('\n');
  return (offset) => {
    while (next !== -1 && next < offset) {
      line++;
      next = text.indexOf('\n', next + 1);
    }
    return line;
  };
}

// Where the document's first line that is not its `---` marker, blank or a comment starts (else its start).
function firstContentOffset(text: string, start: number, end: number): number {
  let offset = start;
  while (offset < end) {
    const newline = text.indexOf('\n', offset);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    const line = text.slice(offset, lineEnd).trim();
    if (line !== '' && !line.startsWith('#') && !/^---(\s|#|$)/.test(line + ' ')) break;
    if (newline === -1) break;
    offset = newline + 1;
  }
  return offset >= end ? start : offset;
}
