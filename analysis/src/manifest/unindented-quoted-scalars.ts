// Quoted scalars whose continuation lines sit at or left of their key's indentation. goyaml.v2's scanner
// (yaml_parser_scan_flow_scalar) reads on to the closing quote whatever the indentation, stopping only at
// a document marker or the end of the text; the `yaml` package (YAML 1.2) cuts the scalar at the first
// line not indented past its parent and reports a missing quote. Such a document is read again with those
// scalars written on one line (their line breaks as spaces: same length, same offsets), each then given
// the value YAML's folding makes of its real text.
import { isPair, isScalar, Lexer, parseDocument, visit, type Document } from 'yaml';

/** The text with the scalars joined, and each scalar's value by its start offset. */
interface JoinedQuotedScalars {
  text: string;
  values: Map<number, string>;
}

// Tokens the `yaml` lexer emits that are not in the source (document start, flow end, scalar marker).
const CONTROL_TOKENS = new Set(['\x02', '\x18', '\x1f']);
const MAX_REPAIRS = 100;

/** Undefined when no quoted scalar of `text` was cut short by the `yaml` lexer where goyaml reads on. */
export function joinUnindentedQuotedScalars(text: string): JoinedQuotedScalars | undefined {
  let joined = text;
  const values = new Map<number, string>();
  for (let round = 0; round < MAX_REPAIRS; round++) {
    const cut = firstCutQuotedScalar(joined);
    if (!cut) break;
    const source = joined.slice(cut.start, cut.end);
    // goyaml: "found unexpected document indicator" (an error in both readers).
    if (/\n(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(source)) return undefined;
    values.set(cut.start, foldedValue(source));
    joined = joined.slice(0, cut.start) + source.replace(/[\r\n]/g, ' ') + joined.slice(cut.end);
  }
  return values.size > 0 ? { text: joined, values } : undefined;
}

/**
 * Gives the joined scalars of `document` (parsed from `joined.text`) their folded values. False, leaving
 * the reading to the original errors, where one is a mapping key (goyaml refuses a multi-line key) or
 * is not found as a quoted scalar.
 */
export function restoreQuotedScalarValues(document: Document.Parsed, joined: JoinedQuotedScalars): boolean {
  let restored = 0;
  let valid = true;
  visit(document, {
    Scalar(key, node, path) {
      const value = node.range ? joined.values.get(node.range[0]) : undefined;
      if (value === undefined) return;
      const parent = path[path.length - 1];
      if (key === 'key' && isPair(parent)) valid = false;
      if (!isScalar(node) || (node.type !== 'QUOTE_SINGLE' && node.type !== 'QUOTE_DOUBLE')) valid = false;
      node.value = value;
      restored++;
    },
  });
  return valid && restored === joined.values.size;
}

// The first quoted-scalar token the lexer ended before the quote that closes it for goyaml.
function firstCutQuotedScalar(text: string): { start: number; end: number } | undefined {
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (CONTROL_TOKENS.has(token)) continue;
    const quote = token[0];
    if (quote === "'" || quote === '"') {
      const end = closingQuoteEnd(text, offset, quote);
      if (end > offset + token.length) return { start: offset, end };
    }
    offset += token.length;
  }
  return undefined;
}

// The offset after the quote closing the scalar opened at `start` ('' is a quote in single quotes,
// a backslash escapes in double quotes), or -1.
function closingQuoteEnd(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    const character = text[i];
    if (quote === '"' && character === '\\') i++;
    else if (character === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

// Leading whitespace of continuation lines is dropped by folding, so the scalar read alone at the top
// of a document, where one space of indentation is enough (and no `---` can start a line), has the
// value it has in place.
function foldedValue(source: string): string {
  const document = parseDocument(source.replace(/\r?\n[ \t]*/g, '\n '), { schema: 'failsafe', version: '1.1' });
  return isScalar(document.contents) ? String(document.contents.value) : '';
}
