// The checks a CustomResourceDefinition's `x-kubernetes-validations` entries get before any of them is compiled:
// a rule is given, a message has text and no line break, a rule of several lines has a message, a
// messageExpression has text, the reason is one of the four, a fieldPath has text and no line break. Follows the
// XValidations loop of ValidateCustomResourceDefinitionOpenAPISchema (apiextensions-apiserver
// pkg/apis/apiextensions/validation/validation.go), whose errors are schema errors: any of them at a node or below
// stops the CEL compilation of that node's rules. Not checked here: that a fieldPath names a field of the schema
// (pathValid through cel.ValidFieldPath); compilation itself runs in the analysis (it needs CEL).
import type { JsonObject, JsonValue } from '../../../model/objects';
import { type FieldPath, goQuote, invalid, notSupported, required, stringValue, structuredValue, type BadValue, type FieldError } from '../field-error';
import { asArray, asObject, asString } from './json-access';

/** supportedValidationReason, sorted as sets.List prints it. */
const SUPPORTED_REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];

// newlineMatcher: the line breaks of the CEL grammar.
const hasNewlines = (text: string) => /[\n\r]/.test(text);

/** The errors of the `x-kubernetes-validations` entries of `schema` and of every schema below it. */
export function validationRuleErrors(schema: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  walk(schema, path, errors);
  return errors;
}

function walk(schema: JsonObject, path: FieldPath, errors: FieldError[]): void {
  const additional = asObject(schema.additionalProperties);
  if (additional) walk(additional, path.child('additionalProperties'), errors);
  for (const [key, property] of Object.entries(asObject(schema.properties) ?? {})) {
    const child = asObject(property as JsonValue);
    if (child) walk(child, path.child('properties').key(key), errors);
  }
  const items = asObject(schema.items);
  if (items) walk(items, path.child('items'), errors);
  (asArray(schema['x-kubernetes-validations']) ?? []).forEach((entry, index) => {
    const rule = asObject(entry);
    if (rule) errors.push(...ruleErrors(rule, path.child('x-kubernetes-validations').index(index)));
  });
}

function ruleErrors(rule: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const text = asString(rule.rule) ?? '';
  const message = asString(rule.message) ?? '';
  const trimmedRule = text.trim();
  const trimmedMessage = message.trim();
  if (trimmedRule === '') errors.push(required(path.child('rule'), 'rule is not specified', 'validation-rule-required'));
  else if (message !== '' && trimmedMessage === '')
    errors.push(invalid(path.child('message'), stringValue(message), 'must be non-empty if specified', 'validation-rule-message'));
  else if (hasNewlines(trimmedMessage))
    errors.push(invalid(path.child('message'), stringValue(message), 'must not contain line breaks', 'validation-rule-message'));
  else if (hasNewlines(trimmedRule) && trimmedMessage === '')
    errors.push(required(path.child('message'), 'message must be specified if rule contains line breaks', 'validation-rule-message'));
  const messageExpression = asString(rule.messageExpression) ?? '';
  if (messageExpression !== '' && messageExpression.trim() === '')
    errors.push(required(path.child('messageExpression'), 'messageExpression must be non-empty if specified', 'validation-rule-message-expression'));
  const reason = asString(rule.reason);
  if (reason !== undefined && !SUPPORTED_REASONS.includes(reason))
    errors.push(notSupported(path.child('reason'), stringValue(reason), SUPPORTED_REASONS, 'validation-rule-reason'));
  const fieldPath = asString(rule.fieldPath) ?? '';
  if (fieldPath !== '' && fieldPath.trim() === '')
    errors.push(invalid(path.child('fieldPath'), stringValue(fieldPath), 'must be non-empty if specified', 'validation-rule-field-path'));
  if (hasNewlines(fieldPath))
    errors.push(invalid(path.child('fieldPath'), stringValue(fieldPath), 'must not contain line breaks', 'validation-rule-field-path'));
  return errors;
}

/**
 * The bad value of a rule's compilation error: the internal apiextensions.ValidationRule, printed with
 * json.Marshal since 1.34 (no JSON tags: Go's field names, nil pointers as null) and with `%#v` before, where a
 * set pointer prints its address (shown as `0xc000…`, which differs on every API server).
 */
export function validationRuleValue(rule: JsonObject): BadValue {
  const text = (key: string) => asString(rule[key]) ?? '';
  const reason = asString(rule.reason);
  const optionalOldSelf = typeof rule.optionalOldSelf === 'boolean' ? rule.optionalOldSelf : undefined;
  const json = {
    Rule: text('rule'),
    Message: text('message'),
    MessageExpression: text('messageExpression'),
    Reason: reason ?? null,
    FieldPath: text('fieldPath'),
    OptionalOldSelf: optionalOldSelf ?? null,
  };
  const pointer = (type: string, set: boolean) => `(*${type})(${set ? '0xc000…' : 'nil'})`;
  const go =
    `apiextensions.ValidationRule{Rule:${goQuote(json.Rule)}, Message:${goQuote(json.Message)}, ` +
    `MessageExpression:${goQuote(json.MessageExpression)}, Reason:${pointer('apiextensions.FieldValueErrorReason', reason !== undefined)}, ` +
    `FieldPath:${goQuote(json.FieldPath)}, OptionalOldSelf:${pointer('bool', optionalOldSelf !== undefined)}}`;
  return structuredValue(json, go);
}
