// Two shortcuts of the defaulting the API server's verdict runs, held to what they replace:
// - the walk skips struct fields whose type leads to no SetDefaults_* function and no +default marker;
//   on objects giving every field of every struct a value (zero values, then non-zero ones), the pod
//   template and the claim template come out the same as with the walk over every field;
// - applyDefaults makes one copy of a workload (cloneJsonWithoutNulls) where it made two
//   (withoutNulls, then the defaulter's cloneJson): the one copy equals the two, key order included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyStructDefaults, prunePlansForTests } from '../../src/defaulting/pod-defaults';
import { goLayoutFor } from '../../src/go-layout/go-layouts';
import type { GoLayout } from '../../src/go-layout/go-layout-types';
import { goTypeShape } from '../../src/go-layout/go-types';
import { cloneJson, cloneJsonWithoutNulls } from '../../src/model/clone';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { JsonObject, JsonValue } from '../../src/model/objects';
import { withoutNulls } from '../../src/apiserver/validation/apply-defaults';

type Fill = 'zero' | 'set';

// A value of Go type `expr` with every struct field present, `depth` structs deep.
function fullValue(layout: GoLayout, expr: string, depth: number, fill: Fill): JsonValue {
  const type = expr.replace(/^\*+/, '');
  if (type === 'resource.Quantity') return fill === 'zero' ? '0' : '1Gi';
  if (type === 'intstr.IntOrString') return fill === 'zero' ? 0 : 'http';
  if (type === 'meta.Time' || type === 'meta.MicroTime') return '2024-01-01T00:00:00Z';
  let shape;
  try {
    shape = goTypeShape(layout, type);
  } catch {
    return fill === 'zero' ? '' : 'x';
  }
  switch (shape.kind) {
    case 'pointer':
      return fullValue(layout, shape.elem, depth, fill);
    case 'slice':
      return depth === 0 ? [] : [fullValue(layout, shape.elem, depth - 1, fill)];
    case 'map':
      return depth === 0 ? {} : { key: fullValue(layout, shape.value, depth - 1, fill) };
    case 'struct':
      return depth === 0 ? {} : fullStruct(layout, shape.name, depth, fill);
    case 'string':
      return fill === 'zero' ? '' : 'x';
    case 'bool':
      return fill === 'set';
    default:
      return fill === 'zero' ? 0 : 1;
  }
}

function fullStruct(layout: GoLayout, name: string, depth: number, fill: Fill): JsonObject {
  const object: JsonObject = {};
  for (const [goName, jsonName, flags, type] of layout.structs[name] ?? []) {
    if (jsonName === '-') continue;
    const value = fullValue(layout, type, depth - 1, fill);
    if (jsonName === '' && flags.includes('e')) Object.assign(object, value);
    else object[jsonName === '' ? goName : jsonName] = value;
  }
  return object;
}

function defaulted(layout: GoLayout, object: JsonObject, typeName: string, version: KubernetesVersion, prune: boolean): JsonObject {
  const copy = cloneJson(object);
  prunePlansForTests(prune);
  try {
    applyStructDefaults(layout, copy, typeName, version);
  } finally {
    prunePlansForTests(true);
  }
  return copy;
}

for (const version of ['1.32', '1.36'] as KubernetesVersion[]) {
  for (const typeName of ['core.PodTemplateSpec', 'core.PersistentVolumeClaim']) {
    for (const fill of ['zero', 'set'] as Fill[]) {
      test(`defaulting walk ${version} ${typeName} (${fill} values): skipping fields changes nothing`, () => {
        const layout = goLayoutFor(version);
        const object = fullStruct(layout, typeName, 7, fill);
        const pruned = defaulted(layout, object, typeName, version, true);
        assert.deepEqual(pruned, defaulted(layout, object, typeName, version, false));
        // Not vacuous: the defaulting did change the object (the claim's defaults only fill absent fields).
        if (typeName === 'core.PodTemplateSpec') assert.notDeepEqual(pruned, object);
      });
    }
  }
}

const JSON_VALUES: { name: string; value: () => unknown }[] = [
  { name: 'nested nulls in objects and lists', value: () => ({ a: null, b: [null, 1, { c: null, d: 'x' }], e: { f: null } }) },
  { name: 'non-finite numbers and negative zero', value: () => ({ a: Number.NaN, b: Infinity, c: -0, d: [-0, Number.NaN, -Infinity] }) },
  { name: 'undefined members and list items', value: () => ({ a: undefined, b: [undefined, 2] }) },
  { name: 'integer-like keys (ordered first)', value: () => ({ z: 1, 10: 'ten', 2: 'two', a: { 1: null, b: 3 } }) },
  { name: 'a __proto__ member from JSON.parse', value: () => JSON.parse('{"__proto__": {"a": 1}, "b": null, "c": {"__proto__": 5}}') },
  { name: 'scalars', value: () => ['s', true, false, 0, 1.5, ''] },
];

for (const row of JSON_VALUES) {
  test(`one copy without nulls equals withoutNulls then cloneJson: ${row.name}`, () => {
    const value = row.value() as JsonValue;
    const one = cloneJsonWithoutNulls(value);
    const two = cloneJson(withoutNulls(value));
    assert.deepStrictEqual(one, two);
    // deepStrictEqual ignores key order; the verdict's error order follows it.
    assert.equal(JSON.stringify(one), JSON.stringify(two));
    assert.notEqual(one, value);
  });
}
