// Turns a defaulted manifest (JSON form) into the Go value the controller holds: every struct
// field present (zero when absent), after the storage round trip (protobuf turns empty lists
// and maps into nil, and every Quantity is re-parsed from its canonical string).
import type { GoLayout } from '../go-layout/go-layout-types';
import { goTypeShape } from '../go-layout/go-types';
import type { JsonValue } from '../model/objects';
import { type Quantity, roundTripQuantity } from '../quantity/quantity';

/** A Go value: structs are objects keyed by Go field name, nil is null, ints may be bigint. */
export type GoValue = string | number | bigint | boolean | null | GoValue[] | { [field: string]: GoValue };

/** Decodes `json` as Go type `expr` (see the file comment for the round-trip rules). */
export function decodeGoValue(layout: GoLayout, json: JsonValue | undefined, expr: string, roundUpToMilli = false): GoValue {
  if (expr === 'resource.Quantity') return quantityValue(roundTripQuantity(quantityInput(json), roundUpToMilli));
  if (expr === 'intstr.IntOrString') {
    if (typeof json === 'string') return { Type: 1, IntVal: 0, StrVal: json };
    return { Type: 0, IntVal: typeof json === 'number' ? json : 0, StrVal: '' };
  }
  // Timestamps in templates are the zero time (creationTimestamp: null).
  if (expr === 'meta.Time' || expr === 'meta.MicroTime') return { Time: { wall: 0, ext: 0, loc: null } };
  const shape = goTypeShape(layout, expr);
  switch (shape.kind) {
    case 'pointer':
      return json === undefined || json === null ? null : decodeGoValue(layout, json, shape.elem, roundUpToMilli);
    case 'slice':
      if (!Array.isArray(json) || json.length === 0) return null;
      return json.map((item) => decodeGoValue(layout, item, shape.elem, roundUpToMilli));
    case 'map': {
      if (json === null || typeof json !== 'object' || Array.isArray(json) || Object.keys(json).length === 0) return null;
      // SetDefaults_ResourceList rounds every resource quantity up to milli scale.
      const roundUp = expr === 'core.ResourceList';
      const result: { [key: string]: GoValue } = {};
      for (const [key, value] of Object.entries(json)) result[key] = decodeGoValue(layout, value, shape.value, roundUp);
      return result;
    }
    case 'struct':
      return decodeStruct(layout, json, shape.name, roundUpToMilli);
    case 'string':
      return json === undefined || json === null ? '' : String(json);
    case 'bool':
      return json === true;
    case 'int':
    case 'uint':
    case 'float':
      return typeof json === 'number' ? json : 0;
  }
}

function decodeStruct(layout: GoLayout, json: JsonValue | undefined, name: string, roundUpToMilli: boolean): GoValue {
  const source = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {};
  const result: { [field: string]: GoValue } = {};
  for (const [goName, jsonName, flags, type] of layout.structs[name]!) {
    const embeddedInline = flags.includes('e') && jsonName === '';
    let value: JsonValue | undefined;
    if (embeddedInline) value = source;
    else if (jsonName !== '' && jsonName !== '-') value = source[jsonName];
    result[goName] = decodeGoValue(layout, value, type, roundUpToMilli);
  }
  return result;
}

function quantityInput(json: JsonValue | undefined): string | number {
  if (typeof json === 'number' || (typeof json === 'string' && json !== '')) return json;
  // A zero Quantity is stored as "0".
  return '0';
}

function quantityValue(q: Quantity): GoValue {
  return {
    i: { value: q.i.value, scale: q.i.scale },
    d: { Dec: q.d ? { unscaled: bigIntValue(q.d.unscaled), scale: q.d.scale } : null },
    s: q.s,
    Format: q.format,
  };
}

// big.Int as go-spew sees it: sign and little-endian 64-bit words.
function bigIntValue(value: bigint): GoValue {
  let magnitude = value < 0n ? -value : value;
  const words: GoValue[] = [];
  while (magnitude > 0n) {
    words.push(magnitude & 0xffffffffffffffffn);
    magnitude >>= 64n;
  }
  return { neg: value < 0n, abs: words.length ? words : null };
}
