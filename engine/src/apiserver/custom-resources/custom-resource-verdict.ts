// The API server's verdict on a custom resource of a served CRD version, before its CEL rules: unknown fields
// (strict decoding), ObjectMeta with a DNS-1123 subdomain name, the structural schema, list-type uniqueness.
// Follows apiextensions-apiserver pkg/registry/customresource (strategy.go PrepareForCreate/Validate and
// ValidateUpdate, validator.go) and the crdHandler's decoding (pruning with unknown-field recording and
// defaulting before validation). The CEL rules run in the analysis (they need a CEL implementation); this
// verdict gives them the defaulted object and says whether an error blocks them (hasBlockingErr).
import type { ClusterSpec } from '../../model/cluster-spec';
import { cloneJson } from '../../model/clone';
import { isJsonObject } from '../../model/json-value';
import type { JsonObject, ReadonlyJsonObject } from '../../model/objects';
import { nameCheckOf } from '../validation/builtin-kinds';
import type { DecodeProblem } from '../validation/decode-check';
import { formatFieldError, goQuote, type FieldError } from '../validation/field-error';
import type { ObjectVerdict, VerdictError } from '../validation/object-verdict';
import { validateObjectMeta, validateObjectMetaUpdate } from '../validation/rules/object-meta';
import type { CrdEntry, CrdVersion } from './crd-registry';
import { defaultAndPrune } from './schema-defaulting';
import { childOf, ROOT_PATH, type SchemaPath } from './schema-path';
import { ratchetSchemaErrors } from './schema-ratcheting';
import { validateAgainstSchema } from './schema-validation';

/** The verdict, the object the API server validates (defaulted, pruned) and whether CEL rules may run. */
interface CustomResourceVerdict {
  readonly verdict: ObjectVerdict;
  readonly defaulted: JsonObject | undefined;
  /** hasBlockingErr: a Required, NotSupported, TooLong, TooMany or type error stops the CEL rules. */
  readonly celBlocked: boolean;
}

// The JSON fields of metav1.ObjectMeta (anything else under metadata is an unknown field).
const OBJECT_META_FIELDS = new Set([
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
]);

const BLOCKING = new Set(['Required', 'NotSupported', 'TooLong', 'TooMany']);

/** The verdict on `value` (`oldValue` on update) as version `version` of `crd`; `ratchet` when `oldValue` is the stored object. */
export function customResourceVerdict(
  crd: CrdEntry,
  version: CrdVersion,
  value: ReadonlyJsonObject,
  oldValue: ReadonlyJsonObject | undefined,
  cluster: ClusterSpec,
  ratchet = false,
): CustomResourceVerdict {
  // PrepareForCreate/PrepareForUpdate: with a status subresource, the main resource's status is not written.
  const sent = version.statusSubresource && 'status' in value ? withoutKey(value, 'status') : value;
  const schema = version.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const { object, unknown } = defaultAndPrune(sent, schema);
  unknown.push(...unknownMetadataFields(value));
  if (unknown.length > 0) return { verdict: { decode: unknownFieldProblems(crd.kind, version.name, unknown) }, defaulted: undefined, celBlocked: true };
  if (isJsonObject(value.metadata)) object.metadata = value.metadata as JsonObject;
  const errors: FieldError[] = [...metadataErrors(crd, object, oldValue)];
  let schemaErrors = validateAgainstSchema(object, schema, cluster.version);
  // Ratcheting (the update of a stored object, with CRDValidationRatcheting): errors in unchanged parts are dropped.
  if (ratchet && oldValue && schemaErrors.length > 0) {
    const sentOld = version.statusSubresource && 'status' in oldValue ? withoutKey(oldValue, 'status') : oldValue;
    schemaErrors = ratchetSchemaErrors(schemaErrors, object, defaultAndPrune(sentOld, schema).object);
  }
  errors.push(...schemaErrors);
  const celBlocked = schemaErrors.some((error) => BLOCKING.has(error.type) || error.rule === 'schema-type');
  const seen = new Set<string>();
  const verdict: VerdictError[] = [];
  for (const error of errors) {
    const message = formatFieldError(error, cluster.version);
    if (seen.has(message)) continue;
    seen.add(message);
    verdict.push({ segments: [...error.path.segments], field: error.path.text, rule: error.rule, message });
  }
  return { verdict: { errors: verdict }, defaulted: object, celBlocked };
}

function withoutKey(value: ReadonlyJsonObject, key: string): ReadonlyJsonObject {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
}

function unknownMetadataFields(value: ReadonlyJsonObject): SchemaPath[] {
  if (!isJsonObject(value.metadata)) return [];
  const metadata = childOf(ROOT_PATH, 'metadata');
  return Object.keys(value.metadata)
    .filter((key) => !OBJECT_META_FIELDS.has(key))
    .map((key) => childOf(metadata, key));
}

// transformDecodeError over a strict decoding error, as for built-in kinds.
function unknownFieldProblems(kind: string, version: string, unknown: readonly SchemaPath[]): DecodeProblem[] {
  const prefix = `${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: `;
  const message = `${prefix}strict decoding error: ${unknown.map((path) => `unknown field ${goQuote(path.text)}`).join(', ')}`;
  return unknown.map((path) => ({ kind: 'unknown-field', path: [...path.segments], onKey: true, message }));
}

// validateObjectMetaDeclaratively: a custom resource's name is a DNS-1123 subdomain (the update does not re-check it).
function metadataErrors(crd: CrdEntry, object: JsonObject, oldValue: ReadonlyJsonObject | undefined): FieldError[] {
  const current = withNamespace(object, crd.namespaced);
  if (oldValue) return validateObjectMetaUpdate(current, withNamespace(cloneJson(oldValue) as JsonObject, crd.namespaced), crd.namespaced);
  return validateObjectMeta(current, nameCheckOf('dns-subdomain'), crd.namespaced);
}

// kubectl sends a namespaced object to its context's namespace ("default") when the manifest names none.
function withNamespace(value: JsonObject, namespaced: boolean): JsonObject {
  const metadata = { ...(isJsonObject(value.metadata) ? value.metadata : {}) };
  if (namespaced && (metadata.namespace === undefined || metadata.namespace === '')) metadata.namespace = 'default';
  return { ...value, metadata };
}
