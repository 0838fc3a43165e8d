// StatefulSet update: spec fields other than the mutable ones must stay Semantic.DeepEqual
// (ValidateStatefulSetUpdate, pkg/apis/apps/validation/validation.go), so quantities compare by
// value (resource.Quantity's Cmp, registered in apimachinery pkg/api/equality).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { goLayoutFor, type KubernetesVersion, isGoSemanticallyEqual } from '@kubesim/engine';
import { findingLines } from '../../../test/support/expect-findings';

const FORBIDDEN_134 =
  "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', " +
  "'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' " +
  "and 'minReadySeconds' are forbidden";
const FORBIDDEN_132 =
  "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', " +
  "'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
const VERSIONS: KubernetesVersion[] = ['1.32', '1.33', '1.34', '1.35', '1.36', '1.37'];

function statefulSet(storage: string, extra = ''): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
${extra}  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: postgres
        volumeMounts:
        - name: data
          mountPath: /data
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: ${storage}
`;
}

const isUpdateError = (finding: { code: string }) => finding.code === 'statefulset-spec-update-forbidden';
const forbiddenFor = (version: KubernetesVersion) => (version === '1.32' || version === '1.33' ? FORBIDDEN_132 : FORBIDDEN_134);

const rows: { name: string; before: string; after: string; forbidden: boolean }[] = [
  { name: '1Gi -> 1024Mi (the same quantity)', before: statefulSet('1Gi'), after: statefulSet('1024Mi'), forbidden: false },
  { name: '1Gi -> 1073741824 (bytes)', before: statefulSet('1Gi'), after: statefulSet('1073741824'), forbidden: false },
  { name: '1 -> 1.0', before: statefulSet('1'), after: statefulSet('1.0'), forbidden: false },
  { name: '1 -> "1000m"', before: statefulSet('1'), after: statefulSet('"1000m"'), forbidden: false },
  { name: '1Gi -> 2Gi (a resize)', before: statefulSet('1Gi'), after: statefulSet('2Gi'), forbidden: true },
  { name: '1G -> 1Gi (decimal vs binary)', before: statefulSet('1G'), after: statefulSet('1Gi'), forbidden: true },
  { name: 'replicas changed (mutable)', before: statefulSet('1Gi'), after: statefulSet('1Gi', '  replicas: 3\n'), forbidden: false },
  {
    name: 'podManagementPolicy written out as its default',
    before: statefulSet('1Gi'),
    after: statefulSet('1Gi', '  podManagementPolicy: OrderedReady\n'),
    forbidden: false,
  },
  { name: 'podManagementPolicy changed', before: statefulSet('1Gi'), after: statefulSet('1Gi', '  podManagementPolicy: Parallel\n'), forbidden: true },
];

for (const row of rows) {
  for (const version of VERSIONS) {
    test(`statefulset update: ${row.name} (${version})`, () => {
      const lines = findingLines(row.after, version, isUpdateError, row.before).map((line) => line.replace(/ @ [\s\S]*$/, ''));
      assert.deepEqual(lines, row.forbidden ? [forbiddenFor(version)] : []);
    });
  }
}

// Semantic.DeepEqual on decoded Go values, row by row.
const layout = goLayoutFor('1.36');
const equalityRows: { type: string; a: unknown; b: unknown; equal: boolean }[] = [
  { type: 'resource.Quantity', a: '1Gi', b: '1024Mi', equal: true },
  { type: 'resource.Quantity', a: '500m', b: '0.5', equal: true },
  { type: 'resource.Quantity', a: 1, b: '1', equal: true },
  { type: 'resource.Quantity', a: '1k', b: '1Ki', equal: false },
  { type: 'resource.Quantity', a: undefined, b: '0', equal: true },
  { type: '*int32', a: undefined, b: 0, equal: false },
  { type: 'int32', a: undefined, b: 0, equal: true },
  { type: 'string', a: undefined, b: '', equal: true },
  { type: '[]string', a: undefined, b: [], equal: true },
  { type: 'map[string]string', a: {}, b: undefined, equal: true },
  { type: 'intstr.IntOrString', a: 1, b: '1', equal: false },
  { type: 'core.ResourceRequirements', a: { requests: { storage: '1Gi' } }, b: { requests: { storage: '1024Mi' } }, equal: true },
];

for (const row of equalityRows) {
  test(`Semantic.DeepEqual ${row.type}: ${JSON.stringify(row.a)} vs ${JSON.stringify(row.b)}`, () => {
    assert.equal(isGoSemanticallyEqual(layout, row.type, row.a as never, row.b as never), row.equal);
  });
}
