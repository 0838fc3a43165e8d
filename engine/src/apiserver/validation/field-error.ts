// Field errors as kube-apiserver prints them: path, error type, bad value and detail.
// Follows Error.ErrorBody, apimachinery pkg/util/validation/field/errors.go (v0.33 and v0.34+).
import { isAtLeast, type KubernetesVersion } from '../../model/kubernetes-version';

/** One step of a field path: a map key or a list index. */
export type PathSegment = string | number;

/** The field.ErrorType display kinds. */
type FieldErrorType = 'Required' | 'Invalid' | 'Forbidden' | 'NotSupported' | 'Duplicate' | 'NotFound' | 'TooLong' | 'TooMany' | 'Internal';

/**
 * A bad value, kept in both renderings: the API server prints strings Go-quoted and numbers
 * plainly in every release, and anything else as JSON since 1.34 (Go `%#v` syntax before).
 */
export type BadValue =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'structured'; json: string; go: string }
  | { kind: 'omit' };

type PathStep =
  | { kind: 'root'; name: string }
  | { kind: 'name'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'key'; key: string }
  | { kind: 'fixed'; text: string; segments: readonly PathSegment[] };

/**
 * A field path: the printed form (`spec.ports[0].name`) and the segments to find the YAML node.
 * Validation builds a path for every field it visits and prints only the few that err, so a path
 * is a link to its parent and both forms are computed on first use.
 */
export class FieldPath {
  private textCache: string | undefined;
  private segmentsCache: readonly PathSegment[] | undefined;

  private constructor(
    private readonly parent: FieldPath | undefined,
    private readonly step: PathStep,
  ) {}

  static root(name: string): FieldPath {
    return new FieldPath(undefined, { kind: 'root', name });
  }

  /** One or more child names; a name with dots (`ordinals.start`) prints as given. */
  child(...names: string[]): FieldPath {
    let path: FieldPath = this;
    for (const name of names) path = new FieldPath(path, { kind: 'name', name });
    return path;
  }

  index(i: number): FieldPath {
    return new FieldPath(this, { kind: 'index', index: i });
  }

  key(key: string): FieldPath {
    return new FieldPath(this, { kind: 'key', key });
  }

  /** The same printed path, found in the YAML at `segments` (e.g. `spec.clusterIPs[0]` at `spec.clusterIP`). */
  locatedAt(...segments: PathSegment[]): FieldPath {
    return new FieldPath(undefined, { kind: 'fixed', text: this.text, segments });
  }

  get text(): string {
    if (this.textCache === undefined) {
      const step = this.step;
      const parent = this.parent?.text ?? '';
      switch (step.kind) {
        case 'root':
          this.textCache = step.name;
          break;
        case 'name':
          this.textCache = parent === '' ? step.name : `${parent}.${step.name}`;
          break;
        case 'index':
          this.textCache = `${parent}[${step.index}]`;
          break;
        case 'key':
          this.textCache = `${parent}[${step.key}]`;
          break;
        case 'fixed':
          this.textCache = step.text;
          break;
      }
    }
    return this.textCache;
  }

  get segments(): readonly PathSegment[] {
    if (this.segmentsCache === undefined) {
      const step = this.step;
      const parent = this.parent?.segments ?? [];
      switch (step.kind) {
        case 'root':
          this.segmentsCache = [step.name];
          break;
        case 'name':
          this.segmentsCache = [...parent, ...step.name.split('.')];
          break;
        case 'index':
          this.segmentsCache = [...parent, step.index];
          break;
        case 'key':
          this.segmentsCache = [...parent, step.key];
          break;
        case 'fixed':
          this.segmentsCache = step.segments;
          break;
      }
    }
    return this.segmentsCache;
  }
}

/** One validation error, as `field.Error`. `rule` names the rule for the finding code. */
export interface FieldError {
  type: FieldErrorType;
  path: FieldPath;
  value: BadValue;
  detail: string;
  rule: string;
}

const TYPE_TEXT: Record<FieldErrorType, string> = {
  Required: 'Required value',
  Invalid: 'Invalid value',
  Forbidden: 'Forbidden',
  NotSupported: 'Unsupported value',
  Duplicate: 'Duplicate value',
  NotFound: 'Not found',
  TooLong: 'Too long',
  TooMany: 'Too many',
  Internal: 'Internal error',
};

const VALUELESS_TYPES: ReadonlySet<FieldErrorType> = new Set(['Required', 'Forbidden', 'TooLong', 'Internal']);

/** The body after `<field>: `, e.g. `Invalid value: -1: must be greater than or equal to 0`. */
export function formatErrorBody(error: FieldError, version: KubernetesVersion): string {
  let body = TYPE_TEXT[error.type];
  if (!VALUELESS_TYPES.has(error.type) && error.value.kind !== 'omit') body += `: ${renderValue(error.value, version)}`;
  if (error.detail !== '') body += `: ${error.detail}`;
  return body;
}

/** The whole `<field>: <body>` string the API server returns for one error. */
export function formatFieldError(error: FieldError, version: KubernetesVersion): string {
  return `${error.path.text}: ${formatErrorBody(error, version)}`;
}

/** Prints a bad value the way the selected release does. */
export function renderValue(value: BadValue, version: KubernetesVersion): string {
  switch (value.kind) {
    case 'string':
      return goQuote(value.value);
    case 'number':
      return String(value.value);
    case 'bool':
      return String(value.value);
    case 'structured':
      return isAtLeast(version, '1.34') ? value.json : value.go;
    case 'omit':
      return '';
  }
}

// ---- Building bad values -------------------------------------------------------------------

/** A string value (`%q`). */
export function stringValue(value: string): BadValue {
  return { kind: 'string', value };
}

/** An integer value, printed plainly. */
export function numberValue(value: number): BadValue {
  return { kind: 'number', value };
}

/** No value printed (TooLong and `field.OmitValue`). */
export const OMIT: BadValue = { kind: 'omit' };

/** A value whose JSON and Go renderings the caller supplies. */
export function structuredValue(json: unknown, go: string): BadValue {
  return { kind: 'structured', json: goJson(json), go };
}

/** A value whose JSON text is already built (for example with jsonStringMap). */
export function prebuiltValue(json: string, go: string): BadValue {
  return { kind: 'structured', json, go };
}

/** A `map[string]string` such as template labels. */
export function stringMapValue(map: Record<string, string> | undefined): BadValue {
  return { kind: 'structured', json: jsonStringMap(map), go: goStringMap(map) };
}

/**
 * json.Marshal of a map[string]string: keys in byte order. Built by hand because JavaScript
 * objects put integer-like keys ("9", "10") first in numeric order.
 */
export function jsonStringMap(map: Record<string, string> | undefined): string {
  if (!map) return 'null';
  const keys = Object.keys(map).sort();
  return `{${keys.map((key) => `${goJson(key)}:${goJson(String(map[key]))}`).join(',')}}`;
}

/** An `intstr.IntOrString` (maxSurge, maxUnavailable). */
export function intOrStringValue(value: number | string): BadValue {
  return structuredValue(value, goIntOrString(value));
}

/** Go `%#v` of an intstr.IntOrString value. */
function goIntOrString(value: number | string): string {
  return typeof value === 'number'
    ? `intstr.IntOrString{Type:0, IntVal:${value}, StrVal:""}`
    : `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(value)}}`;
}

/** Go `%#v` of a map[string]string (fmt sorts map keys). */
export function goStringMap(map: Record<string, string> | undefined): string {
  if (!map) return 'map[string]string(nil)';
  const entries = Object.keys(map)
    .sort()
    .map((key) => `${goQuote(key)}:${goQuote(String(map[key]))}`);
  return `map[string]string{${entries.join(', ')}}`;
}

/** Go `%#v` of a []string. */
export function goStringSlice(values: readonly string[] | undefined): string {
  if (!values) return '[]string(nil)';
  return `[]string{${values.map(goQuote).join(', ')}}`;
}

/** Go's `%q` for a string: double quotes with Go escapes; printable Unicode kept as is. */
export function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (char === '\r') out += '\\r';
    else if (code === 7) out += '\\a';
    else if (code === 8) out += '\\b';
    else if (code === 12) out += '\\f';
    else if (code === 11) out += '\\v';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0x80 && code < 0xa0) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return out + '"';
}

/**
 * Go's encoding/json output for a value the caller built in Go field order (maps already
 * sorted): JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u003c` and so on.
 */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---- Constructors, named as in package field -------------------------------------------------

export function required(path: FieldPath, detail: string, rule: string): FieldError {
  return { type: 'Required', path, value: OMIT, detail, rule };
}

export function invalid(path: FieldPath, value: BadValue, detail: string, rule: string): FieldError {
  return { type: 'Invalid', path, value, detail, rule };
}

export function forbidden(path: FieldPath, detail: string, rule: string): FieldError {
  return { type: 'Forbidden', path, value: OMIT, detail, rule };
}

export function duplicate(path: FieldPath, value: BadValue, rule: string): FieldError {
  return { type: 'Duplicate', path, value, detail: '', rule };
}

export function notFound(path: FieldPath, value: BadValue, rule: string): FieldError {
  return { type: 'NotFound', path, value, detail: '', rule };
}

/** NotSupported: the detail lists the values Go-quoted, in the order given. */
export function notSupported(path: FieldPath, value: BadValue, supported: readonly string[], rule: string): FieldError {
  const detail = supported.length > 0 ? `supported values: ${supported.map(goQuote).join(', ')}` : '';
  return { type: 'NotSupported', path, value, detail, rule };
}

/** TooLong with a byte limit; the value is omitted. */
export function tooLong(path: FieldPath, maxBytes: number, rule: string): FieldError {
  return { type: 'TooLong', path, value: OMIT, detail: `may not be more than ${maxBytes} ${maxBytes === 1 ? 'byte' : 'bytes'}`, rule };
}

/** ValidateNonnegativeField. */
export function validateNonnegative(value: number, path: FieldPath, rule = 'negative-value'): FieldError[] {
  return value < 0 ? [invalid(path, numberValue(value), 'must be greater than or equal to 0', rule)] : [];
}

/** ValidateImmutableField's error (the value is the new one). */
export function immutable(path: FieldPath, value: BadValue, rule = 'field-immutable'): FieldError {
  return invalid(path, value, 'field is immutable', rule);
}
