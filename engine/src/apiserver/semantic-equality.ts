// Semantic JSON comparison as the API server sees objects: key order and empty values do not count.
import { goTypeShape, type GoTypeShape } from '../go-layout/go-types';
import type { GoLayout } from '../go-layout/go-layout-types';
import { isJsonObject } from '../model/json-value';
import type { JsonValue, ReadonlyJsonValue } from '../model/objects';
import { parseQuantity } from '../quantity/quantity';

/**
 * Drops `null`, `[]` and `{}` map values (they decode to nil and do not survive a round trip
 * through the API server's protobuf storage) and sorts keys, so two equal objects print the same. Returns a new
 * value; the input is only read.
 */
export function normalizeJson(value: ReadonlyJsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((item) => normalizeJson(item) ?? null);
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    const result: Record<string, JsonValue> = {};
    for (const key of keys) {
      const item = normalizeJson(value[key]);
      if (item !== undefined) result[key] = item;
    }
    return Object.keys(result).length === 0 ? undefined : result;
  }
  // Arrays and objects returned above: what is left is a scalar, or null (dropped).
  return value === null || typeof value === 'object' ? undefined : value;
}

/** True when two values are equal after `normalizeJson`. */
export function isSemanticallyEqual(a: ReadonlyJsonValue | undefined, b: ReadonlyJsonValue | undefined): boolean {
  return JSON.stringify(normalizeJson(a)) === JSON.stringify(normalizeJson(b));
}

/**
 * apiequality.Semantic.DeepEqual on the Go values two JSON values decode to as `type` (a
 * package-keyed Go type such as `apps.StatefulSetSpec`) in `layout`: a missing field is its
 * zero value, nil and empty slices and maps are equal, pointers compare what they point to (nil
 * only equals nil), and resource.Quantity compares by value (`1Gi` equals `1024Mi`, `1` equals
 * `1.0`), following the Quantity equality func apimachinery registers (pkg/api/equality).
 */
export function isGoSemanticallyEqual(layout: GoLayout, type: string, a: ReadonlyJsonValue | undefined, b: ReadonlyJsonValue | undefined): boolean {
  const left = a === null ? undefined : a;
  const right = b === null ? undefined : b;
  if (type.startsWith('*')) {
    if (left === undefined || right === undefined) return left === right;
    return isGoSemanticallyEqual(layout, type.slice(1), left, right);
  }
  if (type === 'resource.Quantity') return quantitiesEqual(left, right);
  if (type === 'intstr.IntOrString') return (left ?? 0) === (right ?? 0);
  if (type === 'meta.Time' || type === 'meta.MicroTime') return (left ?? '') === (right ?? '');
  let shape: GoTypeShape;
  try {
    shape = goTypeShape(layout, type);
  } catch {
    return isSemanticallyEqual(left, right);
  }
  switch (shape.kind) {
    case 'pointer':
      return isGoSemanticallyEqual(layout, `*${shape.elem}`, left, right);
    case 'struct':
      return structsEqual(layout, shape.name, isJsonObject(left) ? left : {}, isJsonObject(right) ? right : {});
    case 'slice': {
      const leftItems = Array.isArray(left) ? left : [];
      const rightItems = Array.isArray(right) ? right : [];
      return leftItems.length === rightItems.length && leftItems.every((item, i) => isGoSemanticallyEqual(layout, shape.elem, item, rightItems[i]));
    }
    case 'map': {
      const leftMap = isJsonObject(left) ? left : {};
      const rightMap = isJsonObject(right) ? right : {};
      const keys = (map: Record<string, ReadonlyJsonValue>): string[] => Object.keys(map).filter((key) => map[key] !== undefined);
      const leftKeys = keys(leftMap);
      return (
        leftKeys.length === keys(rightMap).length &&
        leftKeys.every((key) => rightMap[key] !== undefined && isGoSemanticallyEqual(layout, shape.value, leftMap[key], rightMap[key]))
      );
    }
    case 'string':
      return (left ?? '') === (right ?? '');
    case 'bool':
      return (left ?? false) === (right ?? false);
    default:
      return (left ?? 0) === (right ?? 0);
  }
}

// Field by field; an embedded struct without a JSON name (TypeMeta) reads the same object.
function structsEqual(layout: GoLayout, name: string, left: Record<string, ReadonlyJsonValue>, right: Record<string, ReadonlyJsonValue>): boolean {
  for (const [goName, jsonName, flags, fieldType] of layout.structs[name] ?? []) {
    if (jsonName === '-') continue;
    if (jsonName === '' && flags.includes('e')) {
      if (!structsEqual(layout, fieldType.replace(/^\*/, ''), left, right)) return false;
      continue;
    }
    const key = jsonName === '' ? goName : jsonName;
    if (!isGoSemanticallyEqual(layout, fieldType, left[key], right[key])) return false;
  }
  return true;
}

// Quantity.Cmp: both sides as exact decimals; unparsable text compares as text.
function quantitiesEqual(left: ReadonlyJsonValue | undefined, right: ReadonlyJsonValue | undefined): boolean {
  const leftValue = quantityValue(left);
  const rightValue = quantityValue(right);
  if (!leftValue || !rightValue) return String(left ?? '') === String(right ?? '');
  const exponent = Math.min(leftValue.exponent, rightValue.exponent);
  return leftValue.digits * 10n ** BigInt(leftValue.exponent - exponent) === rightValue.digits * 10n ** BigInt(rightValue.exponent - exponent);
}

// The value digits * 10^exponent of a quantity; a missing one is the zero Quantity.
function quantityValue(value: ReadonlyJsonValue | undefined): { digits: bigint; exponent: number } | undefined {
  if (value === undefined) return { digits: 0n, exponent: 0 };
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    const quantity = parseQuantity(String(value).trim());
    return quantity.d ? { digits: quantity.d.unscaled, exponent: -quantity.d.scale } : { digits: quantity.i.value, exponent: quantity.i.scale };
  } catch {
    return undefined;
  }
}
