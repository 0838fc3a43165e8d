// ingress-nginx's reading of the canary annotations (internal/ingress/annotations/canary main.go Parse,
// over parser.GetBoolAnnotation and GetIntAnnotation): booleans by Go's strconv.ParseBool, numbers by
// strconv.Atoi; a value either refuses is a validation error, logged as `<name> is invalid, defaulting
// to '<default>'` and replaced by the default. A canary that sets anything while `canary` is not true
// is "configured but not enabled": the parser fails and the Ingress is an ordinary one.

const PREFIX = 'nginx.ingress.kubernetes.io/';

/** strconv.ParseBool: the twelve spellings Go accepts; undefined for anything else. */
export function parseGoBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

/** strconv.Atoi on a 64-bit platform: an optional sign and decimal digits within int64; undefined otherwise. */
export function parseGoAtoi(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  if (value > 9223372036854775807n || value < -9223372036854775808n) return undefined;
  return Number(value);
}

/** ingress-nginx's canary Config of one Ingress. */
export interface CanaryConfig {
  weight: number;
  weightTotal: number;
  header: string;
  headerValue: string;
  headerPattern: string;
  cookie: string;
}

/**
 * The canary settings of an Ingress (undefined when it is no canary), the lines the controller logs
 * reading them, and whether canary settings were left unused because `canary` is not true.
 */
export function readCanaryAnnotations(annotations: Readonly<Record<string, string>> | undefined): {
  config?: CanaryConfig;
  logs: string[];
  notEnabled?: boolean;
} {
  const logs: string[] = [];
  const read = <T>(name: string, parse: (text: string) => T | undefined, fallback: T, shown: string): T => {
    const text = annotations?.[PREFIX + name];
    // checkAnnotation validates only non-empty values; parseInt/parseBool of an empty one fail as well.
    if (text === undefined) return fallback;
    const value = parse(text);
    if (value !== undefined) return value;
    logs.push(`${name} is invalid, defaulting to '${shown}'`);
    return fallback;
  };
  const text = (value: string): string => value;
  const enabled = read('canary', parseGoBool, false, 'false');
  const config: CanaryConfig = {
    weight: read('canary-weight', parseGoAtoi, 0, '0'),
    weightTotal: read('canary-weight-total', parseGoAtoi, 100, '100'),
    header: read('canary-by-header', text, '', ''),
    headerValue: read('canary-by-header-value', text, '', ''),
    headerPattern: read('canary-by-header-pattern', text, '', ''),
    cookie: read('canary-by-cookie', text, '', ''),
  };
  if (enabled) return { config, logs };
  const configured = config.weight > 0 || [config.header, config.headerValue, config.cookie, config.headerPattern].some((value) => value !== '');
  return configured ? { logs, notEnabled: true } : { logs };
}

/** One request as the canary rules see it: its headers (any case) and cookies. */
export interface CanaryRequest {
  headers?: Readonly<Record<string, string>>;
  cookies?: Readonly<Record<string, string>>;
}

/**
 * route_to_alternative_balancer (rootfs/etc/nginx/lua/balancer.lua): the share of such requests the
 * canary takes. The header first (its value when `-header-value` is set, else the pattern, else
 * `always`/`never`; any other value falls through), then the cookie (`always`/`never`), then the weight:
 * math.random(total) <= weight, the total being 100 unless canary-weight-total is larger.
 */
export function canaryShareOf(config: CanaryConfig, request: CanaryRequest = {}): number {
  const header = config.header === '' ? undefined : headerValue(request.headers, config.header);
  if (header !== undefined) {
    if (config.headerValue !== '') {
      if (header === config.headerValue) return 1;
    } else if (config.headerPattern !== '') {
      // ngx.re.match is PCRE; a JavaScript RegExp reads the common patterns alike, and one it cannot compile does not match.
      if (patternMatches(config.headerPattern, header)) return 1;
    } else if (header === 'always') return 1;
    else if (header === 'never') return 0;
  }
  const cookie = config.cookie === '' ? undefined : request.cookies?.[config.cookie];
  if (cookie === 'always') return 1;
  if (cookie === 'never') return 0;
  const total = config.weightTotal > 100 ? config.weightTotal : 100;
  return Math.min(Math.max(config.weight, 0), total) / total;
}

// nginx's $http_NAME: case-insensitive, `-` and `_` alike.
function headerValue(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase().replace(/-/g, '_');
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase().replace(/-/g, '_') === wanted) return value;
  return undefined;
}

function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
}
