// The API server's strict decoding of an apps/v1 workload, a core/v1 Service or a networking.k8s.io/v1 Ingress:
// values of the wrong JSON type and unknown fields, found with the generated Go struct layouts of the selected release.
// Follows the decoder of sigs.k8s.io/json (internal/golang/encoding/json decode.go and
// kubernetes_patch.go: UnmarshalTypeError, saveError, saveStrictError, the strict field stack),
// apimachinery runtime/serializer/json (type errors win over strict errors) and
// transformDecodeError in k8s.io/apiserver pkg/endpoints/handlers/rest.go.
import { goLayoutFor } from '../../go-layout/go-layouts';
import { parseQuantity, QuantityParseError } from '../../quantity/quantity';
import { isJsonObject } from '../../model/json-value';
import { cloneJsonWithoutNulls } from '../../model/clone';
import type { JsonObject, JsonValue, ReadonlyJsonObject, ReadonlyJsonValue } from '../../model/objects';
import type { KubernetesVersion } from '../../model/kubernetes-version';
import { goQuote, type PathSegment } from './field-error';
import { corruptBase64Offset } from './base64-offset';
import {
  decodePlansFor,
  elementPlanOf,
  isInRange,
  structTableOf,
  structTableOfPlan,
  targetTypeName,
  type DecodePlans,
  type StructTable,
  type TypePlan,
} from './decode-plans';

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

interface TypeError {
  value: string;
  type: string;
  path: PathSegment[];
  /** Set for errors a custom UnmarshalJSON returns (not an UnmarshalTypeError). */
  plain?: string;
}

interface DecodeState {
  plans: DecodePlans;
  /** The first saved UnmarshalTypeError, already given its struct/field context. */
  saved?: TypeError & { context: string };
  /** An error that stopped decoding (returned by a custom UnmarshalJSON). */
  aborted?: TypeError & { context: string };
  unknown: { path: PathSegment[]; text: string }[];
  seenUnknown: Set<string>;
  /**
   * Where the decoder is: the JSON path from the root (indexes and map keys included) and, per
   * segment, whether it names a struct field. Pushed and popped as decoding descends; the error
   * context (struct/field text, strict path) is computed from it only when a problem is recorded.
   */
  path: PathSegment[];
  isField: boolean[];
  /** The Go struct whose field is being decoded (`DeploymentSpec`); the kind at the root. */
  struct: string;
  /**
   * False on the first pass, which reads keys in document order and ends at the first problem:
   * which problem is reported depends on the sorted order kubectl sends, so a document with any
   * problem is decoded again, exactly (sorted keys), and one without is done in one cheap pass.
   */
  exact: boolean;
  /** The first pass of decodeObject: each decode returns the value decoded (a copy without null members). */
  copying: boolean;
}

/**
 * The problems the API server reports when decoding `value` as `kind` with strict field
 * validation (kubectl's default `--validate=strict`). A decode error stops the request, so
 * when one exists it is the only problem; otherwise every unknown field is listed.
 */
export function decodeProblemsOf(kind: DecodedKind, value: ReadonlyJsonObject, version: KubernetesVersion): DecodeProblem[] {
  return decodeProblemsOfType({ root: ROOT_STRUCTS[kind], kind, version: 'v1' }, value, version);
}

/**
 * The API server's decoding of `value` as `kind`: its problems (as decodeProblemsOf, never empty), or the object
 * decoded, a writable copy without its null members (a JSON null decodes to Go's zero value, as if left out), for
 * defaulting to change: the versioning codec's Decode (apimachinery runtime/serializer/versioning) defaults the very
 * object it decoded.
 */
export function decodeObject(
  kind: DecodedKind,
  value: ReadonlyJsonObject,
  version: KubernetesVersion,
): { problems: DecodeProblem[] } | { decoded: JsonObject } {
  const root = ROOT_STRUCTS[kind];
  const state = newState(decodePlansFor(goLayoutFor(version)), kind, false, true);
  try {
    return { decoded: decodeStruct(state, value, structTableOf(state.plans, root))! };
  } catch (error) {
    if (error !== FIRST_PASS_PROBLEM) throw error;
  }
  const problems = decodeProblemsOfType({ root, kind, version: 'v1' }, value, version);
  // The first pass stops at what the exact one may not count (an inherited enumerable key): then it is clean.
  return problems.length > 0 ? { problems } : { decoded: cloneJsonWithoutNulls(value) as JsonObject };
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
  const plans = decodePlansFor(goLayoutFor(release));
  // The document-order pass finds nothing wrong in most documents; any problem sends it to the exact pass.
  if (decodeAll(newState(plans, target.kind, false), value, target.root) === 'clean') return [];
  const state = newState(plans, target.kind, true);
  decodeAll(state, value, target.root);
  const { kind } = target;
  // transformDecodeError: the kind, the request's version, the kind again.
  const prefix = `${kind} in version ${goQuote(target.version)} cannot be handled as a ${kind}: `;
  const failure = state.aborted ?? state.saved;
  if (failure) return [{ kind: 'type', path: failure.path, onKey: false, message: prefix + typeErrorText(failure) }];
  if (state.unknown.length === 0) return [];
  // The strict decoding error lists every unknown field (at most 100) in one message.
  const message = `${prefix}strict decoding error: ${state.unknown.map((field) => `unknown field ${goQuote(field.text)}`).join(', ')}`;
  return state.unknown.map((field) => ({ kind: 'unknown-field', path: field.path, onKey: true, message }));
}

function newState(plans: DecodePlans, kind: string, exact: boolean, copying = false): DecodeState {
  return { plans, unknown: [], seenUnknown: new Set(), path: [], isField: [], struct: kind, exact, copying };
}

// Decodes the whole value; 'problem' when the first pass met one (the exact pass always runs to its end or its abort).
function decodeAll(state: DecodeState, value: ReadonlyJsonObject, root: string): 'clean' | 'problem' {
  try {
    decodeStruct(state, value, structTableOf(state.plans, root));
  } catch (error) {
    if (error === FIRST_PASS_PROBLEM) return 'problem';
    if (!(error instanceof StopDecoding)) throw error;
  }
  return 'clean';
}

class StopDecoding extends Error {}

// Thrown (not an Error: no stack is captured) by the first pass at its first problem.
const FIRST_PASS_PROBLEM = { firstPassProblem: true };

function noteProblem(state: DecodeState): void {
  if (!state.exact) throw FIRST_PASS_PROBLEM;
}

// UnmarshalTypeError.Error(): with struct context "Go struct field S.a.b", else "Go value".
function typeErrorText(error: TypeError & { context: string }): string {
  if (error.plain !== undefined) return error.plain;
  const target = error.context === '' ? 'Go value' : `Go struct field ${error.context}`;
  return `json: cannot unmarshal ${error.value} into ${target} of type ${error.type}`;
}

// The error context: the struct, then the JSON field names from the root without indexes or map keys.
function contextText(state: DecodeState): string {
  const fields = state.path.filter((_, i) => state.isField[i]);
  return fields.length === 0 && state.struct === '' ? '' : `${state.struct}.${fields.join('.')}`;
}

// The strict path text (`spec.template.spec.containers[0]`): keys joined by dots, indexes in brackets.
function strictPathText(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) text = typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`;
  return text;
}

// saveError keeps only the first error; decoding goes on.
function saveError(state: DecodeState, error: Omit<TypeError, 'path'>): void {
  noteProblem(state);
  if (!state.saved) state.saved = { ...error, path: [...state.path], context: contextText(state) };
}

// An error returned from UnmarshalJSON ends decoding; addErrorContext still names the field.
function abort(state: DecodeState, error: Omit<TypeError, 'path'>): never {
  noteProblem(state);
  state.aborted = { ...error, path: [...state.path], context: contextText(state) };
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

function mismatch(state: DecodeState, value: ReadonlyJsonValue, plan: TypePlan): undefined {
  saveError(state, { value: jsonKindOf(value), type: targetTypeName(plan.type) });
  return undefined;
}

// Each decode returns the value decoded when the state is copying (a null is returned as null: the caller leaves the
// member out), else undefined. What the layout does not shape (opaque values) is copied as it is, nulls dropped.
function decodeValue(state: DecodeState, value: ReadonlyJsonValue, plan: TypePlan): JsonValue | undefined {
  if (value === null) return null;
  switch (plan.special) {
    case 'opaque':
      return state.copying ? cloneJsonWithoutNulls(value) : undefined;
    case 'bytes':
      if (typeof value === 'string') {
        decodeBytes(state, value);
        return value;
      }
      break;
    case 'intstr':
      decodeIntOrString(state, value);
      return copiedScalar(value);
    case 'quantity':
      decodeQuantity(state, value);
      return state.copying ? cloneJsonWithoutNulls(value) : undefined;
    case 'time':
      decodeTime(state, value);
      return copiedScalar(value);
  }
  const shape = plan.shape;
  if (!shape) return state.copying ? cloneJsonWithoutNulls(value) : undefined;
  switch (shape.kind) {
    case 'struct':
      if (!isJsonObject(value)) return mismatch(state, value, plan);
      return decodeStruct(state, value, structTableOfPlan(state.plans, plan));
    case 'slice': {
      // A []byte takes a base64 string (decodeBytes) or an array of numbers.
      if (!Array.isArray(value)) return mismatch(state, value, plan);
      const item = elementPlanOf(state.plans, plan);
      // Filled by push: a packed array, as the reader's and JSON.parse's are.
      const copy: JsonValue[] | undefined = state.copying ? [] : undefined;
      for (let i = 0; i < value.length; i++) {
        state.path.push(i);
        state.isField.push(false);
        const decoded = decodeValue(state, value[i]!, item);
        if (copy) copy.push(decoded ?? null);
        state.path.pop();
        state.isField.pop();
      }
      return copy;
    }
    case 'map': {
      if (!isJsonObject(value)) return mismatch(state, value, plan);
      const entryPlan = elementPlanOf(state.plans, plan);
      const copy: JsonObject | undefined = state.copying ? {} : undefined;
      if (state.exact) {
        for (const key of sortedKeys(value)) decodeMapEntry(state, key, value[key], entryPlan, copy);
      } else {
        for (const key in value) decodeMapEntry(state, key, value[key], entryPlan, copy);
      }
      return copy;
    }
    case 'string':
      if (typeof value !== 'string') return mismatch(state, value, plan);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') return mismatch(state, value, plan);
      return value;
    case 'float':
      if (typeof value !== 'number') return mismatch(state, value, plan);
      return copiedScalar(value);
    case 'int':
    case 'uint': {
      if (typeof value !== 'number') return mismatch(state, value, plan);
      if (!isInRange(value, plan.range!)) saveError(state, { value: `number ${numberText(value)}`, type: targetTypeName(plan.type) });
      return copiedScalar(value);
    }
    case 'pointer':
      return decodeValue(state, value, elementPlanOf(state.plans, plan));
  }
}

// A scalar as cloneJsonWithoutNulls copies it (-0 becomes 0); anything else is not reached on a clean first pass.
function copiedScalar(value: ReadonlyJsonValue): JsonValue | undefined {
  if (typeof value === 'number') return value === 0 ? 0 : value;
  return typeof value === 'string' || typeof value === 'boolean' ? value : undefined;
}

// kubectl turns YAML into JSON through a Go map, so keys reach the decoder sorted. The first pass
// reads them in the object's own order with for-in (own keys in Object.keys order; an inherited
// enumerable key could only add a problem, which sends the document to the exact pass).
function sortedKeys(object: ReadonlyJsonObject): string[] {
  // The default order compares UTF-16 code units, as `<` on strings does.
  return Object.keys(object).sort();
}

function decodeMapEntry(state: DecodeState, key: string, entry: ReadonlyJsonValue | undefined, plan: TypePlan, copy: JsonObject | undefined): void {
  // An undefined member is not in the JSON kubectl sends.
  if (entry === undefined) return;
  state.path.push(key);
  state.isField.push(false);
  const decoded = decodeValue(state, entry, plan);
  // The copy leaves out null members and `__proto__` (as cloneJsonWithoutNulls does).
  if (copy && decoded !== null && decoded !== undefined && key !== '__proto__') copy[key] = decoded;
  state.path.pop();
  state.isField.pop();
}

function decodeStruct(state: DecodeState, value: ReadonlyJsonObject, table: StructTable): JsonObject | undefined {
  const outer = state.struct;
  state.struct = table.shortName;
  const copy: JsonObject | undefined = state.copying ? {} : undefined;
  if (state.exact) {
    for (const key of sortedKeys(value)) decodeField(state, table, key, value[key], copy);
  } else {
    for (const key in value) decodeField(state, table, key, value[key], copy);
  }
  state.struct = outer;
  return copy;
}

function decodeField(state: DecodeState, table: StructTable, key: string, entry: ReadonlyJsonValue | undefined, copy: JsonObject | undefined): void {
  if (entry === undefined) return;
  const plan = table.fields.get(key);
  state.path.push(key);
  if (plan === undefined) {
    // The strict error is saved once per path (duplicates dropped), at most 100 of them.
    noteProblem(state);
    const text = strictPathText(state.path);
    if (!state.seenUnknown.has(text) && state.unknown.length < 100) {
      state.seenUnknown.add(text);
      state.unknown.push({ path: [...state.path], text });
    }
  } else {
    state.isField.push(true);
    const decoded = decodeValue(state, entry, plan);
    if (copy && decoded !== null && decoded !== undefined) copy[key] = decoded;
    state.isField.pop();
  }
  state.path.pop();
}

// intstr.IntOrString.UnmarshalJSON: a string, else json.Unmarshal into an int32.
function decodeIntOrString(state: DecodeState, value: ReadonlyJsonValue): void {
  if (typeof value === 'string') return;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1) return;
    abort(state, { value: `number ${numberText(value)}`, type: 'int32' });
  }
  abort(state, { value: jsonKindOf(value), type: 'int32' });
}

// resource.Quantity.UnmarshalJSON: strips quotes and spaces, then ParseQuantity.
function decodeQuantity(state: DecodeState, value: ReadonlyJsonValue): void {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? numberText(value) : JSON.stringify(value);
  const message = quantityErrorOf(text);
  if (message !== undefined) abort(state, { value: '', type: '', plain: message });
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
function decodeTime(state: DecodeState, value: ReadonlyJsonValue): void {
  if (typeof value !== 'string') abort(state, { value: jsonKindOf(value), type: 'string' });
}

// encoding/json's []byte: base64.StdEncoding.Decode, whose CorruptInputError is saved like a type error.
function decodeBytes(state: DecodeState, value: string): void {
  const offset = corruptBase64Offset(value);
  if (offset !== undefined) saveError(state, { value: '', type: '', plain: `illegal base64 data at input byte ${offset}` });
}
