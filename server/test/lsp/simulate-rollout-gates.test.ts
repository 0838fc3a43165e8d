// The preview under a cluster profile's feature gates: the settings' featureGates reach the simulated
// API server and the StatefulSet controller (1.33 with MaxUnavailableStatefulSet=true updates two
// pods per step, as kube-controller-manager started with that gate does).
import { clusterSpecOf } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type ResolvedRolloutParams, simulateRolloutFor } from '../../src/lsp/simulate-rollout';
import type { RolloutView } from '../../../protocol/src/index';
import { gatedStatefulSet } from '../../../test/support/gated-statefulset';

const statefulSet = (image: string) => gatedStatefulSet(image);

function deletionBatches(featureGates?: Record<string, boolean>): string[][] {
  const params: ResolvedRolloutParams = {
    uri: 'file:///w/web.yaml',
    offset: 0,
    base: { kind: 'head' },
    baseLabel: 'git HEAD',
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
    baseText: statefulSet('nginx:1'),
  };
  const result = simulateRolloutFor(statefulSet('nginx:2'), params, clusterSpecOf('1.33', featureGates ? { featureGates } : {}));
  assert.equal(result.kind, 'view');
  const view = (result as { view: RolloutView }).view;
  return view.steps
    .map((step) => step.events.filter((event) => event.message.startsWith('delete Pod ')).map((event) => event.message.split(' ')[2]!))
    .filter((batch) => batch.length > 0);
}

test('preview on 1.33: one pod per step by default, two with MaxUnavailableStatefulSet=true', () => {
  assert.deepEqual(deletionBatches(), [['web-3'], ['web-2'], ['web-1'], ['web-0']]);
  assert.deepEqual(deletionBatches({ MaxUnavailableStatefulSet: true }), [
    ['web-3', 'web-2'],
    ['web-1', 'web-0'],
  ]);
});
