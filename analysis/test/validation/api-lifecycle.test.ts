// Removed API versions are kubectl's error on apiVersion; deprecated ones the API server's warning.
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';

const REPLICA_SET = `apiVersion: apps/v1beta2
kind: ReplicaSet
metadata:
  name: frontend
spec:
  replicas: 3
`;

test('a ReplicaSet in the removed apps/v1beta2 gets kubectl’s message on its apiVersion, and nothing else', () => {
  const file = parseManifestFile(REPLICA_SET);
  const findings = checkFile(file, { cluster: defaultClusterSpec('1.36'), uri: 'file:///work/frontend-replicaset.yaml' });
  assert.equal(findings.length, 1);
  const [finding] = findings;
  assert.equal(finding!.severity, 'error');
  assert.equal(finding!.code, 'api-version-removed');
  assert.equal(
    finding!.message,
    'resource mapping not found for name: "frontend" namespace: "" from "frontend-replicaset.yaml": ' +
      'no matches for kind "ReplicaSet" in version "apps/v1beta2"\nensure CRDs are installed first',
  );
  assert.equal(finding!.hint, 'apps/v1beta2 ReplicaSet was removed in Kubernetes 1.16; use apps/v1 ReplicaSet.');
  assert.equal(file.text.slice(finding!.start, finding!.end), 'apps/v1beta2');
});

test('the namespace a document sets is in the message', () => {
  const file = parseManifestFile('apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: nightly\n  namespace: jobs\n');
  const [finding] = checkFile(file, { cluster: defaultClusterSpec('1.32'), fileName: 'cron.yaml' });
  assert.match(finding!.message, /^resource mapping not found for name: "nightly" namespace: "jobs" from "cron.yaml": no matches for kind "CronJob"/);
});

test('core v1 Endpoints: the API server’s deprecation warning from 1.33, nothing on 1.32', () => {
  const file = parseManifestFile('apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: external\n');
  assert.deepEqual(
    checkFile(file, { cluster: defaultClusterSpec('1.33') }).map((finding) => `${finding.severity} ${finding.code} ${finding.message}`),
    ['warning api-version-deprecated v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice'],
  );
  assert.deepEqual(checkFile(file, { cluster: defaultClusterSpec('1.32') }), []);
});
