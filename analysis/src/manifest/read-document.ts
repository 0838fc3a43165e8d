// Reads one document of a manifest file as kubectl does: the fast reader for plain YAML, else the
// `yaml` package's parser and the kubectl conversion (yaml-to-json.ts). Offsets of problems are
// absolute (file-relative), those of the tree relative to the document.
import { Composer, Parser, type Document, type CST } from 'yaml';
import type { JsonValue } from '@kubesim/engine';
import { readPlainManifest } from './fast-reader';
import { documentTooLargeProblem, flowDepthProblem, MAX_YAML_PROBLEMS_PER_DOCUMENT } from './input-limits';
import { readDirectives } from './kubectl-directives';
import type { SyntaxProblem } from './source-span';
import { sourceTreeOf, type SourceNode } from './source-tree';
import { DOCUMENT_START, type DocumentChunk } from './split-documents';
import { joinUnindentedQuotedScalars, restoreQuotedScalarValues } from './unindented-quoted-scalars';
import { convertToJson } from './yaml-to-json';

/** What kubectl makes of a document: its JSON value (undefined for none), source tree and problems. */
interface DocumentReading {
  value: JsonValue | undefined;
  tree: SourceNode | undefined;
  problems: SyntaxProblem[];
}

/** Reads one chunk. Never throws: every failure becomes a problem. */
export function readDocument(chunk: DocumentChunk): DocumentReading {
  const separatorProblem = invalidSeparator(chunk);
  if (separatorProblem) return { value: undefined, tree: undefined, problems: [separatorProblem] };
  // kubectl's reader cuts lines at `\n` only; goyaml then also breaks lines at a lone `\r` (its
  // is_break). Same length, so every offset stays the file's.
  const text = chunk.text.includes('\r') ? chunk.text.replace(/\r(?!\n)/g, '\n') : chunk.text;
  const directives = readDirectives(text, documentBodyStart(text));
  if (directives?.kind === 'error') return { value: undefined, tree: undefined, problems: [shiftProblem(directives.problem, chunk.start)] };
  if (directives?.kind === 'ends') {
    // Content, then a `%` line at column 0: goyaml's document ends there, if that `%` starts a token
    // (the content before it reads cleanly; else it is inside a scalar or a flow collection).
    const before = readText(chunk.start, text.slice(0, directives.at));
    if (!before.problems.some((problem) => problem.severity === 'error')) {
      return directives.problem ? { ...before, value: undefined, problems: [shiftProblem(directives.problem, chunk.start)] } : before;
    }
  }
  return readText(chunk.start, text);
}

// The chunk's text after its own `---` line: what kubectl's reader hands goyaml.
function documentBodyStart(text: string): number {
  const newline = text.indexOf('\n');
  if (!DOCUMENT_START.test(newline === -1 ? text : text.slice(0, newline))) return 0;
  return newline === -1 ? text.length : newline + 1;
}

const shiftProblem = (problem: SyntaxProblem, by: number): SyntaxProblem => ({ ...problem, start: problem.start + by, end: problem.end + by });

function readText(start: number, text: string): DocumentReading {
  const fast = readPlainManifest(text);
  if (fast) return { value: fast.value, tree: fast.tree, problems: [] };
  // Checked before the parser runs: it would build a node and an error per line of such a document.
  const tooDeep = flowDepthProblem(text) ?? documentTooLargeProblem(text);
  if (tooDeep) return { value: undefined, tree: undefined, problems: [shiftProblem(tooDeep, start)] };
  const { document: yamlDocument, unreported } = firstDocument(text);
  if (!yamlDocument) return { value: undefined, tree: undefined, problems: [] };
  if (yamlDocument.errors.length > 0) {
    const joined = joinUnindentedQuotedScalars(text);
    const again = joined && firstDocument(joined.text).document;
    if (again && again.errors.length === 0 && restoreQuotedScalarValues(again, joined)) return convert(start, text, again, 0);
  }
  return convert(start, text, yamlDocument, unreported);
}

// The problems of a parsed document, and its JSON value when it has no syntax error.
function convert(start: number, text: string, yamlDocument: Document.Parsed, unreported: number): DocumentReading {
  const chunk = { start, text };
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
    const end = start + Math.min(problem.range[1], text.length);
    problems.push({ start: start + problem.range[0], end, code: problem.code, message: problem.message, severity: problem.severity });
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
