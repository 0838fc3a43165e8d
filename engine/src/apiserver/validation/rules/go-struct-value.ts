// A pod-spec struct as a bad value: the internal core types have no JSON tags, so 1.34+ prints
// Go field names (`{"Type":"RuntimeDefault","LocalhostProfile":"x"}`), and older releases print
// Go `%#v`, whose non-nil pointers are addresses (written here as 0xc000000000: no tool can
// reproduce them). Field order and types come from the engine's per-release layout tables.
import { goLayoutFor } from '../../../go-layout/go-layouts';
import { goTypeShape } from '../../../go-layout/go-types';
import type { GoLayout } from '../../../go-layout/go-layout-types';
import type { JsonObject, JsonValue } from '../../../model/objects';
import type { KubernetesVersion } from '../../../model/kubernetes-version';
import { goJson, goQuote, prebuiltValue, type BadValue } from '../field-error';
import { asObject } from './json-access';

const FAKE_ADDRESS = '0xc000000000';

/** The struct `typeName` (e.g. `core.SecurityContext`) read from `object`, rendered for `version`. */
export function goStructValue(version: KubernetesVersion, typeName: string, object: JsonObject): BadValue {
  const layout = goLayoutFor(version);
  return prebuiltValue(structJson(layout, typeName, object), structGo(layout, typeName, object));
}

function structJson(layout: GoLayout, typeName: string, object: JsonObject): string {
  const parts = (layout.structs[typeName] ?? []).map(([goName, jsonName, , type]) => `${JSON.stringify(goName)}:${valueJson(layout, type, object[jsonName])}`);
  return `{${parts.join(',')}}`;
}

function valueJson(layout: GoLayout, type: string, value: JsonValue | undefined): string {
  const shape = goTypeShape(layout, type);
  switch (shape.kind) {
    case 'pointer':
      return value === undefined || value === null ? 'null' : valueJson(layout, shape.elem, value);
    case 'slice':
      return Array.isArray(value) ? `[${value.map((item) => valueJson(layout, shape.elem, item)).join(',')}]` : 'null';
    case 'map':
      return asObject(value) ? goJson(value) : 'null';
    case 'struct':
      return structJson(layout, shape.name, asObject(value) ?? {});
    case 'string':
      return goJson(typeof value === 'string' ? value : '');
    case 'bool':
      return String(value === true);
    default:
      return String(typeof value === 'number' ? value : 0);
  }
}

function structGo(layout: GoLayout, typeName: string, object: JsonObject): string {
  const parts = (layout.structs[typeName] ?? []).map(([goName, jsonName, , type]) => `${goName}:${valueGo(layout, type, object[jsonName])}`);
  return `${typeName}{${parts.join(', ')}}`;
}

function valueGo(layout: GoLayout, type: string, value: JsonValue | undefined): string {
  const shape = goTypeShape(layout, type);
  switch (shape.kind) {
    case 'pointer':
      return `(${type})(${value === undefined || value === null ? 'nil' : FAKE_ADDRESS})`;
    case 'slice':
      return Array.isArray(value) ? `${type}{${value.map((item) => valueGo(layout, shape.elem, item)).join(', ')}}` : `${type}(nil)`;
    case 'map':
      return asObject(value) ? `${type}{...}` : `${type}(nil)`;
    case 'struct':
      return structGo(layout, shape.name, asObject(value) ?? {});
    case 'string':
      return goQuote(typeof value === 'string' ? value : '');
    case 'bool':
      return String(value === true);
    default:
      return String(typeof value === 'number' ? value : 0);
  }
}
