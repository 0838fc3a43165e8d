// checkFile pairs an object of a kind outside the workload kinds with its previous version (same
// apiVersion, kind, namespace and name), so update-only rules run: a RoleBinding's roleRef is fixed
// once created (ValidateRoleBindingUpdate, pkg/apis/rbac/validation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultClusterSpec } from '@kubesim/engine';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';

const binding = (name: string, role: string) =>
  `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: ${name}, namespace: team}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: ${role}}
subjects: [{kind: ServiceAccount, name: app, namespace: team}]
`;

const rows = [
  { name: 'roleRef changed on the same binding', previous: binding('readers', 'view'), now: binding('readers', 'edit'), refused: true },
  { name: 'roleRef unchanged', previous: binding('readers', 'edit'), now: binding('readers', 'edit'), refused: false },
  { name: 'another binding is not the previous version', previous: binding('writers', 'view'), now: binding('readers', 'edit'), refused: false },
];

for (const row of rows) {
  test(`RoleBinding update: ${row.name}`, () => {
    const findings = checkFile(parseManifestFile(row.now), { cluster: defaultClusterSpec('1.36'), previous: parseManifestFile(row.previous) });
    const messages = findings.filter((finding) => finding.severity === 'error').map((finding) => finding.message);
    assert.equal(
      messages.some((message) => message.includes('cannot change roleRef')),
      row.refused,
      messages.join('\n'),
    );
  });
}
