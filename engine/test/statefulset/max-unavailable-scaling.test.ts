// StatefulSet maxUnavailable arithmetic against apimachinery's GetScaledValueFromIntOrPercent
// (getIntOrPercentValueSafely, pkg/util/intstr/intstr.go at v0.35.7, read from the tag): a string
// must end in "%" and hold what strconv.Atoi accepts, else an error; and what the controller does
// with that error (updateStatefulSetAfterInvariantEstablished returns it: no deletion, the sync
// fails and is requeued, no event). The API server refuses such a value ("a valid percent string
// must be a numeric string followed by an ending '%'"), so only a manifest given straight to the
// engine (kubesim run) reaches the controller with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StatefulSet } from '../../src/model/objects';
import { rollingUpdateSyncError } from '../../src/statefulset/stateful-set-rolling';
import { scaleIntOrPercent, scaleStatefulSetMaxUnavailable, type ScaledIntOrPercent } from '../../src/statefulset/stateful-set-util';
import { makeSet } from './fixtures';
import { Scenario } from './harness';

const NOT_A_PERCENTAGE = 'invalid value for IntOrString: invalid type: string is not a percentage';

const SCALE_ROWS: { value: number | string; total: number; roundUp: boolean; expected: ScaledIntOrPercent }[] = [
  { value: 3, total: 10, roundUp: false, expected: { value: 3 } },
  { value: '25%', total: 10, roundUp: true, expected: { value: 3 } },
  { value: '25%', total: 10, roundUp: false, expected: { value: 2 } },
  { value: '+50%', total: 5, roundUp: false, expected: { value: 2 } },
  { value: '5', total: 10, roundUp: false, expected: { error: NOT_A_PERCENTAGE } },
  { value: '', total: 10, roundUp: false, expected: { error: NOT_A_PERCENTAGE } },
  {
    value: '5.5%',
    total: 10,
    roundUp: false,
    expected: { error: 'invalid value for IntOrString: invalid value "5.5%": strconv.Atoi: parsing "5.5": invalid syntax' },
  },
  { value: '%', total: 10, roundUp: false, expected: { error: 'invalid value for IntOrString: invalid value "%": strconv.Atoi: parsing "": invalid syntax' } },
  {
    value: ' 5%',
    total: 10,
    roundUp: false,
    expected: { error: 'invalid value for IntOrString: invalid value " 5%": strconv.Atoi: parsing " 5": invalid syntax' },
  },
];
for (const row of SCALE_ROWS) {
  test(`scaleIntOrPercent(${JSON.stringify(row.value)}, ${row.total}, roundUp ${row.roundUp}) = ${JSON.stringify(row.expected)}`, () => {
    assert.deepEqual(scaleIntOrPercent(row.value, row.total, row.roundUp), row.expected);
  });
}

// getStatefulSetMaxUnavailable: unset means 1; a result below 1 becomes 1; errors pass through.
const BUDGET_ROWS: { maxUnavailable: number | string | undefined; replicas: number; expected: ScaledIntOrPercent }[] = [
  { maxUnavailable: undefined, replicas: 5, expected: { value: 1 } },
  { maxUnavailable: '10%', replicas: 5, expected: { value: 1 } },
  { maxUnavailable: '40%', replicas: 5, expected: { value: 2 } },
  { maxUnavailable: 0, replicas: 5, expected: { value: 1 } },
  { maxUnavailable: '5', replicas: 5, expected: { error: NOT_A_PERCENTAGE } },
];
for (const row of BUDGET_ROWS) {
  test(`scaleStatefulSetMaxUnavailable(${JSON.stringify(row.maxUnavailable)}, ${row.replicas}) = ${JSON.stringify(row.expected)}`, () => {
    assert.deepEqual(scaleStatefulSetMaxUnavailable(row.maxUnavailable, row.replicas), row.expected);
  });
}

function withMaxUnavailable(maxUnavailable: string | number): StatefulSet {
  return makeSet({ replicas: 3, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable } } });
}

function withImage(set: StatefulSet, image: string): StatefulSet {
  const copy = structuredClone(set);
  (copy.spec.template.spec as { containers: { image: string }[] }).containers[0]!.image = image;
  return copy;
}

const SYNC_ERROR_ROWS: { name: string; set: StatefulSet; gate: boolean; expected: string | undefined }[] = [
  { name: '"5" with the gate on', set: withMaxUnavailable('5'), gate: true, expected: NOT_A_PERCENTAGE },
  { name: '"5" with the gate off (maxUnavailable is never read)', set: withMaxUnavailable('5'), gate: false, expected: undefined },
  { name: '"5" under OnDelete', set: makeSet({ updateStrategy: { type: 'OnDelete' } }), gate: true, expected: undefined },
  { name: '"50%" with the gate on', set: withMaxUnavailable('50%'), gate: true, expected: undefined },
];
for (const row of SYNC_ERROR_ROWS) {
  test(`rollingUpdateSyncError: ${row.name} gives ${row.expected ?? 'no error'}`, () => {
    assert.equal(rollingUpdateSyncError(row.set, row.gate), row.expected);
  });
}

test('maxUnavailable "5" with the gate on (1.37): every sync fails at the rolling update, so no pod is replaced', () => {
  const set = withMaxUnavailable('5');
  const scenario = new Scenario('1.37').apply(set).run();
  const revision = scenario.set.status?.currentRevision;
  assert.equal(scenario.set.status?.readyReplicas, 3);
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  assert.ok(
    scenario.messages().every((message) => !message.startsWith('delete Pod')),
    scenario.messages().join('\n'),
  );
  assert.ok(scenario.pods().every((pod) => pod.metadata.labels?.['controller-revision-hash'] === revision));
  assert.equal(scenario.set.status?.updatedReplicas, 0);
});

test('maxUnavailable "5" with the gate off (forced off on 1.37): one pod at a time, the update completes', () => {
  const set = withMaxUnavailable('5');
  const scenario = new Scenario('1.37', {}, false).apply(set).run();
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  assert.equal(scenario.set.status?.updatedReplicas, 3);
  assert.equal(scenario.maxUnavailableSeen, 1);
});
