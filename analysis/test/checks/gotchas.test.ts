// Tests for name-length limits and rolling-update parameters that validation accepts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyFix, expectFindings, stripMarkers } from '../../../test/support/expect-findings';
import { scaleIntOrPercent } from '../../src/checks/rolling-update-params';

const statefulSet = (name: string, replicas = 3) => `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: ⟦${name}⟧\nspec:\n  replicas: ${replicas}\n`;

// 52 + '-' + 10 hash characters = 63: the longest name that always fits the revision label.
const NAME_ROWS = [
  { length: 52, codes: [] as string[] },
  { length: 53, codes: ['statefulset-name-too-long'] },
  { length: 60, codes: ['statefulset-name-too-long'] },
  { length: 61, codes: ['statefulset-name-too-long'] },
  { length: 62, codes: ['statefulset-pod-name-too-long'] },
];
for (const row of NAME_ROWS) {
  test(`a ${row.length}-character StatefulSet name (3 replicas) gives ${row.codes.join(', ') || 'nothing'}`, () => {
    const yaml = statefulSet('a'.repeat(row.length));
    expectFindings(
      row.codes.length === 0 ? yaml.replace(/[⟦⟧]/g, '') : yaml,
      row.codes.map((code) => ({ code })),
    );
  });
}

test('pod names count the highest ordinal: 60 characters fit 100 replicas (…-99 is 63) but not 1000', () => {
  expectFindings(statefulSet('a'.repeat(60), 100), [{ code: 'statefulset-name-too-long' }]);
  // A warning: the API server accepts the set and refuses only its pods.
  expectFindings(statefulSet('a'.repeat(60), 1000), [{ code: 'statefulset-pod-name-too-long', severity: 'warning', message: '-999" is 64 characters' }]);
});

test('Deployment names over 242 characters cannot get a ReplicaSet name', () => {
  const deployment = (length: number) => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${'d'.repeat(length)}\n`;
  expectFindings(deployment(242), []);
  expectFindings(deployment(243), [{ code: 'deployment-name-too-long' }]);
});

// GetScaledValueFromIntOrPercent: percent of the total, surge rounded up, unavailable rounded down.
const SCALE_ROWS = [
  { value: '25%', total: 1, roundUp: true, expected: 1 },
  { value: '25%', total: 1, roundUp: false, expected: 0 },
  { value: '25%', total: 10, roundUp: true, expected: 3 },
  { value: '25%', total: 10, roundUp: false, expected: 2 },
  { value: 2, total: 10, roundUp: false, expected: 2 },
  { value: '2', total: 10, roundUp: false, expected: undefined },
];
for (const row of SCALE_ROWS) {
  test(`scaleIntOrPercent(${JSON.stringify(row.value)}, ${row.total}, roundUp ${row.roundUp}) = ${row.expected}`, () => {
    assert.equal(scaleIntOrPercent(row.value, row.total, row.roundUp), row.expected);
  });
}

const deployment = (replicas: number, surge: string, unavailable: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: ${replicas}
  strategy:
    rollingUpdate:
      maxSurge: ${surge}
      maxUnavailable: ⟦${unavailable}⟧
`;

const FENCEPOST_ROWS = [
  { replicas: 1, surge: '0', unavailable: '25%', codes: ['rolling-update-zero-fenceposts'], fixed: 'maxSurge: 1' },
  { replicas: 3, surge: '"10%"', unavailable: '"10%"', codes: [] as string[], fixed: '' },
  { replicas: 3, surge: '"0%"', unavailable: '"10%"', codes: ['rolling-update-zero-fenceposts'], fixed: 'maxSurge: 25%' },
  { replicas: 4, surge: '0', unavailable: '25%', codes: [], fixed: '' },
  { replicas: 1, surge: '0', unavailable: '0', codes: [], fixed: '' },
];
for (const row of FENCEPOST_ROWS) {
  test(`replicas ${row.replicas}, maxSurge ${row.surge}, maxUnavailable ${row.unavailable}: ${row.codes.join(', ') || 'nothing'}`, () => {
    const yaml = deployment(row.replicas, row.surge, row.unavailable);
    const findings = expectFindings(
      row.codes.length === 0 ? yaml.replace(/[⟦⟧]/g, '') : yaml,
      row.codes.map((code) => ({ code })),
    );
    if (row.fixed) {
      const fixed = applyFix(stripMarkers(yaml).text, findings[0]!);
      assert.ok(fixed.includes(`      ${row.fixed}\n`), fixed);
      expectFindings(fixed, []);
    }
  });
}

const setWithMaxUnavailable =
  'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  updateStrategy:\n    rollingUpdate:\n      maxUnavailable: ⟦2⟧\n';
const GATE_ROWS = [
  { version: '1.34', codes: ['statefulset-max-unavailable-dropped'] },
  { version: '1.35', codes: ['statefulset-max-unavailable-dropped'] },
  { version: '1.36', codes: ['statefulset-max-unavailable-dropped'] },
  { version: '1.37', codes: [] as string[] },
] as const;
for (const row of GATE_ROWS) {
  test(`StatefulSet maxUnavailable on ${row.version}: ${row.codes.join(', ') || 'kept'}`, () => {
    const yaml = row.codes.length === 0 ? setWithMaxUnavailable.replace(/[⟦⟧]/g, '') : setWithMaxUnavailable;
    expectFindings(
      yaml,
      row.codes.map((code) => ({ code, message: row.version === '1.35' ? '1.35.4' : '' })),
      { kubernetesVersion: row.version },
    );
  });
}

test('the long-name warning quotes the FailedCreate event the controller records for the first pod', () => {
  const name = 'a'.repeat(53);
  expectFindings(statefulSet(name), [
    {
      code: 'statefulset-name-too-long',
      message:
        `create Pod ${name}-0 in StatefulSet ${name} failed error: Pod "${name}-0" is invalid: metadata.labels: ` +
        `Invalid value: "${name}-<hash>": must be no more than 63 characters.`,
    },
  ]);
});

test('a short-named set whose pods are refused for their image gets the image warning, not a name warning', () => {
  const yaml = withTemplate('web').replace(/[⟦⟧]/g, '').replace('image: postgres:16', 'image: ⟦"postgres:16 "⟧');
  expectFindings(yaml, [{ code: 'pod-image-whitespace' }]);
});

// With a template the revision hash is computable: the finding names the label value and quotes the event.
// The hashes are those `kubesim names` prints (the creationTimestamp of the hashed template changed in 1.34).
const withTemplate = (name: string, replicas = 2) => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ⟦${name}⟧
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: pg
  template:
    metadata:
      labels:
        app: pg
    spec:
      containers:
        - name: pg
          image: postgres:16
`;
const BILLING = 'postgres-primary-replica-set-for-the-billing-service-europe1';
const CERTAIN_ROWS = [
  { version: '1.33', revision: `${BILLING}-58c4fc44f` },
  { version: '1.34', revision: `${BILLING}-6c599b69cf` },
  { version: '1.36', revision: `${BILLING}-6c599b69cf` },
] as const;
for (const row of CERTAIN_ROWS) {
  test(`on ${row.version} the long-name warning names the ${row.revision.length}-character label and quotes the FailedCreate event`, () => {
    expectFindings(
      withTemplate(BILLING),
      [
        {
          code: 'statefulset-name-too-long',
          severity: 'warning',
          message:
            `Every pod gets the label controller-revision-hash: ${row.revision}, ${row.revision.length} characters, over the 63-character limit: ` +
            `the API server accepts the StatefulSet, but every pod create fails, retried with back-off, and no such pod ever exists. ` +
            `Warning FailedCreate: create Pod ${BILLING}-0 in StatefulSet ${BILLING} failed error: Pod "${BILLING}-0" is invalid: ` +
            `metadata.labels: Invalid value: "${row.revision}": must be no more than 63 characters.`,
        },
      ],
      { kubernetesVersion: row.version },
    );
  });
}

test('with a template, a name whose revision label fits is silent even past 52 characters', () => {
  // 53 characters: with the 1.33 hash of this template (9 digits) the label is exactly 63.
  expectFindings(withTemplate('b'.repeat(53)).replace(/[⟦⟧]/g, ''), [], { kubernetesVersion: '1.33' });
});

test('with a template, a 62-character name refuses every pod for its hostname and labels', () => {
  const name = 'c'.repeat(62);
  expectFindings(withTemplate(name), [
    { code: 'statefulset-pod-name-too-long', severity: 'warning', message: `spec.hostname: Invalid value: "${name}-0": must be no more than 63 characters]` },
  ]);
});

test('with a template, the Deployment name finding names the ReplicaSet and quotes ReplicaSetCreateError', () => {
  const name = 'd'.repeat(245);
  const yaml = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ⟦${name}⟧
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;
  const [finding] = expectFindings(yaml, [
    { code: 'deployment-name-too-long', severity: 'warning', message: ' is 256 characters, over the 253-character limit' },
  ]);
  const replicaSet = /Failed to create new replica set "([^"]+)"/.exec(finding!.message)![1]!;
  assert.match(replicaSet, new RegExp(`^${name}-[bcdfghjklmnpqrstvwxz2456789]{10}$`));
  assert.ok(finding!.message.includes(`metadata.name: Invalid value: "${replicaSet}": must be no more than 253 characters), and no pod is ever created.`));
});
