// Reads one document of a manifest file as kubectl does: the fast reader for plain YAML, else the
// `yaml` package's parser and the kubectl conversion (yaml-to-json.ts). Offsets of problems are
// absolute (file-relative), those of the tree relative to the document.
import { Composer, Parser, type Document, type CST } from 'yaml';
import type { JsonValue } from '@kubesim/engine';
import { readPlainManifest } from './fast-reader';
import { documentTooLargeProblem, flowDepthProblem, MAX_YAML_PROBLEMS_PER_DOCUMENT } from './input-limits';
import type { SyntaxProblem } from './source-span';
import { sourceTreeOf, type SourceNode } from './source-tree';
import type { DocumentChunk } from './split-documents';
import { convertToJson } from './yaml-to-json';

/** What kubectl makes of a document: its JSON value (undefined for none), source tree and problems. */
export interface DocumentReading {
  value: JsonValue | undefined;
  tree: SourceNode | undefined;
  problems: SyntaxProblem[];
}

/** Reads one chunk. Never throws: every failure becomes a problem. */
export function readDocument(chunk: DocumentChunk): DocumentReading {
  const fast = readPlainManifest(chunk.text);
  if (fast) return { value: fast.value, tree: fast.tree, problems: [] };
  const separatorProblem = invalidSeparator(chunk);
  if (separatorProblem) return { value: undefined, tree: undefined, problems: [separatorProblem] };
  // Checked before the parser runs: it would build a node and an error per line of such a document.
  const tooDeep = flowDepthProblem(chunk.text) ?? documentTooLargeProblem(chunk.text);
  if (tooDeep) return { value: undefined, tree: undefined, problems: [{ ...tooDeep, start: chunk.start + tooDeep.start, end: chunk.start + tooDeep.end }] };
  const { document: yamlDocument, unreported } = firstDocument(chunk.text);
  if (!yamlDocument) return { value: undefined, tree: undefined, problems: [] };
  const problems: SyntaxProblem[] = [];
  for (const error of yamlDocument.errors) problems.push(toProblem(error, chunk, 'error'));
  for (const warning of yamlDocument.warnings) {
    // Tags are resolved by the kubectl rules, not by the `yaml` package's schema.
    if (warning.code !== 'TAG_RESOLVE_FAILED') problems.push(toProblem(warning, chunk, 'warning'));
  }
  if (unreported > 0) problems.push(unreportedProblem(chunk, problems.at(-1)!, unreported));
  if (yamlDocument.errors.length > 0) return { value: undefined, tree: sourceTreeOf(yamlDocument.contents), problems };
  const conversion = convertToJson(yamlDocument.contents);
  for (const problem of conversion.problems) {
    const end = chunk.start + Math.min(problem.range[1], chunk.text.length);
    problems.push({ start: chunk.start + problem.range[0], end, code: problem.code, message: problem.message, severity: problem.severity });
  }
  return { value: conversion.value, tree: conversion.tree, problems };
}

/**
 * The chunk's document as the `yaml` package parses it with the failsafe schema (every scalar
 * keeps its text, style and tag for the kubectl rules). kubectl's decoder reads only the first
 * document of a chunk: whatever follows a `...` line is ignored, as there.
 */
function firstDocument(text: string): { document: Document.Parsed | undefined; unreported: number } {
  const composer = new Composer({ schema: 'failsafe', version: '1.1', uniqueKeys: false, keepSourceTokens: false });
  // The parser's error recovery reports a problem per line of some broken documents (600,000 for 1 MB of
  // `a: ]` lines, 1.8 GB): keep the first ones (kubectl reports only the first) and count the rest.
  // `onError` is the Composer's own callback (yaml 2.x); each problem is an Error, whose stack is not kept.
  const internals = composer as unknown as { onError: (...args: unknown[]) => void };
  const report = internals.onError;
  let reported = 0;
  internals.onError = (...args: unknown[]) => {
    if (++reported <= MAX_YAML_PROBLEMS_PER_DOCUMENT) report(...args);
  };
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // The parser's own error tokens (`Unexpected ... token in YAML stream`) reach the document without onError.
    const tokens = (function* bounded(): Generator<CST.Token> {
      for (const token of new Parser().parse(text)) if (token.type !== 'error' || ++reported <= MAX_YAML_PROBLEMS_PER_DOCUMENT) yield token;
    })();
    for (const document of composer.compose(tokens)) return { document, unreported: Math.max(0, reported - MAX_YAML_PROBLEMS_PER_DOCUMENT) };
    return { document: undefined, unreported: 0 };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

// kubectl's YAMLReader (apimachinery util/yaml) cuts documents at lines starting with `---` and
// refuses anything after the marker but spaces and a comment.
function invalidSeparator(chunk: DocumentChunk): SyntaxProblem | undefined {
  if (!chunk.text.startsWith('---')) return undefined;
  const lineEnd = chunk.text.indexOf('\n');
  const rest = chunk.text.slice(3, lineEnd === -1 ? undefined : lineEnd).trim();
  if (rest === '' || rest.startsWith('#')) return undefined;
  return {
    start: chunk.start,
    end: chunk.start + 3 + chunk.text.slice(3).indexOf(rest) + rest.length,
    code: 'yaml-document-separator',
    message: `invalid Yaml document separator: ${rest}`,
    severity: 'error',
  };
}

function toProblem(error: { code: string; message: string; pos: [number, number] }, chunk: DocumentChunk, severity: 'error' | 'warning'): SyntaxProblem {
  const localStart = Math.min(error.pos[0], chunk.text.length);
  let localEnd = Math.min(Math.max(error.pos[1], error.pos[0] + 1), chunk.text.length);
  // yaml marks some errors on one character: widen to the whole word there.
  if (localEnd - localStart <= 1) while (localEnd < chunk.text.length && !/[\s:,\]}]/.test(chunk.text[localEnd]!)) localEnd++;
  const start = chunk.start + localStart;
  const end = chunk.start + localEnd;
  return { start, end: Math.max(end, start), code: `yaml-${error.code.toLowerCase().replace(/_/g, '-')}`, message: error.message, severity };
}

// One problem for the parser's problems past the first MAX_YAML_PROBLEMS_PER_DOCUMENT, after the last one kept.
function unreportedProblem(chunk: DocumentChunk, last: SyntaxProblem, unreported: number): SyntaxProblem {
  return {
    start: last.end,
    end: Math.min(last.end + 1, chunk.start + chunk.text.length),
    code: 'yaml-more-problems',
    message: `${unreported} more YAML problems in this document are not listed (kubectl stops at the first).`,
    severity: 'error',
  };
}
