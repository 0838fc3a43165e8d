// `%` directive lines as kubectl reads them. kubectl's YAMLReader (apimachinery util/yaml) drops each
// `---` line and hands goyaml.v2 the lines between two of them, so a directive always ends up in a chunk
// without a `---` after it: goyaml's parser (yaml_parser_parse_document_start, process_directives)
// then refuses it before any content, and after content its scanner (yaml_parser_scan_directive) reads
// it as the end of the first document, the only one kubectl decodes. Offsets are relative to the text.
import type { SyntaxProblem } from './source-span';

/** What a chunk's directive lines mean to kubectl: an error, or where its document's content ends. */
type DirectiveReading = { kind: 'error'; problem: SyntaxProblem } | { kind: 'ends'; at: number; problem?: SyntaxProblem };

interface Line {
  start: number;
  end: number;
  /** 0-based line number in the chunk goyaml reads (after the dropped `---` line). */
  number: number;
}

const ALPHA = /[0-9A-Za-z_-]/;
const URI = /[0-9A-Za-z_\-;/?:@&=+$,.!~*'()[\]%]/;

/**
 * Reads the directives of a chunk whose goyaml text starts at `bodyStart` (after its `---` line), the
 * text's line breaks being `\n` only. Undefined when the chunk has no line starting with `%`.
 */
export function readDirectives(text: string, bodyStart: number): DirectiveReading | undefined {
  if (text.charCodeAt(bodyStart) !== 0x25 && !text.includes('\n%', bodyStart)) return undefined;
  let seenContent = false;
  const directives: Line[] = [];
  for (let start = bodyStart, number = 0; start < text.length; number++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = { start, end: text.charCodeAt(end - 1) === 0x0d ? end - 1 : end, number };
    const content = text.slice(line.start, line.end);
    if (content.startsWith('%')) {
      // After content, goyaml's scanner reads only the first directive: it ends the document.
      if (seenContent) return { kind: 'ends', at: line.start, ...optional(scanDirective(content, line).problem) };
      directives.push(line);
    } else if (!/^[ \t]*(#.*)?$/.test(content)) {
      if (directives.length > 0) return processDirectives(text, directives, line.number);
      seenContent = true;
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return directives.length > 0 ? processDirectives(text, directives, streamEndLine(text, bodyStart)) : undefined;
}

const optional = (problem: SyntaxProblem | undefined) => (problem ? { problem } : {});

// The directives before any content, then goyaml's demand for a `---` that kubectl's reader removed,
// at the next token: `nextLine` is its 0-based line (content, or the end of the chunk).
function processDirectives(text: string, directives: readonly Line[], nextLine: number): DirectiveReading {
  let version = false;
  const handles = new Set<string>();
  for (const line of directives) {
    const content = text.slice(line.start, line.end);
    const scanned = scanDirective(content, line);
    if (scanned.problem) return { kind: 'error', problem: scanned.problem };
    if (scanned.version) {
      if (version) return { kind: 'error', problem: parserError(line, 'found duplicate %YAML directive') };
      if (scanned.version[0] !== 1 || scanned.version[1] !== 1) return { kind: 'error', problem: parserError(line, 'found incompatible YAML document') };
      version = true;
    } else {
      if (handles.has(scanned.handle!)) return { kind: 'error', problem: parserError(line, 'found duplicate %TAG directive') };
      handles.add(scanned.handle!);
    }
  }
  const first = directives[0]!;
  return { kind: 'error', problem: parserError({ ...first, number: nextLine }, 'did not find expected <document start>', first) };
}

// goyaml's stream end: after the last line break, or on a new line when the text ends mid-line.
function streamEndLine(text: string, bodyStart: number): number {
  let breaks = 0;
  for (let i = text.indexOf('\n', bodyStart); i !== -1; i = text.indexOf('\n', i + 1)) breaks++;
  return text.length > bodyStart && !text.endsWith('\n') ? breaks + 1 : breaks;
}

/** One scanned directive line: its scanner error, else its %YAML version or %TAG handle. */
interface ScannedDirective {
  problem?: SyntaxProblem;
  version?: [number, number];
  handle?: string;
}

// yaml_parser_scan_directive: the syntax of one `%` line, as goyaml's scanner checks it.
function scanDirective(content: string, line: Line): ScannedDirective {
  const fail = (message: string): ScannedDirective => ({ problem: scannerError(line, message) });
  const scanned: ScannedDirective = {};
  let i = 1;
  while (i < content.length && ALPHA.test(content[i]!)) i++;
  const name = content.slice(1, i);
  if (name === '') return fail('could not find expected directive name');
  if (i < content.length && !/[ \t]/.test(content[i]!)) return fail('found unexpected non-alphabetical character');
  const blanks = () => {
    while (i < content.length && /[ \t]/.test(content[i]!)) i++;
  };
  blanks();
  if (name === 'YAML') {
    const version: number[] = [];
    for (const part of ['major', 'minor']) {
      const digits = /^[0-9]*/.exec(content.slice(i))![0];
      if (digits.length > 2) return fail('found extremely long version number');
      if (digits.length === 0) return fail('did not find expected version number');
      version.push(Number(digits));
      i += digits.length;
      if (part === 'major') {
        if (content[i] !== '.') return fail("did not find expected digit or '.' character");
        i++;
      }
    }
    scanned.version = [version[0]!, version[1]!];
  } else if (name === 'TAG') {
    const handle = /^!(?:[0-9A-Za-z_-]*!)?/.exec(content.slice(i))?.[0];
    if (handle === undefined || (handle === '!' && ALPHA.test(content[i + 1] ?? ''))) return fail("did not find expected '!'");
    i += handle.length;
    scanned.handle = handle;
    if (!/[ \t]/.test(content[i] ?? '')) return fail('did not find expected whitespace');
    blanks();
    const start = i;
    while (i < content.length && URI.test(content[i]!)) {
      if (content[i] === '%' && !/^%[0-9A-Fa-f]{2}/.test(content.slice(i, i + 3))) return fail('did not find URI escaped octet');
      i += content[i] === '%' ? 3 : 1;
    }
    if (i === start) return fail('did not find expected tag URI');
    if (i < content.length && !/[ \t]/.test(content[i]!)) return fail('did not find expected whitespace or line break');
  } else {
    return fail('found unknown directive name');
  }
  blanks();
  if (i < content.length && content[i] !== '#') return fail('did not find expected comment or line break');
  return scanned;
}

// goyaml.v2's parser.fail(): a scanner error's line is counted from 1, a parser error's from 0 (so the
// line before the token), and none is printed for line 0.
function scannerError(line: Line, message: string): SyntaxProblem {
  return problem(line, line.number === 0 ? message : `line ${line.number + 1}: ${message}`);
}

function parserError(at: Line, message: string, place: Line = at): SyntaxProblem {
  return problem(place, at.number === 0 ? message : `line ${at.number}: ${message}`);
}

function problem(line: Line, message: string): SyntaxProblem {
  return { start: line.start, end: line.end, code: 'yaml-directive', message: `error converting YAML to JSON: yaml: ${message}`, severity: 'error' };
}
