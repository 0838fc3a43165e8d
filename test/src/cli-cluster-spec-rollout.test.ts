// `kubectl rollout undo statefulset` in a session follows the cluster's feature gates, as the StatefulSet
// controller does: both compare revisions by the bytes of the defaulted template (getPatch of
// pkg/controller/history), and a gate that keeps a field changes those bytes. Run through `kubesim run`.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { gatedStatefulSet } from '../support/gated-statefulset';

// A container restartPolicy: ContainerRestartRules (alpha, off by default in 1.34) decides whether
// the API server keeps it in the stored template (dropDisabledFields) or drops it.
const restartable = (image: string) => gatedStatefulSet(image).replace(`image: ${image}\n`, `image: ${image}\n        restartPolicy: Always\n`);

test('1.34 with ContainerRestartRules=true: undo to the current revision is skipped, as the controller sees the same bytes', () => {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-undo-gates-'));
  writeFileSync(join(root, 'v1.yaml'), restartable('nginx:1'));
  writeFileSync(join(root, 'v2.yaml'), restartable('nginx:2'));
  writeFileSync(join(root, '.kubesim.yaml'), 'featureGates:\n  ContainerRestartRules: true\n');
  writeFileSync(
    join(root, 'session.txt'),
    [
      'kubectl apply -f v1.yaml',
      'kubesim wait-rollout statefulset/web',
      'kubectl apply -f v2.yaml',
      'kubesim wait-rollout statefulset/web',
      'kubectl rollout history statefulset/web',
      'kubectl rollout undo statefulset/web --to-revision=2',
    ].join('\n'),
  );
  const result = runKubesim(['run', join(root, 'session.txt'), '--kubernetes-version', '1.34']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  // Revision 2 is the running template: kubectl's statefulset rollback says so and changes nothing
  // (StatefulSetRollbacker.Rollback compares the revision's patch with the current one).
  assert.match(result.stdout, /statefulset\.apps\/web skipped rollback \(current template already matches revision 2\)/);
});
