// ConfigMap and Secret rules: keys, the 1 MiB total, the built-in Secret types' required keys and
// `immutable` on update. Follows ValidateConfigMap, ValidateConfigMapUpdate, ValidateSecret and
// ValidateSecretUpdate, kubernetes pkg/apis/core/validation/validation.go. A Secret's stringData is
// merged into data by the v1 conversion before validation. The JSON of .dockercfg and
// .dockerconfigjson is checked only for being an object (Go's syntax-error texts are not restated).
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, immutable, invalid, required, stringValue, tooLong, type FieldError } from '../field-error';
import { isConfigMapKey } from '../string-checks';
import { asObject, asString, jsonEqual } from './json-access';
import { utf8Bytes } from '../../../hash/utf8';

const MAX_SECRET_SIZE = 1024 * 1024;

// The byte length of a base64 value ([]byte after decoding); what is not base64 fails decoding first.
function base64Length(text: string): number {
  const clean = text.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

function keyErrors(map: JsonObject, path: FieldPath, rule: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of Object.keys(map)) for (const message of isConfigMapKey(key)) errors.push(invalid(path.key(key), stringValue(key), message, rule));
  return errors;
}

/** ValidateConfigMap without the metadata: keys of data and binaryData, no key in both, at most 1 MiB in all. */
export function validateConfigMap(object: JsonObject): FieldError[] {
  const data = asObject(object.data) ?? {};
  const binaryData = asObject(object.binaryData) ?? {};
  const dataPath = FieldPath.root('data');
  const errors: FieldError[] = [];
  let totalSize = 0;
  for (const [key, value] of Object.entries(data)) {
    for (const message of isConfigMapKey(key)) errors.push(invalid(dataPath.key(key), stringValue(key), message, 'config-key-invalid'));
    if (key in binaryData) errors.push(invalid(dataPath.key(key), stringValue(key), 'duplicate of key present in binaryData', 'config-key-duplicate'));
    totalSize += utf8Bytes(asString(value) ?? '').length;
  }
  errors.push(...keyErrors(binaryData, FieldPath.root('binaryData'), 'config-key-invalid'));
  for (const value of Object.values(binaryData)) totalSize += base64Length(asString(value) ?? '');
  // The path "" stands for the whole object.
  if (totalSize > MAX_SECRET_SIZE) errors.push(tooLong(FieldPath.root(''), MAX_SECRET_SIZE, 'config-too-large'));
  return errors;
}

/** ValidateConfigMapUpdate without the metadata: once immutable, it stays so and keeps its data. */
export function validateConfigMapUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  return [...immutableDataErrors(object, oldObject, ['data', 'binaryData']), ...validateConfigMap(object)];
}

function immutableDataErrors(object: JsonObject, oldObject: JsonObject, fields: readonly string[]): FieldError[] {
  if (oldObject.immutable !== true) return [];
  const errors: FieldError[] = [];
  const detail = 'field is immutable when `immutable` is set';
  if (object.immutable !== true) errors.push(forbidden(FieldPath.root('immutable'), detail, 'immutable-unset'));
  for (const field of fields) {
    const now = asObject(object[field]) ?? {};
    const before = asObject(oldObject[field]) ?? {};
    if (!jsonEqual(now, before)) errors.push(forbidden(FieldPath.root(field), detail, 'immutable-data-changed'));
  }
  return errors;
}

// The keys a built-in Secret type requires, as validated: each listed key is Required when absent.
const REQUIRED_KEYS: Readonly<Record<string, readonly string[]>> = {
  'kubernetes.io/dockercfg': ['.dockercfg'],
  'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
  'kubernetes.io/tls': ['tls.crt', 'tls.key'],
};

// A Secret's data as validated: data's keys with stringData merged over them (values as byte lengths).
function secretData(object: JsonObject): Map<string, { bytes: number; text: string | undefined; fromStringData: boolean }> {
  const merged = new Map<string, { bytes: number; text: string | undefined; fromStringData: boolean }>();
  for (const [key, value] of Object.entries(asObject(object.data) ?? {}))
    merged.set(key, { bytes: base64Length(asString(value) ?? ''), text: undefined, fromStringData: false });
  for (const [key, value] of Object.entries(asObject(object.stringData) ?? {})) {
    const text = asString(value) ?? '';
    merged.set(key, { bytes: utf8Bytes(text).length, text, fromStringData: true });
  }
  return merged;
}

/** ValidateSecret without the metadata: keys, the 1 MiB total, and what each built-in type requires. */
export function validateSecret(object: JsonObject): FieldError[] {
  const dataPath = FieldPath.root('data');
  const data = secretData(object);
  const errors: FieldError[] = [];
  let totalSize = 0;
  for (const [key, { bytes }] of data) {
    for (const message of isConfigMapKey(key)) errors.push(invalid(dataPath.key(key), stringValue(key), message, 'secret-key-invalid'));
    totalSize += bytes;
  }
  if (totalSize > MAX_SECRET_SIZE) errors.push(tooLong(dataPath, MAX_SECRET_SIZE, 'secret-too-large'));
  const type = asString(object.type) ?? '';
  if (type === 'kubernetes.io/service-account-token') {
    const annotations = asObject(asObject(object.metadata)?.annotations) ?? {};
    if ((asString(annotations['kubernetes.io/service-account.name']) ?? '') === '')
      errors.push(required(FieldPath.root('metadata').child('annotations').key('kubernetes.io/service-account.name'), '', 'secret-service-account-required'));
  } else if (type === 'kubernetes.io/basic-auth') {
    // Either may be empty, but one of the two must be there.
    if (!data.has('username') && !data.has('password'))
      for (const key of ['username', 'password']) errors.push(required(dataPath.key(key), '', 'secret-key-required'));
  } else if (type === 'kubernetes.io/ssh-auth') {
    if ((data.get('ssh-privatekey')?.bytes ?? 0) === 0) errors.push(required(dataPath.key('ssh-privatekey'), '', 'secret-key-required'));
  } else {
    for (const key of REQUIRED_KEYS[type] ?? []) if (!data.has(key)) errors.push(required(dataPath.key(key), '', 'secret-key-required'));
    if (type === 'kubernetes.io/dockercfg' || type === 'kubernetes.io/dockerconfigjson') errors.push(...dockerConfigErrors(type, data, dataPath));
  }
  return errors;
}

// A docker config must unmarshal into a map: a JSON array, string, number or boolean does not.
// Only stringData's text is read (data's would need base64 decoding, which the engine does not do).
function dockerConfigErrors(type: string, data: ReturnType<typeof secretData>, dataPath: FieldPath): FieldError[] {
  const key = type === 'kubernetes.io/dockercfg' ? '.dockercfg' : '.dockerconfigjson';
  const text = data.get(key)?.text;
  if (text === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const goType = Array.isArray(parsed)
    ? 'array'
    : typeof parsed === 'string'
      ? 'string'
      : typeof parsed === 'number'
        ? 'number'
        : typeof parsed === 'boolean'
          ? 'bool'
          : undefined;
  if (goType === undefined) return [];
  return [
    invalid(
      dataPath.key(key),
      stringValue('<secret contents redacted>'),
      `json: cannot unmarshal ${goType} into Go value of type map[string]interface {}`,
      'secret-docker-config-invalid',
    ),
  ];
}

/** ValidateSecretUpdate without the metadata: the type never changes; once immutable, the data stays. */
export function validateSecretUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const type = asString(object.type) ?? '';
  if (type !== (asString(oldObject.type) ?? '')) errors.push(immutable(FieldPath.root('type'), stringValue(type), 'secret-type-immutable'));
  if (oldObject.immutable === true) {
    const detail = 'field is immutable when `immutable` is set';
    if (object.immutable !== true) errors.push(forbidden(FieldPath.root('immutable'), detail, 'immutable-unset'));
    const now = secretData(object);
    const before = secretData(oldObject);
    const same = now.size === before.size && [...now].every(([key, value]) => before.get(key)?.bytes === value.bytes);
    const sameContent =
      same &&
      jsonEqual(asObject(object.data) ?? {}, asObject(oldObject.data) ?? {}) &&
      jsonEqual(asObject(object.stringData) ?? {}, asObject(oldObject.stringData) ?? {});
    if (!sameContent) errors.push(forbidden(FieldPath.root('data'), detail, 'immutable-data-changed'));
  }
  errors.push(...validateSecret(object));
  return errors;
}
