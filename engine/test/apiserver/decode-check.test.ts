// Strict decoding reads keys in sorted order (kubectl sends JSON written from a Go map), whatever the
// order of the manifest: which type error is returned and the order of the unknown fields follow
// sigs.k8s.io/json (decode.go: the first saved UnmarshalTypeError wins; strict errors in the order met).
// The decoder first walks a document in its own order and redoes the walk sorted only when it met a
// problem: these rows give the problems out of sorted order, at several depths, so that shortcut
// cannot decide what is reported. Integer ranges are checked against BigInt arithmetic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeObject, decodeProblemsOf } from '../../src/apiserver/validation/decode-check';
import { cloneJsonWithoutNulls } from '../../src/model/clone';
import { decodePlansFor, isInRange, typePlanOf } from '../../src/apiserver/validation/decode-plans';
import { goLayoutFor } from '../../src/go-layout/go-layouts';
import type { JsonObject } from '../../src/model/objects';

const CANNOT = 'Deployment in version "v1" cannot be handled as a Deployment: ';

// A Deployment whose keys are in reverse sorted order (`specExtra` last); `containers` and `labels` are the given ones.
function deployment(containers: JsonObject[], labels: JsonObject, specExtra: JsonObject = {}): JsonObject {
  return {
    spec: {
      template: { spec: { containers }, metadata: { labels } },
      selector: { matchLabels: { app: 'web' } },
      ...specExtra,
    },
    metadata: { name: 'web' },
    kind: 'Deployment',
    apiVersion: 'apps/v1',
  };
}

const rows: { name: string; value: JsonObject; problems: { path: (string | number)[]; message: string }[] }[] = [
  {
    name: 'unknown fields are listed in sorted key order, not document order, each with its own path',
    value: deployment([{ zz: 1, name: 'web', image: 'nginx' }], { app: 'web' }, { aa: 1 }),
    problems: [
      { path: ['spec', 'aa'], message: `${CANNOT}strict decoding error: unknown field "spec.aa", unknown field "spec.template.spec.containers[0].zz"` },
      {
        path: ['spec', 'template', 'spec', 'containers', 0, 'zz'],
        message: `${CANNOT}strict decoding error: unknown field "spec.aa", unknown field "spec.template.spec.containers[0].zz"`,
      },
    ],
  },
  {
    name: 'the first type error in sorted order wins over one met first in document order',
    // template.spec comes before template.metadata in the document; metadata sorts first.
    value: deployment([{ name: 'web', image: 'nginx', env: [{ name: 'A', value: true }] }], { app: 'web', version: 1 }),
    problems: [
      {
        path: ['spec', 'template', 'metadata', 'labels', 'version'],
        message: `${CANNOT}json: cannot unmarshal number into Go struct field ObjectMeta.spec.template.metadata.labels of type string`,
      },
    ],
  },
  {
    name: 'a type error in a list item names the struct and fields without the index',
    value: deployment(
      [
        { name: 'a', image: 'nginx' },
        { name: 'b', image: 'nginx', env: [{ value: true, name: 'B' }] },
      ],
      { app: 'web' },
    ),
    problems: [
      {
        path: ['spec', 'template', 'spec', 'containers', 1, 'env', 0, 'value'],
        message: `${CANNOT}json: cannot unmarshal bool into Go struct field EnvVar.spec.template.spec.containers.env.value of type string`,
      },
    ],
  },
  {
    name: 'a type error hides unknown fields met before it in sorted order',
    value: deployment([{ name: 'web', image: 'nginx' }], { app: 'web' }, { replicas: '3', aa: 1 }),
    problems: [
      { path: ['spec', 'replicas'], message: `${CANNOT}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32` },
    ],
  },
  {
    name: 'members whose value is undefined are not sent, so they are neither unknown nor decoded',
    value: deployment([{ name: 'web', image: 'nginx', bogus: undefined as unknown as JsonObject }], { app: 'web' }, { zz: undefined as unknown as JsonObject }),
    problems: [],
  },
];

for (const row of rows) {
  test(`strict decoding order: ${row.name}`, () => {
    const problems = decodeProblemsOf('Deployment', row.value, '1.36');
    assert.deepEqual(
      problems.map(({ path, message }) => ({ path, message })),
      row.problems,
    );
  });
}

for (const row of rows) {
  test(`decodeObject: ${row.name}: the same problems, or the copy cloneJsonWithoutNulls makes`, () => {
    const decoding = decodeObject('Deployment', row.value, '1.36');
    if (row.problems.length > 0) assert.deepEqual('problems' in decoding && decoding.problems, decodeProblemsOf('Deployment', row.value, '1.36'));
    else assert.deepStrictEqual('decoded' in decoding && decoding.decoded, cloneJsonWithoutNulls(row.value));
  });
}

test('decodeObject copies what decoding reads as the copy of every other value would: nulls out, -0 as 0, opaque values whole', () => {
  const value = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db', labels: { app: 'db', gone: null, ['__proto__']: 'x' }, annotations: null },
    spec: {
      replicas: -0,
      serviceName: 'db',
      selector: { matchLabels: { app: 'db' }, matchExpressions: null },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '50%', partition: 0 } },
      template: {
        metadata: { labels: { app: 'db' } },
        spec: {
          containers: [
            {
              name: 'db',
              image: 'postgres:16',
              args: ['a', 'b'],
              ports: [{ containerPort: 5432, name: null }],
              resources: { requests: { cpu: '500m', memory: 1073741824 }, limits: null },
              livenessProbe: { tcpSocket: { port: 'pg' }, periodSeconds: 10 },
            },
          ],
          volumes: [{ name: 'data', emptyDir: {} }],
        },
      },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { resources: { requests: { storage: '1Gi' } } } }],
    },
  } as unknown as JsonObject;
  const decoding = decodeObject('StatefulSet', value, '1.36');
  assert.ok('decoded' in decoding);
  assert.deepStrictEqual(decoding.decoded, cloneJsonWithoutNulls(value));
  assert.ok(Object.is((decoding.decoded.spec as JsonObject).replicas, 0));
  // A copy: changing it leaves the manifest's value alone.
  (decoding.decoded.metadata as JsonObject).name = 'changed';
  assert.equal((value.metadata as JsonObject).name, 'db');
});

test('strict decoding: problem paths are separate arrays (not views of the walk)', () => {
  const problems = decodeProblemsOf('Deployment', deployment([{ name: 'web', image: 'nginx', x: 1, y: 2 }], { app: 'web' }), '1.36');
  assert.equal(problems.length, 2);
  assert.notEqual(problems[0]!.path, problems[1]!.path);
  assert.deepEqual(problems[1]!.path, ['spec', 'template', 'spec', 'containers', 0, 'y']);
});

// The ranges as decode.go checks them (OverflowInt/OverflowUint on the parsed integer), in BigInt.
const BIG_RANGES: [string, bigint, bigint][] = [
  ['int32', -(2n ** 31n), 2n ** 31n - 1n],
  ['int64', -(2n ** 63n), 2n ** 63n - 1n],
  ['*int64', -(2n ** 63n), 2n ** 63n - 1n],
  ['uint64', 0n, 2n ** 64n - 1n],
  ['uint8', 0n, 255n],
  ['int8', -128n, 127n],
];

for (const [type, min, max] of BIG_RANGES) {
  test(`integer range of ${type}: the double comparison agrees with BigInt at and around the bounds`, () => {
    const range = typePlanOf(decodePlansFor(goLayoutFor('1.36')), type).range!;
    const near = (bound: number) => [bound, bound * (1 + 2 ** -52), bound * (1 - 2 ** -53), bound + 1, bound - 1, bound + 0.5, -bound];
    const values = [0, -0, 1, -1, 0.5, 1e300, -1e300, ...near(range.limit), ...near(range.min === 0 ? 1 : range.min)];
    for (const value of values) {
      const expected = Number.isInteger(value) && BigInt(value) >= min && BigInt(value) <= max;
      assert.equal(isInRange(value, range), expected, `${value}`);
    }
  });
}
