// The update rules of every kind with one, against the editor's baseline (git HEAD) and against
// `--previous`: a Job's completions (ValidateJobSpecUpdate), a PVC's spec and a PV's volume source
// (ValidatePersistentVolumeClaimUpdate, ValidatePersistentVolumeUpdate), a RoleBinding's roleRef
// (ValidateRoleBindingUpdate), an immutable ConfigMap's data (ValidateConfigMapUpdate). Both ways give
// the API server's message on the same field; an unchanged object or a mutable change gives none.
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findingLines, findingsOf } from '../../../test/support/expect-findings';

const job = (completions: number) => `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: ${completions}
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: pi
          image: perl:5.34
`;

const claim = (accessMode: string, storage = '1Gi') => `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes:
    - ${accessMode}
  resources:
    requests:
      storage: ${storage}
`;

const volume = (path: string) => `apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv1
spec:
  capacity:
    storage: 1Gi
  accessModes: [ReadWriteOnce]
  hostPath:
    path: ${path}
`;

const binding = (role: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: read
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: ${role}
subjects:
  - kind: ServiceAccount
    name: app
`;

const configMap = (value: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
immutable: true
data:
  mode: ${value}
`;

const ROWS: { name: string; old: string; edited: string; lines: string[] }[] = [
  { name: 'a Job with the same completions', old: job(2), edited: job(2), lines: [] },
  { name: 'a Job whose completions changed', old: job(2), edited: job(3), lines: ['spec.completions: Invalid value: 3: field is immutable @ 3'] },
  { name: 'a PVC asking for more storage', old: claim('ReadWriteOnce'), edited: claim('ReadWriteOnce', '5Gi'), lines: [] },
  {
    name: 'a PVC whose access mode changed',
    old: claim('ReadWriteOnce'),
    edited: claim('ReadWriteMany'),
    lines: [
      'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims @ accessModes:\n' +
        '    - ReadWriteMany\n  resources:\n    requests:\n      storage: 1Gi',
    ],
  },
  {
    name: 'a PV whose hostPath changed',
    old: volume('/data'),
    edited: volume('/other'),
    // The path names no field of the manifest: the finding sits on the `spec` key.
    lines: ['spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation @ spec'],
  },
  {
    name: 'a RoleBinding pointing at another Role',
    old: binding('reader'),
    edited: binding('writer'),
    lines: [
      'roleRef: Invalid value: {"APIGroup":"rbac.authorization.k8s.io","Kind":"Role","Name":"writer"}: cannot change roleRef @ ' +
        'apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: writer',
    ],
  },
  {
    name: 'an immutable ConfigMap whose data changed',
    old: configMap('a'),
    edited: configMap('b'),
    lines: ['data: Forbidden: field is immutable when `immutable` is set @ mode: b'],
  },
];

const isUpdateRule = (code: string): boolean => /immutable|forbidden|role-ref/.test(code);

for (const row of ROWS) {
  test(`against git HEAD: ${row.name}`, () => {
    const findings = findingsOf(row.edited, { baseline: row.old }).filter((finding) => isUpdateRule(finding.code));
    assert.deepEqual(
      findings.map((finding) => `${finding.message} @ ${row.edited.slice(finding.start, finding.end)}`),
      row.lines,
    );
  });
  test(`against --previous: ${row.name}`, () => {
    assert.deepEqual(
      findingLines(row.edited, defaultClusterSpec('1.36').version, (finding) => isUpdateRule(finding.code), row.old),
      row.lines,
    );
  });
}
