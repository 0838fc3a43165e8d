// While the workspace is still being indexed, findings that something is absent wait (they would be
// withdrawn once the file that defines it is read); conflicts and the file's own findings do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { runWorkspaceChecks } from '../../src/checks/run-workspace-checks';
import { parseManifestFile } from '../../src/manifest/manifest-file';

const cluster = defaultClusterSpec(DEFAULT_KUBERNETES_VERSION);
const YAML = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web-headless
  selector: {matchLabels: {app: web}}
  updateStrategy:
    rollingUpdate: {maxUnavailable: 0}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers: [{name: c, image: nginx}]
---
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector: {app: api}
  ports: [{port: 80}]
`;

const rows = [
  { workspaceIncomplete: false, expected: ['service-selects-no-pods', 'statefulset-service-missing'] },
  { workspaceIncomplete: true, expected: [] },
];

for (const row of rows) {
  test(`absence findings while the index is ${row.workspaceIncomplete ? 'incomplete' : 'complete'}`, () => {
    const file = parseManifestFile(YAML);
    const findings = runWorkspaceChecks(file, { cluster, uri: 'file:///w/a.yaml', workspace: [], workspaceIncomplete: row.workspaceIncomplete });
    const absence = findings.map((finding) => finding.code).filter((code) => code.endsWith('-missing') || code.endsWith('no-pods'));
    assert.deepEqual(absence.sort(), row.expected);
  });
}
