// The preview's legends, the grouped step list, action marks, the base buttons and the budget wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderOverview, renderRollout, renderStepDetail } from '../src/render-rollout';
import { renderStepList, stepGroups } from '../src/render-step-list';
import type { StepUiState } from '../src/render-step';
import { nginxRollout, XSS } from './rollout-fixtures';

const ui = (selectedStep: number, everyPass = false): StepUiState => ({ selectedStep, tab: 'timeline', playing: false, everyPass });

test('the strip has a legend entry per colour; the ReplicaSet bars explain their layers and tick', () => {
  const html = renderRollout(nginxRollout(), ui(0));
  for (const swatch of ['swatch-new', 'swatch-old', 'swatch-unavailable', 'swatch-current', 'swatch-ready', 'swatch-available', 'swatch-tick'])
    assert.ok(html.includes(`legend-swatch ${swatch}`), swatch);
  assert.match(html, /available, new ReplicaSet/);
  assert.match(html, /tick: desired \(the ReplicaSet’s spec\.replicas\)/);
  assert.ok(!html.includes('swatch-pause'), 'no pause entry without a pause');
});

test('groups become rows read at their last pass; every pass lists each step', () => {
  const view = nginxRollout();
  view.groups = [
    { from: 0, to: 0 },
    { from: 1, to: 1 },
    { from: 2, to: 2 },
    { from: 3, to: 4 },
    { from: 5, to: 5 },
    { from: 6, to: 8 },
  ];
  assert.equal(stepGroups(view, false).length, 6);
  assert.equal(stepGroups(view, true).length, 9);
  const grouped = renderStepList(view, 4, false);
  assert.equal((grouped.match(/class="step-row/g) ?? []).length, 6);
  assert.match(grouped, /9 controller passes in 6 rows/);
  assert.match(
    grouped,
    /<button type="button" class="step-row selected" data-action="select" data-step="4" aria-current="step"><span class="step-time">5s–10s<\/span>/,
  );
  assert.match(grouped, /Pod became ready <span class="step-passes">\(2 passes\)<\/span>/);
  assert.match(grouped, /aria-pressed="false">Show every pass/);
  const every = renderStepList(view, 4, true);
  assert.equal((every.match(/class="step-row/g) ?? []).length, 9);
  assert.match(every, /aria-pressed="true">Group status-only passes/);
  // Without groups from the server every step is its own row.
  delete view.groups;
  assert.equal((renderStepList(view, 0, false).match(/class="step-row/g) ?? []).length, 9);
});

test('pause and resume are marks on the strip, entries in the legend and rows in the list', () => {
  const view = nginxRollout();
  view.actions = [
    { action: 'pause', atSecond: 3, stepIndex: 1 },
    { action: 'resume', atSecond: 8, stepIndex: 4 },
  ];
  const strip = renderOverview(view);
  assert.match(strip, /<line class="mark mark-pause" x1="1" x2="1"[^>]*><title>kubectl rollout pause at 3s<\/title><\/line>/);
  assert.match(strip, /<line class="mark mark-resume" x1="4" x2="4"/);
  const html = renderRollout(view, ui(0));
  assert.match(html, /legend-swatch swatch-pause/);
  assert.match(html, /<li class="action-row action-resume"><code>kubectl rollout resume<\/code> at 8s<\/li>/);
});

test('steps print the time the server formatted as kubectl does', () => {
  const view = nginxRollout();
  view.steps[1]!.time = 30.002;
  view.steps[1]!.timeText = '30s';
  const html = renderStepDetail(view, ui(1));
  assert.match(html, /<h2>30s · Pod became ready<\/h2>/);
  assert.ok(!html.includes('30.002'));
});

const buttons: { name: string; change: Partial<ReturnType<typeof nginxRollout>['change']>; fresh?: boolean; expected: RegExp | undefined }[] = [
  { name: 'a rollout against git HEAD offers the fresh create', change: {}, expected: /data-base="fresh">Show a fresh create</ },
  { name: 'an unchanged file shown as created offers its base', change: { unchangedFrom: 'git HEAD' }, expected: /data-base="head">Compare with git HEAD</ },
  { name: 'a chosen fresh create offers git HEAD', change: {}, fresh: true, expected: /data-base="head">Compare with git HEAD</ },
  { name: 'a workload with no base at all offers nothing', change: { createsWorkload: true }, expected: undefined },
];
for (const row of buttons) {
  test(`base button: ${row.name}`, () => {
    const view = nginxRollout();
    view.change = { ...view.change, ...row.change };
    if (row.fresh) view.base = { kind: 'fresh' };
    const html = renderRollout(view, ui(0));
    if (row.expected) assert.match(html, row.expected);
    else assert.ok(!html.includes('data-action="setBase"'));
  });
}

test('the base label is escaped', () => {
  const view = nginxRollout();
  view.change = { ...view.change, unchangedFrom: XSS };
  assert.ok(!renderRollout(view, ui(0)).includes(XSS));
});

test('during a plain scale-up the budget says maxUnavailable limits only the old ReplicaSets', () => {
  const view = nginxRollout();
  view.steps[0]!.budget = {
    maxSurge: 3,
    maxUnavailable: 2,
    surgeInUse: 0,
    unavailableInUse: 7,
    replicas: 10,
    replicaSetReplicas: 10,
    available: 3,
    oldScaleDownRoom: 0,
  };
  const html = renderStepDetail(view, ui(0));
  assert.match(html, /ReplicaSets ask for <b>10<\/b> pods, at most 13 \(replicas 10 \+ maxSurge 3\)/);
  assert.match(
    html,
    /<b>3<\/b> available; old ReplicaSets scale down only while 8 stay available \(replicas 10 − maxUnavailable 2\) \(no old pod may go now\)/,
  );
  assert.ok(!/unavailable <b>7<\/b> of maxUnavailable/.test(html));
});
