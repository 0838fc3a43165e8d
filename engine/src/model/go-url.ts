// Go's net/url parser as far as Kubernetes reads URLs (url.ParseRequestURI for the OpenAPI `uri` format and CEL's
// url(), url.Parse for the parts CEL's getters return), restated from net/url's parse, getScheme, parseAuthority,
// parseHost, unescape and shouldEscape. The parts stay escaped here (the engine has no UTF-8 decoder); unescaping
// them is the caller's, and succeeds because parsing checked every escape. A case kubesim is not sure Go reads the
// same way (a bracketed host that is not a plain IPv6 literal) is `unknown`, never an error.

/** The parts of a parsed URL, escaped as written (except the scheme, lower-cased as Go does). */
export interface GoUrl {
  readonly scheme: string;
  readonly opaque: string;
  /** The userinfo before `@`, or undefined when there is none. */
  readonly userinfo: string | undefined;
  readonly host: string;
  /** The path as written (Go's RawPath when it differs from the escaped Path). */
  readonly path: string;
  readonly rawQuery: string;
  readonly fragment: string;
}

/** A parse: the URL, Go's error text, or `unknown` when kubesim cannot tell. */
type GoUrlParse = { readonly url: GoUrl } | { readonly error: string } | { readonly unknown: string };

type Mode = 'path' | 'host' | 'zone' | 'userPassword' | 'queryComponent' | 'fragment';

const isAlphanumeric = (c: string) => /^[A-Za-z0-9]$/.test(c);
const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** net/url shouldEscape for the modes kubesim uses; a character from U+0080 up is always escaped. */
export function goShouldEscape(c: string, mode: Mode): boolean {
  if (isAlphanumeric(c)) return false;
  if ((mode === 'host' || mode === 'zone') && `!$&'()*+,;=:[]<>"`.includes(c)) return false;
  if ('-_.~'.includes(c)) return false;
  if ('$&+,/:;=?@'.includes(c)) {
    if (mode === 'path') return c === '?';
    if (mode === 'userPassword') return '@/?:'.includes(c);
    if (mode === 'queryComponent') return true;
    if (mode === 'fragment') return false;
  }
  if (mode === 'fragment' && '!()*'.includes(c)) return false;
  return true;
}

// unescape's checks (the decoding is the caller's): every `%` takes two hex digits; a host takes only %25 or
// escapes of bytes from 0x80 and no character that must be escaped.
function checkEscapes(text: string, mode: Mode): string | undefined {
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === '%') {
      if (!isHex(text[i + 1]) || !isHex(text[i + 2])) return `invalid URL escape ${JSON.stringify(text.slice(i, i + 3))}`;
      const byte = parseInt(text.slice(i + 1, i + 3), 16);
      const escape = text.slice(i, i + 3);
      if (mode === 'host' && byte < 0x80 && escape !== '%25') return `invalid URL escape ${JSON.stringify(escape)}`;
      if (mode === 'zone' && escape !== '%25' && byte !== 0x20 && byte < 0x80 && goShouldEscape(String.fromCharCode(byte), 'host')) {
        return `invalid URL escape ${JSON.stringify(escape)}`;
      }
      i += 3;
      continue;
    }
    if ((mode === 'host' || mode === 'zone') && c.charCodeAt(0) < 0x80 && goShouldEscape(c, mode)) return `invalid character ${JSON.stringify(c)} in host name`;
    i++;
  }
  return undefined;
}

// getScheme: letters, then letters, digits, `+`, `-`, `.` up to a colon; a colon first is an error.
function splitScheme(raw: string): { scheme: string; rest: string } | string {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') return i === 0 ? 'missing protocol scheme' : { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

const isValidOptionalPort = (port: string) => port === '' || /^:[0-9]*$/.test(port);

function checkHost(host: string): string | undefined | { unknown: string } {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return "missing ']' in host";
    const colonPort = host.slice(close + 1);
    if (!isValidOptionalPort(colonPort)) return `invalid port ${JSON.stringify(colonPort)} after host`;
    if (!/^\[[0-9A-Fa-f:.]+\]$/.test(host.slice(0, close + 1))) return { unknown: 'a bracketed host that is not a plain IPv6 literal' };
    return checkEscapes(host, 'host');
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && !isValidOptionalPort(host.slice(colon))) return `invalid port ${JSON.stringify(host.slice(colon))} after host`;
  return checkEscapes(host, 'host');
}

const USERINFO = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;

/** net/url's parse: `viaRequest` is ParseRequestURI's (an absolute URI or an absolute path, no fragment split). */
export function parseGoUrl(raw: string, viaRequest: boolean): GoUrlParse {
  let text = raw;
  let fragment = '';
  if (!viaRequest) {
    const hash = raw.indexOf('#');
    if (hash >= 0) {
      text = raw.slice(0, hash);
      fragment = raw.slice(hash + 1);
      const problem = checkEscapes(fragment, 'fragment');
      if (problem) return { error: problem };
    }
  }
  if ([...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return { error: 'net/url: invalid control character in URL' };
  if (text === '' && viaRequest) return { error: 'empty url' };
  const empty = { scheme: '', opaque: '', userinfo: undefined, host: '', rawQuery: '', fragment };
  if (text === '*') return { url: { ...empty, path: '*' } };
  const split = splitScheme(text);
  if (typeof split === 'string') return { error: split };
  const scheme = split.scheme.toLowerCase();
  let rest = split.rest;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else if (rest.includes('?')) [rest, rawQuery] = [rest.slice(0, rest.indexOf('?')), rest.slice(rest.indexOf('?') + 1)];
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { url: { ...empty, scheme, opaque: rest, path: '', rawQuery } };
    if (viaRequest) return { error: 'invalid URI for request' };
    if ((rest.split('/')[0] ?? '').includes(':')) return { error: 'first path segment in URL cannot contain colon' };
  }
  let userinfo: string | undefined;
  let host = '';
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) [authority, rest] = [authority.slice(0, slash), authority.slice(slash)];
    const at = authority.lastIndexOf('@');
    host = at < 0 ? authority : authority.slice(at + 1);
    const hostProblem = checkHost(host);
    if (typeof hostProblem === 'string') return { error: hostProblem };
    if (hostProblem) return hostProblem;
    if (at >= 0) {
      userinfo = authority.slice(0, at);
      if (!USERINFO.test(userinfo)) return { error: 'net/url: invalid userinfo' };
      const problem = checkEscapes(userinfo, 'userPassword');
      if (problem) return { error: problem };
    }
  }
  const pathProblem = checkEscapes(rest, 'path');
  if (pathProblem) return { error: pathProblem };
  return { url: { scheme, opaque: '', userinfo, host, path: rest, rawQuery, fragment } };
}

/** url.ParseRequestURI's verdict: undefined when it parses, else Go's error text (prefixed as url.Error prints it). */
export function requestUriProblem(raw: string): string | undefined | { readonly unknown: string } {
  const parsed = parseGoUrl(raw, true);
  if ('error' in parsed) return `parse ${JSON.stringify(raw)}: ${parsed.error}`;
  if ('unknown' in parsed) return { unknown: parsed.unknown };
  return undefined;
}
