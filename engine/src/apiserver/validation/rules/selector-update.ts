// Deployment and ReplicaSet selectors are immutable in apps/v1. Follows ValidateUpdate in
// kubernetes pkg/registry/apps/{deployment,replicaset}/strategy.go (ValidateImmutableField).
import type { JsonObject } from '../../../model/objects';
import { FieldPath, immutable, type FieldError } from '../field-error';
import { asObject, jsonEqual } from './json-access';
import { labelSelectorValue, readLabelSelector } from './label-selector';

/** `spec.selector: Invalid value: <new selector>: field is immutable` when it changed. */
export function validateSelectorUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const selector = asObject(object.spec)?.selector;
  const oldSelector = asObject(oldObject.spec)?.selector;
  if (jsonEqual(normalize(selector), normalize(oldSelector))) return [];
  return [immutable(FieldPath.root('spec').child('selector'), labelSelectorValue(readLabelSelector(selector)), 'selector-immutable')];
}

// An empty matchLabels or matchExpressions is the same selector as an absent one.
function normalize(value: JsonObject[string] | undefined): JsonObject | undefined {
  const selector = asObject(value);
  if (!selector) return undefined;
  const copy: JsonObject = {};
  for (const [key, entry] of Object.entries(selector)) {
    if (entry === null || (Array.isArray(entry) && entry.length === 0) || (asObject(entry) && Object.keys(entry as object).length === 0)) continue;
    copy[key] = entry;
  }
  return copy;
}
