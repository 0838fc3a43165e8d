// What kubesim reads at most, so memory per input byte has a ceiling: a file size limit, and kubectl's own
// limit on flow nesting checked by a cheap scan before the `yaml` parser builds anything. The parser keeps
// a node and an error per line of an unterminated flow collection (a 1 MB file of `a: [` lines took 830 MB).
import { Lexer } from 'yaml';
import type { SyntaxProblem } from './source-span';
import { CONVERSION_PREFIX } from './yaml-to-json';

/** Files longer than this (in characters, about bytes) are not read: one problem says so. */
export const MAX_MANIFEST_FILE_CHARS = 10_000_000;

/**
 * The limit of a reader that reads each file once and exits (`kubesim check`): what read-manifest-file.ts reads
 * at most (32 MiB). The editor keeps every file parsed for the session and re-parses on each keystroke, so it
 * holds to MAX_MANIFEST_FILE_CHARS; a one-shot check of a rendered platform (`helm template`, `kustomize build`
 * output: one file of 10,000 documents is about 13 MB) is what a user asks for, and its memory is returned at exit.
 * The protections against hostile input are per document (MAX_FULL_PARSER_DOCUMENT_CHARS, the flow-nesting scan)
 * and hold under either limit.
 */
export const MAX_ONE_SHOT_FILE_CHARS = 32 * 1024 * 1024;

/**
 * Documents the fast reader cannot read go to the `yaml` parser, which takes up to about 300 bytes of memory per
 * character on broken input; longer ones are not read (the longest such document of our corpus: 417 KB, Argo CD's CRD).
 */
export const MAX_FULL_PARSER_DOCUMENT_CHARS = 500_000;

/** The one problem of a document too long for the `yaml` parser, on its first character. */
export function documentTooLargeProblem(text: string): SyntaxProblem | undefined {
  if (text.length <= MAX_FULL_PARSER_DOCUMENT_CHARS) return undefined;
  return tooLargeProblem(
    text,
    'document-too-large',
    `Document too large for kubesim's full YAML reader: ${megabytes(text.length)}, limit ${megabytes(MAX_FULL_PARSER_DOCUMENT_CHARS)} ` +
      "(plain block YAML has no limit but the file's). Nothing in it is checked.",
  );
}

/** YAML problems listed per document at most; one more problem counts the rest. */
export const MAX_YAML_PROBLEMS_PER_DOCUMENT = 100;

/** goyaml.v2's max_flow_level (scannerc.go, yaml_parser_increase_flow_level): deeper flow nesting is an error. */
const MAX_FLOW_LEVEL = 10_000;

/** The one problem of a file longer than `maxChars` (default MAX_MANIFEST_FILE_CHARS), on its first character. */
export function fileTooLargeProblem(text: string, maxChars = MAX_MANIFEST_FILE_CHARS): SyntaxProblem | undefined {
  if (text.length <= maxChars) return undefined;
  return tooLargeProblem(text, 'file-too-large', `File too large to check: ${megabytes(text.length)}, limit ${megabytes(maxChars)}. Nothing in it is checked.`);
}

// A size limit's one warning, on the text's first character.
function tooLargeProblem(text: string, code: string, message: string): SyntaxProblem {
  return { start: 0, end: Math.min(1, text.length), code, message, severity: 'warning' };
}

function megabytes(chars: number): string {
  return `${Math.round(chars / 100_000) / 10} MB`;
}

// The lexer's control tokens mark structure and take no source text (yaml's cst.ts: DOCUMENT, FLOW_END, SCALAR).
const CONTROL_TOKENS = new Set(['\u0002', '\u0018', '\u001f']);

/**
 * kubectl's error when a document nests flow collections (`[`, `{`) more than MAX_FLOW_LEVEL deep, placed
 * on the bracket that goes over; offsets relative to `text`. goyaml.v2 counts the level up at each flow
 * start and down at each end, and names the line of the error unless it is the first (decode.go, fail).
 */
export function flowDepthProblem(text: string): SyntaxProblem | undefined {
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5b || code === 0x7b) brackets++;
  }
  if (brackets <= MAX_FLOW_LEVEL) return undefined;
  let level = 0;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '[' || token === '{') {
      if (++level > MAX_FLOW_LEVEL) {
        // kubectl's YAMLReader hands the decoder a document without its `---` line: lines count from after it.
        const body = text.startsWith('---') ? text.indexOf('\n') + 1 : 0;
        let line = 1;
        for (let i = text.indexOf('\n', body); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
        const where = line > 1 ? `line ${line}: ` : '';
        return {
          start: offset,
          end: offset + 1,
          code: 'yaml-max-depth',
          message: `${CONVERSION_PREFIX}yaml: ${where}exceeded max depth of ${MAX_FLOW_LEVEL}`,
          severity: 'error',
        };
      }
    } else if (token === ']' || token === '}') {
      level = Math.max(0, level - 1);
    }
    if (!CONTROL_TOKENS.has(token)) offset += token.length;
  }
  return undefined;
}
