// The API server's strict decoding of an apps/v1 workload, a core/v1 Service or a networking.k8s.io/v1 Ingress:
// values of the wrong JSON type and unknown fields, found with the generated Go struct layouts of the selected release.
// Follows the decoder of sigs.k8s.io/json (internal/golang/encoding/json decode.go and
// kubernetes_patch.go: UnmarshalTypeError, saveError, saveStrictError, the strict field stack),
// apimachinery runtime/serializer/json (type errors win over strict errors) and
// transformDecodeError in k8s.io/apiserver pkg/endpoints/handlers/rest.go.
import { goLayoutFor, goTypeString } from '../../go-layout/go-layouts';
import { goTypeShape, type GoTypeShape } from '../../go-layout/go-types';
import { parseQuantity, QuantityParseError } from '../../quantity/quantity';
import type { GoLayout } from '../../go-layout/go-layout-types';
import { isJsonObject } from '../../model/json-value';
import type { ReadonlyJsonObject, ReadonlyJsonValue } from '../../model/objects';
import type { KubernetesVersion } from '../../model/kubernetes-version';
import { goQuote, type PathSegment } from './field-error';
import { corruptBase64Offset } from './base64-offset';

/** One decoding problem: where it is, and the text the API server returns for the request. */
export interface DecodeProblem {
  kind: 'type' | 'unknown-field';
  /** JSON path from the object root (indexes and map keys included). */
  path: PathSegment[];
  /** `true` when the key should be underlined (unknown fields), else the value. */
  onKey: boolean;
  /** The whole server message, e.g. `Deployment in version "v1" cannot be handled as a Deployment: ...`. */
  message: string;
}

/** The kinds the layout tables describe (apps/v1 workloads, core/v1 Service, networking.k8s.io/v1 Ingress). */
type DecodedKind = 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'Service' | 'Ingress';

// The package-keyed root struct of each kind.
const ROOT_STRUCTS: Record<DecodedKind, string> = {
  Deployment: 'apps.Deployment',
  ReplicaSet: 'apps.ReplicaSet',
  StatefulSet: 'apps.StatefulSet',
  Service: 'core.Service',
  Ingress: 'networking.Ingress',
};

// ParseQuantity's error texts (apimachinery pkg/api/resource/quantity.go).
const QUANTITY_FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const QUANTITY_SUFFIX = "unable to parse quantity's suffix";

const INT_RANGES: Record<string, [bigint, bigint]> = {
  int8: [-(2n ** 7n), 2n ** 7n - 1n],
  int16: [-(2n ** 15n), 2n ** 15n - 1n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 63n), 2n ** 63n - 1n],
  uint8: [0n, 2n ** 8n - 1n],
  uint16: [0n, 2n ** 16n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  uint: [0n, 2n ** 64n - 1n],
};

interface TypeError {
  value: string;
  type: string;
  path: PathSegment[];
  /** Set for errors a custom UnmarshalJSON returns (not an UnmarshalTypeError). */
  plain?: string;
}

interface DecodeState {
  layout: GoLayout;
  /** The first saved UnmarshalTypeError, already given its struct/field context. */
  saved?: TypeError & { context: string };
  /** An error that stopped decoding (returned by a custom UnmarshalJSON). */
  aborted?: TypeError & { context: string };
  unknown: { path: PathSegment[]; text: string }[];
  seenUnknown: Set<string>;
}

interface Context {
  /** The Go struct being decoded (`DeploymentSpec`), empty at the root. */
  struct: string;
  /** JSON field names from the root, without indexes or map keys. */
  fields: string[];
  /** The strict path text (`spec.template.spec.containers[0]`). */
  strictPath: string;
  /** JSON path segments for locating the node. */
  path: PathSegment[];
}

/**
 * The problems the API server reports when decoding `value` as `kind` with strict field
 * validation (kubectl's default `--validate=strict`). A decode error stops the request, so
 * when one exists it is the only problem; otherwise every unknown field is listed.
 */
export function decodeProblemsOf(kind: DecodedKind, value: ReadonlyJsonObject, version: KubernetesVersion): DecodeProblem[] {
  return decodeProblemsOfType({ root: ROOT_STRUCTS[kind], kind, version: 'v1' }, value, version);
}

/** What a request body is decoded into: the Go root struct of a kind, and the kind and API version it is sent as. */
interface DecodeTarget {
  /** Package-keyed root struct (`batch.Job`). */
  root: string;
  kind: string;
  /** The version part of the apiVersion (`v2` for autoscaling/v2). */
  version: string;
}

/** decodeProblemsOf for any kind whose root struct is in the release's layout. */
export function decodeProblemsOfType(target: DecodeTarget, value: ReadonlyJsonObject, release: KubernetesVersion): DecodeProblem[] {
  const { kind } = target;
  const state: DecodeState = { layout: goLayoutFor(release), unknown: [], seenUnknown: new Set() };
  const root: Context = { struct: kind, fields: [], strictPath: '', path: [] };
  try {
    decodeStruct(state, value, target.root, root);
  } catch (error) {
    if (!(error instanceof StopDecoding)) throw error;
  }
  // transformDecodeError: the kind, the request's version, the kind again.
  const prefix = `${kind} in version ${goQuote(target.version)} cannot be handled as a ${kind}: `;
  const failure = state.aborted ?? state.saved;
  if (failure) return [{ kind: 'type', path: failure.path, onKey: false, message: prefix + typeErrorText(failure) }];
  if (state.unknown.length === 0) return [];
  // The strict decoding error lists every unknown field (at most 100) in one message.
  const message = `${prefix}strict decoding error: ${state.unknown.map((field) => `unknown field ${goQuote(field.text)}`).join(', ')}`;
  return state.unknown.map((field) => ({ kind: 'unknown-field', path: field.path, onKey: true, message }));
}

class StopDecoding extends Error {}

// UnmarshalTypeError.Error(): with struct context "Go struct field S.a.b", else "Go value".
function typeErrorText(error: TypeError & { context: string }): string {
  if (error.plain !== undefined) return error.plain;
  const target = error.context === '' ? 'Go value' : `Go struct field ${error.context}`;
  return `json: cannot unmarshal ${error.value} into ${target} of type ${error.type}`;
}

function contextText(context: Context): string {
  return context.fields.length === 0 && context.struct === '' ? '' : `${context.struct}.${context.fields.join('.')}`;
}

// saveError keeps only the first error; decoding goes on.
function saveError(state: DecodeState, context: Context, error: TypeError): void {
  if (!state.saved) state.saved = { ...error, context: contextText(context) };
}

// An error returned from UnmarshalJSON ends decoding; addErrorContext still names the field.
function abort(state: DecodeState, context: Context, error: TypeError): never {
  state.aborted = { ...error, context: contextText(context) };
  throw new StopDecoding();
}

// The JSON kind Go names in UnmarshalTypeError.Value.
function jsonKindOf(value: ReadonlyJsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  return 'string';
}

// Go's json.Marshal text of a float64 (as kubectl's YAML-to-JSON conversion writes it).
function numberText(value: number): string {
  return String(value);
}

// Go's reflect name for a type expression, after following pointers (indirect allocates them).
function targetTypeName(expr: string): string {
  let type = expr;
  while (type.startsWith('*')) type = type.slice(1);
  return goTypeString(type);
}

function shapeOf(state: DecodeState, expr: string): GoTypeShape | undefined {
  try {
    return goTypeShape(state.layout, expr);
  } catch {
    return undefined;
  }
}

// Types with their own UnmarshalJSON that keep any JSON value as it is (RawExtension, apiextensions'
// JSON and its schema-or-x unions, managedFields' FieldsV1): strict decoding does not look inside.
const OPAQUE_TYPES = new Set([
  'runtime.RawExtension',
  'meta.FieldsV1',
  'apiextensions.JSON',
  'apiextensions.JSONSchemaPropsOrArray',
  'apiextensions.JSONSchemaPropsOrBool',
  'apiextensions.JSONSchemaPropsOrStringArray',
]);

function decodeValue(state: DecodeState, value: ReadonlyJsonValue, expr: string, context: Context): void {
  if (value === null) return;
  let type = expr;
  while (type.startsWith('*')) type = type.slice(1);
  if (OPAQUE_TYPES.has(type)) return;
  if (type === '[]uint8' && typeof value === 'string') return decodeBytes(state, value, context);
  if (type === 'intstr.IntOrString') return decodeIntOrString(state, value, context);
  if (type === 'resource.Quantity') return decodeQuantity(state, value, context);
  if (type === 'meta.Time' || type === 'meta.MicroTime') return decodeTime(state, value, context);
  const shape = shapeOf(state, type);
  if (!shape) return;
  const mismatch = (): void => saveError(state, context, { value: jsonKindOf(value), type: targetTypeName(type), path: context.path });
  switch (shape.kind) {
    case 'struct':
      if (!isJsonObject(value)) return mismatch();
      return decodeStruct(state, value, shape.name, context);
    case 'slice':
      // A []byte takes a base64 string (decodeBytes) or an array of numbers.
      if (!Array.isArray(value)) return mismatch();
      value.forEach((item, i) =>
        decodeValue(state, item, shape.elem, {
          ...context,
          strictPath: `${context.strictPath}[${i}]`,
          path: [...context.path, i],
        }),
      );
      return;
    case 'map':
      if (!isJsonObject(value)) return mismatch();
      for (const key of sortedKeys(value)) {
        decodeValue(state, value[key]!, shape.value, {
          ...context,
          strictPath: joinStrict(context.strictPath, key),
          path: [...context.path, key],
        });
      }
      return;
    case 'string':
      if (typeof value !== 'string') mismatch();
      return;
    case 'bool':
      if (typeof value !== 'boolean') mismatch();
      return;
    case 'float':
      if (typeof value !== 'number') mismatch();
      return;
    case 'int':
    case 'uint': {
      if (typeof value !== 'number') return mismatch();
      const underlying = underlyingName(state, type);
      const range = INT_RANGES[underlying] ?? INT_RANGES.int64!;
      if (!Number.isInteger(value) || BigInt(value) < range[0] || BigInt(value) > range[1]) {
        saveError(state, context, { value: `number ${numberText(value)}`, type: targetTypeName(type), path: context.path });
      }
      return;
    }
    case 'pointer':
      return decodeValue(state, value, shape.elem, context);
  }
}

function underlyingName(state: DecodeState, type: string): string {
  let name = type;
  while (state.layout.named[name]) name = state.layout.named[name]!;
  return name;
}

function joinStrict(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

// kubectl turns YAML into JSON through a Go map, so keys reach the decoder sorted.
function sortedKeys(object: ReadonlyJsonObject): string[] {
  // The default order compares UTF-16 code units, as `<` on strings does.
  return Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
}

// Field tables per layout and struct, built once (a document is decoded on every keystroke).
const FIELD_TABLES = new WeakMap<GoLayout, Map<string, Map<string, string>>>();

/** The JSON name to field table of a struct, with embedded structs flattened as encoding/json does. */
function fieldsOf(state: DecodeState, structName: string): Map<string, string> {
  let tables = FIELD_TABLES.get(state.layout);
  if (!tables) FIELD_TABLES.set(state.layout, (tables = new Map()));
  let fields = tables.get(structName);
  if (!fields) tables.set(structName, (fields = buildFields(state, structName)));
  return fields;
}

function buildFields(state: DecodeState, structName: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [goName, jsonName, flags, type] of state.layout.structs[structName] ?? []) {
    if (jsonName === '-') continue;
    if (jsonName === '' && flags.includes('e')) {
      const embedded = type.startsWith('*') ? type.slice(1) : type;
      for (const [name, fieldType] of fieldsOf(state, embedded)) if (!fields.has(name)) fields.set(name, fieldType);
      continue;
    }
    const name = jsonName === '' ? goName : jsonName;
    if (/^[A-Z]/.test(goName)) fields.set(name, type);
  }
  return fields;
}

function decodeStruct(state: DecodeState, value: ReadonlyJsonObject, structName: string, context: Context): void {
  const fields = fieldsOf(state, structName);
  const struct = structName.slice(structName.indexOf('.') + 1);
  for (const key of sortedKeys(value)) {
    const type = fields.get(key);
    const path = [...context.path, key];
    if (type === undefined) {
      // The strict error is saved once per path (duplicates dropped), at most 100 of them.
      const text = joinStrict(context.strictPath, key);
      if (!state.seenUnknown.has(text) && state.unknown.length < 100) {
        state.seenUnknown.add(text);
        state.unknown.push({ path, text });
      }
      continue;
    }
    decodeValue(state, value[key]!, type, { struct, fields: [...context.fields, key], strictPath: joinStrict(context.strictPath, key), path });
  }
}

// intstr.IntOrString.UnmarshalJSON: a string, else json.Unmarshal into an int32.
function decodeIntOrString(state: DecodeState, value: ReadonlyJsonValue, context: Context): void {
  if (typeof value === 'string') return;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1) return;
    abort(state, context, { value: `number ${numberText(value)}`, type: 'int32', path: context.path });
  }
  abort(state, context, { value: jsonKindOf(value), type: 'int32', path: context.path });
}

// resource.Quantity.UnmarshalJSON: strips quotes and spaces, then ParseQuantity.
function decodeQuantity(state: DecodeState, value: ReadonlyJsonValue, context: Context): void {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? numberText(value) : JSON.stringify(value);
  const message = quantityErrorOf(text);
  if (message !== undefined) abort(state, context, { value: '', type: '', path: context.path, plain: message });
}

/** ParseQuantity's error text for `text`, or undefined when it parses. */
export function quantityErrorOf(text: string): string | undefined {
  // parseQuantityString: the numeric part (sign included) may not be empty.
  if (!/^[+-]?[0-9.]/.test(text)) return QUANTITY_FORMAT_WRONG;
  try {
    parseQuantity(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof QuantityParseError)) return QUANTITY_FORMAT_WRONG;
    return error.message.startsWith(QUANTITY_SUFFIX) ? QUANTITY_SUFFIX : QUANTITY_FORMAT_WRONG;
  }
}

// meta.Time.UnmarshalJSON reads a JSON string first; time parsing errors are not modelled.
function decodeTime(state: DecodeState, value: ReadonlyJsonValue, context: Context): void {
  if (typeof value !== 'string') abort(state, context, { value: jsonKindOf(value), type: 'string', path: context.path });
}

// encoding/json's []byte: base64.StdEncoding.Decode, whose CorruptInputError is saved like a type error.
function decodeBytes(state: DecodeState, value: string, context: Context): void {
  const offset = corruptBase64Offset(value);
  if (offset !== undefined) saveError(state, context, { value: '', type: '', path: context.path, plain: `illegal base64 data at input byte ${offset}` });
}
