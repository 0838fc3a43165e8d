// StatefulSet volumeClaimTemplates validation per release: from 1.34 (PR #132212) each template's
// spec goes through ValidatePersistentVolumeClaimSpec (pkg/apis/core/validation/validation.go);
// the missing-accessModes text is the one kubernetes issue #132211 quotes from a real cluster.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import { findingLines } from '../../../test/support/expect-findings';

function statefulSet(claimSpec: string): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  selector:
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
${claimSpec}`;
}

const STORAGE = '      resources:\n        requests:\n          storage: 1Gi\n';
const isClaimError = (finding: { code: string }) => finding.code.startsWith('statefulset-claim-');
const rows: { name: string; claim: string; messages: string[] }[] = [
  { name: 'a valid claim template', claim: `      accessModes: [ReadWriteOnce]\n${STORAGE}`, messages: [] },
  { name: 'no access modes', claim: STORAGE, messages: ['spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required'] },
  {
    name: 'an unknown access mode',
    claim: `      accessModes: [ReadWriteAll]\n${STORAGE}`,
    messages: [
      'spec.volumeClaimTemplates[0].spec.accessModes: Unsupported value: "ReadWriteAll": supported ' +
        'values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
    ],
  },
  {
    name: 'ReadWriteOncePod with another mode',
    claim: `      accessModes: [ReadWriteOncePod, ReadWriteOnce]\n${STORAGE}`,
    messages: ['spec.volumeClaimTemplates[0].spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes'],
  },
  {
    name: 'no storage request',
    claim: '      accessModes: [ReadWriteOnce]\n',
    messages: ['spec.volumeClaimTemplates[0].spec.resources[storage]: Required value'],
  },
  {
    name: 'a zero storage request',
    claim: '      accessModes: [ReadWriteOnce]\n      resources:\n        requests:\n          storage: 0Gi\n',
    messages: ['spec.volumeClaimTemplates[0].spec.resources[storage]: Invalid value: "0": must be greater than zero'],
  },
  {
    name: 'a storage class that is not a DNS subdomain',
    claim: `      accessModes: [ReadWriteOnce]\n      storageClassName: Fast_SSD\n${STORAGE}`,
    messages: [
      'spec.volumeClaimTemplates[0].spec.storageClassName: Invalid value: "Fast_SSD": a lowercase ' +
        "RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must " +
        "start and end with an alphanumeric character (e.g. 'example.com', regex used for validation " +
        "is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ],
  },
  {
    name: 'an unknown volume mode',
    claim: `      accessModes: [ReadWriteOnce]\n      volumeMode: Raw\n${STORAGE}`,
    messages: ['spec.volumeClaimTemplates[0].spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"'],
  },
];

for (const row of rows) {
  for (const version of ['1.32', '1.33', '1.34', '1.36', '1.37'] as KubernetesVersion[]) {
    test(`statefulset claims: ${row.name} (${version})`, () => {
      const lines = findingLines(statefulSet(row.claim), version, isClaimError).map((line) => line.replace(/ @ [\s\S]*$/, ''));
      // Before 1.34 the API server did not look at the claim templates.
      assert.deepEqual(lines, version === '1.32' || version === '1.33' ? [] : row.messages);
    });
  }
}
