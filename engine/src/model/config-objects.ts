// ConfigMaps and Secrets as the simulated API server stores them (core/v1), and the base64 of a
// Secret's `data` (Go's encoding/base64 StdEncoding, which `[]byte` fields use in JSON).
import type { ObjectMeta } from './objects';

/** A stored ConfigMap: `data` holds text, `binaryData` base64 bytes. */
export interface ConfigMapObject {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: ObjectMeta;
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
}

/** A stored Secret: `data` values are base64 (stringData is folded into data by the API server). */
export interface SecretObject {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: ObjectMeta;
  type?: string;
  data?: Record<string, string>;
  immutable?: boolean;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** UTF-8 bytes of a string (as Go's []byte(string)). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

/** base64.StdEncoding of the UTF-8 bytes of `text` (a Secret's stringData written into data). */
export function encodeBase64(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const word = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(word >> 18) & 63] + ALPHABET[(word >> 12) & 63];
    out += b === undefined ? '=' : ALPHABET[(word >> 6) & 63];
    out += c === undefined ? '=' : ALPHABET[word & 63];
  }
  return out;
}

/**
 * The text of base64 `encoded` as Go's string([]byte) gives it to a process (bytes that are not
 * UTF-8 become U+FFFD here); undefined when it is not base64 (the API server refuses such a Secret).
 */
export function decodeBase64Text(encoded: string): string | undefined {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 4) {
    const chunk = encoded.slice(i, i + 4);
    const values = [...chunk].map((char) => (char === '=' ? 0 : ALPHABET.indexOf(char)));
    const word = (values[0] << 18) | (values[1] << 12) | (values[2] << 6) | values[3];
    bytes.push((word >> 16) & 255);
    if (chunk[2] !== '=') bytes.push((word >> 8) & 255);
    if (chunk[3] !== '=') bytes.push(word & 255);
  }
  return utf8Text(bytes);
}

// Decodes UTF-8, one U+FFFD per byte that does not start a valid sequence.
function utf8Text(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i];
    const length = first < 0x80 ? 1 : first >= 0xf0 && first < 0xf8 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
    const rest = bytes.slice(i + 1, i + length);
    if (length === 0 || rest.length !== length - 1 || rest.some((byte) => (byte & 0xc0) !== 0x80)) {
      out += '\ufffd';
      i++;
      continue;
    }
    let code = length === 1 ? first : first & (0xff >> (length + 1));
    for (const byte of rest) code = (code << 6) | (byte & 63);
    out += String.fromCodePoint(code);
    i += length;
  }
  return out;
}
