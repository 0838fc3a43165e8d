// The Kubernetes URL library of CEL (k8s.io/apiserver pkg/cel/library/urls.go) restated on @bufbuild/cel: `url(s)`
// (url.ParseRequestURI must accept the text, then url.Parse gives the parts), `isURL(s)` and the getters getScheme,
// getHost, getHostname, getPort, getEscapedPath and getQuery, over the engine's restatement of Go's net/url.
// A URL is an opaque value holding its text (upstream compares URL.String(); two texts Go would print alike but
// that differ here, such as a scheme's case, compare unequal).
import { celFunc, celMethod, CelScalar, type CelFunc } from '@bufbuild/cel';
import { goShouldEscape, parseGoUrl, type GoUrl } from '@kubesim/engine';
import { notEvaluated, opaqueValue, requireOpaque } from './cel-opaque';

const { BOOL, DYN, STRING } = CelScalar;
const KIND = 'URL';

function requestUriError(text: string): string | undefined {
  const parsed = parseGoUrl(text, true);
  if ('unknown' in parsed) notEvaluated(`the URL ${JSON.stringify(text)} (${parsed.unknown})`);
  return 'error' in parsed ? parsed.error : undefined;
}

function urlOf(value: Parameters<typeof requireOpaque>[0]): GoUrl {
  const text = requireOpaque(value, KIND);
  const parsed = parseGoUrl(text, false);
  if (!('url' in parsed)) return notEvaluated(`the URL ${JSON.stringify(text)}`);
  return parsed.url;
}

// unescape after parsing accepted every escape: %XX bytes decoded as UTF-8 (`+` is a space in a query).
function unescape(text: string, plusIsSpace: boolean): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length;) {
    if (text[i] === '%') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const c = String.fromCodePoint(text.codePointAt(i)!);
      bytes.push(...(plusIsSpace && c === '+' ? [0x20] : encoder.encode(c)));
      i += c.length;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return notEvaluated('a URL part that is not UTF-8 once unescaped');
  }
}

function escapePath(path: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(path)) {
    const c = String.fromCharCode(byte);
    out += byte < 0x80 && !goShouldEscape(c, 'path') ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// URL.EscapedPath: the path as written when it is a valid encoding, else the decoded path escaped.
function escapedPath(url: GoUrl): string {
  const valid = [...url.path].every((c) => `!$&'()*+,;=:@[]%`.includes(c) || (c.charCodeAt(0) < 0x80 && !goShouldEscape(c, 'path')));
  if (valid) return url.path;
  return escapePath(unescape(url.path, false));
}

// splitHostPort: a port after the last colon when it is digits, brackets removed from the host.
function hostAndPort(url: GoUrl): { hostname: string; port: string } {
  let hostname = unescape(url.host, false);
  let port = '';
  const colon = hostname.lastIndexOf(':');
  if (colon >= 0 && /^:[0-9]*$/.test(hostname.slice(colon))) [hostname, port] = [hostname.slice(0, colon), hostname.slice(colon + 1)];
  if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
  return { hostname, port };
}

// url.ParseQuery with its errors ignored: `&`-separated pairs, a pair with `;` or a bad escape skipped.
function queryOf(url: GoUrl): Map<string, string[]> {
  const query = new Map<string, string[]>();
  for (const pair of url.rawQuery.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const equals = pair.indexOf('=');
    const [key, value] = equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    if (/%(?![0-9A-Fa-f]{2})/.test(key) || /%(?![0-9A-Fa-f]{2})/.test(value)) continue;
    const name = unescape(key, true);
    query.set(name, [...(query.get(name) ?? []), unescape(value, true)]);
  }
  return query;
}

/** The functions of the URL library. */
export const URL_FUNCS: readonly CelFunc[] = [
  celFunc('url', [STRING], DYN, (text) => {
    const error = requestUriError(text);
    if (error !== undefined) throw new Error(`URL parse error during conversion from string: parse ${JSON.stringify(text)}: ${error}`);
    return opaqueValue(KIND, text);
  }),
  celFunc('isURL', [STRING], BOOL, (text) => requestUriError(text) === undefined),
  celMethod('getScheme', DYN, [], STRING, function () {
    return urlOf(this).scheme;
  }),
  celMethod('getHost', DYN, [], STRING, function () {
    return unescape(urlOf(this).host, false);
  }),
  celMethod('getHostname', DYN, [], STRING, function () {
    return hostAndPort(urlOf(this)).hostname;
  }),
  celMethod('getPort', DYN, [], STRING, function () {
    return hostAndPort(urlOf(this)).port;
  }),
  celMethod('getEscapedPath', DYN, [], STRING, function () {
    return escapedPath(urlOf(this));
  }),
  celMethod('getQuery', DYN, [], DYN, function () {
    return queryOf(urlOf(this));
  }),
];
