// Where Go's base64.StdEncoding.Decode stops on a corrupt input (encoding/base64 decodeQuantum, Go 1.22+):
// the offset of its CorruptInputError, which encoding/json saves for a []byte field given a bad string.
const BASE64_ALPHABET = /^[A-Za-z0-9+/]$/;

/**
 * The byte offset Go's base64.StdEncoding reports for a corrupt input (undefined when it decodes):
 * newlines are skipped, padding must complete the last quantum of four, nothing may follow it.
 */
export function corruptBase64Offset(text: string): number | undefined {
  let quantum = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\n' || char === '\r') {
      index++;
      continue;
    }
    if (char === '=') {
      // Padding is allowed only as the third or fourth symbol of a quantum.
      if (quantum < 2) return index;
      const needed = 4 - quantum;
      let seen = 0;
      let at = index;
      while (at < text.length && seen < needed) {
        const next = text[at]!;
        if (next === '\n' || next === '\r') {
          at++;
          continue;
        }
        if (next !== '=') return at - 1;
        seen++;
        at++;
      }
      if (seen < needed) return text.length;
      while (at < text.length && (text[at] === '\n' || text[at] === '\r')) at++;
      return at < text.length ? at : undefined;
    }
    if (!BASE64_ALPHABET.test(char)) return index;
    quantum = (quantum + 1) % 4;
    index++;
  }
  // An unpadded tail: StdEncoding wants padding, the error points after the last symbol read.
  if (quantum !== 0) return text.length - quantum;
  return undefined;
}
