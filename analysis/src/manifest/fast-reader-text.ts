// What the fast reader (fast-reader.ts) knows of its text before reading it: the characters it
// refuses, the classes of characters it reads, and the line table (where each line starts and how
// it is indented) in typed arrays shared by every read (one read at a time, never nested), so that
// reading a document allocates no table.

/** Thrown, and caught by the fast reader's entry points, when the text is outside the fast subset. */
export class GiveUp extends Error {}

export const giveUp = (): never => {
  throw new GiveUp();
};

/** The indentation code of a line that is empty or only spaces. */
export const BLANK = -1;

/** The lines of one text. The arrays are shared: valid only until the next readLines. */
export interface Lines {
  count: number;
  /**
   * Line i spans [starts[i], starts[i + 1] - 1) without its line break; starts[count] is one past
   * the text's end, so that the last line ends at the text's end.
   */
  starts: Int32Array;
  /** Spaces before line i's first character; BLANK; or, for a comment line, -2 - its spaces. */
  indents: Int32Array;
}

/** The spaces before the `#` of a comment line, from its indentation code. */
export const spacesBefore = (code: number): number => -2 - code;

// Characters that make the reader give up at once: tabs, carriage returns, other control
// characters, YAML 1.1 line breaks (NEL, LS, PS), byte-order marks and surrogates.

export const UNSUPPORTED_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/;
// Characters of the plain keys read here (labels and annotation keys included).
const KEY_CHARACTER = new Uint8Array(128);
for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-') KEY_CHARACTER[character.charCodeAt(0)] = 1;
export const isKeyCharacter = (code: number) => code < 128 && KEY_CHARACTER[code] === 1;
export const SPACE = 0x20;
export const HASH = 0x23;
export const DASH = 0x2d;
export const COLON = 0x3a;
export const QUOTE = 0x27;
// First characters that start something other than a plain scalar (or one not worth the risk).
export const INDICATORS = new Uint8Array(128);
for (const character of '-?:,[]{}#&*!|>\'"%@`') INDICATORS[character.charCodeAt(0)] = 1;

// Tables for longer texts are not kept: one huge document would pin them.
const MAX_SHARED_LINES = 1 << 16;
let shared: Lines = { count: 0, starts: new Int32Array(1024), indents: new Int32Array(1024) };

export function readLines(text: string): Lines {
  let starts = shared.starts;
  let indents = shared.indents;
  let count = 0;
  let start = 0;
  for (;;) {
    // One more slot for the end marker.
    if (count + 1 >= starts.length) {
      const grown = Math.max(2 * starts.length, 1024);
      const newStarts = new Int32Array(grown);
      newStarts.set(starts);
      const newIndents = new Int32Array(grown);
      newIndents.set(indents);
      starts = newStarts;
      indents = newIndents;
    }
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    let column = start;
    while (column < end && text.charCodeAt(column) === SPACE) column++;
    starts[count] = start;
    indents[count] = column === end ? BLANK : text.charCodeAt(column) === HASH ? -2 - (column - start) : column - start;
    count++;
    if (newline === -1) break;
    start = newline + 1;
  }
  starts[count] = text.length + 1;
  const lines = { count, starts, indents };
  if (starts.length <= MAX_SHARED_LINES) shared = lines;
  return lines;
}
