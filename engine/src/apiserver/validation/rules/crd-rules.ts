// Rules of apiextensions.k8s.io/v1 CustomResourceDefinition on create: the name the registry requires, the
// group, the scope, a schema per version, the version names, and the structural-schema invariants most often
// broken by hand-written schemas (a missing type, an array without items, additionalProperties at the root).
// Follows apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go
// (ValidateCustomResourceDefinition's name function, validateCustomResourceDefinitionSpec, validateEnumStrings)
// and pkg/apiserver/schema/validation.go (validateStructuralInvariants; ValidateStructural sorts its errors).
// The x-kubernetes-validations entries' own checks are crd-validation-rules.ts; their compilation is the analysis's
// (custom-resources/crd-rule-compilation.ts). Not checked here: storage-version counts (their message prints the
// internal Go versions slice), defaults, list-type and the remaining OpenAPI schema rules.
import type { JsonObject, JsonValue } from '../../../model/objects';
import { FieldPath, forbidden, formatFieldError, invalid, notSupported, required, stringValue, type FieldError } from '../field-error';
import { isDns1035Label, isDns1123Subdomain } from '../string-checks';
import { validationRuleErrors } from './crd-validation-rules';
import { asArray, asObject, asString, jsonEqual } from './json-access';

type Level = 'root' | 'item' | 'field';

const spec = FieldPath.root('spec');

/** The create rules of a CustomResourceDefinition (update re-checks the same spec rules). */
export function validateCustomResourceDefinition(object: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const crdSpec = asObject(object.spec) ?? {};
  const group = asString(crdSpec.group) ?? '';
  const plural = asString(asObject(crdSpec.names)?.plural) ?? '';
  const name = asString(asObject(object.metadata)?.name);
  if (name !== undefined && name !== `${plural}.${group}`) {
    errors.push(invalid(FieldPath.root('metadata').child('name'), stringValue(name), 'must be spec.names.plural+"."+spec.group', 'name-mismatch'));
  }
  return [...errors, ...validateSpec(crdSpec, group)];
}

function validateSpec(crdSpec: JsonObject, group: string): FieldError[] {
  const errors: FieldError[] = [];
  if (group === '') errors.push(required(spec.child('group'), '', 'group-required'));
  else if (isDns1123Subdomain(group).length > 0)
    errors.push(invalid(spec.child('group'), stringValue(group), isDns1123Subdomain(group).join(','), 'group-invalid'));
  else if (group.split('.').length < 2)
    errors.push(invalid(spec.child('group'), stringValue(group), 'should be a domain with at least one dot', 'group-invalid'));
  // validateEnumStrings with notEmpty.
  const scope = asString(crdSpec.scope) ?? '';
  if (scope === '') errors.push(required(spec.child('scope'), '', 'scope-required'));
  else if (scope !== 'Cluster' && scope !== 'Namespaced')
    errors.push(notSupported(spec.child('scope'), stringValue(scope), ['Cluster', 'Namespaced'], 'scope-invalid'));
  const versions = (asArray(crdSpec.versions) ?? []).map((version) => asObject(version) ?? {});
  const schemas = versions.map((version) => asObject(asObject(version.schema)?.openAPIV3Schema));
  versions.forEach((version, index) => {
    const versionName = asString(version.name) ?? '';
    const messages = isDns1035Label(versionName);
    if (messages.length > 0)
      errors.push(invalid(spec.child('versions').index(index).child('name'), stringValue(versionName), messages.join(','), 'version-name-invalid'));
    if (!schemas[index]) errors.push(required(spec.child('versions').index(index).child('schema', 'openAPIV3Schema'), '', 'schema-required'));
  });
  // The v1-to-internal conversion keeps one top-level schema when every version has the same one.
  const shared = schemas.length > 0 && schemas.every((schema) => schema !== undefined && jsonEqual(schema, schemas[0]));
  if (shared) {
    const path = spec.child('validation', 'openAPIV3Schema');
    const locatedAt = ['spec', 'versions', 0, 'schema', 'openAPIV3Schema'];
    errors.push(...structuralErrors(schemas[0]!, path, locatedAt), ...placedAt(validationRuleErrors(schemas[0]!, path), path, locatedAt));
  } else
    schemas.forEach((schema, index) => {
      const path = spec.child('versions').index(index).child('schema', 'openAPIV3Schema');
      if (schema) errors.push(...structuralErrors(schema, path), ...validationRuleErrors(schema, path));
    });
  return errors;
}

// A shared schema is printed at spec.validation but found in the first version.
function placedAt(errors: FieldError[], path: FieldPath, locatedAt: (string | number)[] | undefined): FieldError[] {
  if (!locatedAt) return errors;
  return errors.map((error) => ({ ...error, path: error.path.locatedAt(...locatedAt, ...error.path.segments.slice(path.segments.length)) }));
}

// ValidateStructural: the invariants, sorted by their text (upstream sorts to be stable over map order).
function structuralErrors(schema: JsonObject, path: FieldPath, locatedAt?: (string | number)[]): FieldError[] {
  const errors: FieldError[] = [];
  invariants(schema, 'root', path, errors);
  return placedAt(errors, path, locatedAt).sort((a, b) => (formatFieldError(a, '1.36') < formatFieldError(b, '1.36') ? -1 : 1));
}

function invariants(schema: JsonObject, level: Level, path: FieldPath, errors: FieldError[]): void {
  const type = asString(schema.type) ?? '';
  const items = asObject(schema.items);
  if (type === 'array' && !items) errors.push(required(path.child('items'), 'must be specified', 'schema-items-required'));
  if (items) invariants(items, 'item', path.child('items'), errors);
  for (const [key, property] of Object.entries(asObject(schema.properties) ?? {})) {
    const child = asObject(property as JsonValue);
    if (child) invariants(child, 'field', path.child('properties').key(key), errors);
  }
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false) {
    if (level === 'root') errors.push(forbidden(path.child('additionalProperties'), 'must not be used at the root', 'schema-additional-properties'));
    const additionalSchema = asObject(additional);
    if (additionalSchema) invariants(additionalSchema, 'field', path.child('additionalProperties'), errors);
  }
  const embedded = schema['x-kubernetes-embedded-resource'] === true;
  if (embedded && type !== 'object') {
    if (type === '') errors.push(required(path.child('type'), 'must be object if x-kubernetes-embedded-resource is true', 'schema-type-required'));
    else errors.push(invalid(path.child('type'), stringValue(type), 'must be object if x-kubernetes-embedded-resource is true', 'schema-type-invalid'));
  } else if (type === '' && schema['x-kubernetes-int-or-string'] !== true && schema['x-kubernetes-preserve-unknown-fields'] !== true) {
    const where = level === 'root' ? 'at the root' : level === 'item' ? 'for specified array items' : 'for specified object fields';
    errors.push(required(path.child('type'), `must not be empty ${where}`, 'schema-type-required'));
  }
}
