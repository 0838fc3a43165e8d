// The one order of a workspace's files. `kubectl apply -R -f DIR` walks DIR as Go's filepath.Walk does: each folder's
// names sorted by their bytes, a subfolder's files where its name falls. Cross-file answers that depend on order (the
// first Service of a name applied with a StatefulSet, the names a message lists) follow it, so an editor that saw
// files come and go answers as a fresh `kubesim check` of the same files does.

/**
 * Negative when the file `a` comes before `b` in the walk: their URIs (as pathToFileURL writes them, every byte
 * above ASCII escaped) compared segment by segment, names by their UTF-8 bytes (a percent-escape counts as the byte
 * it stands for, as the walk sees the name), as compareNames sorts a folder's names. Non-`file:` URIs (renderings,
 * unsaved buffers) come after and compare the same way.
 */
export function compareFileUris(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let at = 0;
  while (at < length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  if (at === length) return a.length - b.length;
  const x = byteAt(a, at);
  const y = byteAt(b, at);
  // A segment's end ('/') comes before any character: "a/x" walks before "a-b/y".
  if (x === SLASH) return -1;
  if (y === SLASH) return 1;
  return x - y;
}

/**
 * Negative when the name `a` sorts before `b` in a folder of the walk: by their UTF-8 bytes, as Go compares strings.
 * That is code-unit order but for characters above U+FFFF (surrogate pairs in JavaScript), whose bytes sort after
 * every other character's, U+E000–U+FFFF included.
 */
export function compareNames(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xAbove = isSurrogate(x);
    if (xAbove !== isSurrogate(y)) return xAbove ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;

const SLASH = 0x2f;
const PERCENT = 0x25;

// The byte at `at`: the escape's when `at` is in one (the text before `at` is the same in both URIs, so is the
// escape's start), else the character's.
function byteAt(uri: string, at: number): number {
  let escape = -1;
  if (uri.charCodeAt(at) === PERCENT) escape = at;
  else if (at >= 1 && uri.charCodeAt(at - 1) === PERCENT) escape = at - 1;
  else if (at >= 2 && uri.charCodeAt(at - 2) === PERCENT) escape = at - 2;
  const hex = escape >= 0 ? uri.slice(escape + 1, escape + 3) : '';
  // Bad input: a malformed escape counts as its characters.
  return HEX_BYTE.test(hex) ? parseInt(hex, 16) : uri.charCodeAt(at);
}

const HEX_BYTE = /^[0-9A-Fa-f]{2}$/;
