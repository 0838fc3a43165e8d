// Go encoding/json over a GoValue: json names, omitempty/omitzero, inline embedded structs and
// the custom marshalers of Quantity, IntOrString and Time; plus the compact writer with sorted
// keys and HTML escaping that a re-marshalled map[string]interface{} gets.
import type { GoLayout } from '../go-layout/go-layout-types';
import { goTypeShape } from '../go-layout/go-types';
import type { JsonValue } from '../model/objects';
import { quantityString } from '../quantity/quantity';
import type { GoValue } from './go-value';

type Encoded = JsonValue | undefined;

/** The JSON value json.Marshal produces for `value` of Go type `expr`. */
export function encodeGoJson(layout: GoLayout, value: GoValue, expr: string): JsonValue {
  return encode(layout, value, expr) ?? null;
}

function encode(layout: GoLayout, value: GoValue, expr: string): Encoded {
  if (expr === 'resource.Quantity') return quantityText(value);
  if (expr === 'intstr.IntOrString') {
    const v = value as { Type: number; IntVal: number; StrVal: string };
    return v.Type === 1 ? v.StrVal : v.IntVal;
  }
  // Templates only hold the zero time, which Time.MarshalJSON writes as null.
  if (expr === 'meta.Time' || expr === 'meta.MicroTime') return null;
  const shape = goTypeShape(layout, expr);
  switch (shape.kind) {
    case 'pointer':
      return value === null ? null : encode(layout, value, shape.elem);
    case 'slice':
      if (value === null) return null;
      return (value as GoValue[]).map((item) => encode(layout, item, shape.elem) ?? null);
    case 'map': {
      if (value === null) return null;
      const result: { [key: string]: JsonValue } = {};
      for (const [key, item] of Object.entries(value as { [key: string]: GoValue })) result[key] = encode(layout, item, shape.value) ?? null;
      return result;
    }
    case 'struct': {
      const result: { [key: string]: JsonValue } = {};
      encodeStructInto(layout, value as { [field: string]: GoValue }, shape.name, result);
      return result;
    }
    case 'int':
    case 'uint':
    case 'float':
      return Number(value);
    default:
      return value as JsonValue;
  }
}

function encodeStructInto(layout: GoLayout, fields: { [field: string]: GoValue }, name: string, out: { [key: string]: JsonValue }): void {
  for (const [goName, jsonName, flags, type] of layout.structs[name]!) {
    const value = fields[goName] ?? null;
    if (jsonName === '-' || /^[a-z]/.test(goName)) continue;
    if (flags.includes('e') && jsonName === '') {
      const shape = goTypeShape(layout, type);
      if (shape.kind === 'struct') encodeStructInto(layout, value as { [field: string]: GoValue }, shape.name, out);
      continue;
    }
    if (flags.includes('o') && isEmptyValue(layout, value, type)) continue;
    if (flags.includes('z') && isZeroValue(layout, value, type)) continue;
    const encoded = encode(layout, value, type);
    if (encoded !== undefined) out[jsonName || goName] = encoded;
  }
}

// encoding/json isEmptyValue: false, 0, "", nil pointer, nil or empty slice and map.
function isEmptyValue(layout: GoLayout, value: GoValue, expr: string): boolean {
  if (expr === 'resource.Quantity' || expr === 'intstr.IntOrString' || expr.startsWith('meta.')) {
    return false;
  }
  const shape = goTypeShape(layout, expr);
  if (shape.kind === 'struct') return false;
  // A set pointer is never empty, even to false, 0 or "".
  if (shape.kind === 'pointer') return value === null;
  if (shape.kind === 'slice' || shape.kind === 'map') return value === null || Object.keys(value as object).length === 0;
  return value === null || value === '' || value === 0 || value === 0n || value === false;
}

// omitzero: the Go zero value (a zero Time counts as zero through its IsZero method).
function isZeroValue(layout: GoLayout, value: GoValue, expr: string): boolean {
  if (expr === 'meta.Time' || expr === 'meta.MicroTime') return true;
  const shape = goTypeShape(layout, expr);
  if (shape.kind === 'struct') {
    const fields = value as { [field: string]: GoValue };
    return layout.structs[shape.name]!.every(([goName, , , type]) => isZeroValue(layout, fields[goName] ?? null, type));
  }
  if (shape.kind === 'slice' || shape.kind === 'map' || shape.kind === 'pointer') return value === null;
  return value === null || value === '' || value === 0 || value === 0n || value === false;
}

function quantityText(value: GoValue): string {
  const v = value as {
    i: { value: bigint; scale: number };
    d: { Dec: { unscaled: { neg: boolean; abs: GoValue[] | null }; scale: number } | null };
    s: string;
    Format: string;
  };
  let decimal = null;
  if (v.d.Dec) {
    let magnitude = 0n;
    (v.d.Dec.unscaled.abs ?? []).forEach((word, index) => {
      magnitude += BigInt(word as bigint) << BigInt(64 * index);
    });
    decimal = { unscaled: v.d.Dec.unscaled.neg ? -magnitude : magnitude, scale: v.d.Dec.scale };
  }
  return quantityString({ i: { value: BigInt(v.i.value), scale: v.i.scale }, d: decimal, s: v.s, format: v.Format as 'DecimalSI' });
}

/** Compact JSON as Go writes a map: keys sorted by bytes, `<` `>` `&` U+2028 U+2029 escaped. */
export function writeGoJson(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return goJsonString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(writeGoJson).join(',')}]`;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((key) => `${goJsonString(key)}:${writeGoJson(value[key]!)}`).join(',')}}`;
}

function goJsonString(text: string): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character === '"') out += '\\"';
    else if (character === '\\') out += '\\\\';
    else if (character === '\n') out += '\\n';
    else if (character === '\r') out += '\\r';
    else if (character === '\t') out += '\\t';
    else if (code < 0x20 || character === '<' || character === '>' || character === '&' || code === 0x2028 || code === 0x2029) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else out += character;
  }
  return out + '"';
}
