// Which workload kubesim/simulateRollout previews and with whom (analysis/src/preview/preview-target.ts and
// traffic-companions.ts through the server's simulateRolloutFor): the canary beside the stable track shares the
// Service's lane; a document that cannot be read never swaps the preview to another workload; a pin holds.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type ResolvedRolloutParams, simulateRolloutFor } from '../../src/lsp/simulate-rollout';
import { DEFAULT_WHAT_IF, type RolloutView, type SimulateRolloutResult } from '../../../protocol/src/index';

const CLUSTER = defaultClusterSpec('1.36');

const deployment = (name: string, replicas: number, track: string, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: guestbook
      track: ${track}
  template:
    metadata:
      labels:
        app: guestbook
        track: ${track}
    spec:
      containers:
      - name: php-redis
        image: ${image}
`;
const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: guestbook
spec:
  selector:
    app: guestbook
  ports:
  - port: 80
`;
const STABLE = deployment('guestbook-stable', 4, 'stable', 'guestbook:v1');
const CANARY = deployment('guestbook-canary', 1, 'canary', 'guestbook:v2');
const FILE = [SERVICE, STABLE, CANARY].join('---\n');

function run(text: string, extra: Partial<ResolvedRolloutParams> = {}): SimulateRolloutResult {
  const params: ResolvedRolloutParams = {
    uri: 'file:///ws/guestbook.yaml',
    offset: 0,
    base: { kind: 'fresh' },
    baseLabel: 'fresh create',
    whatIf: DEFAULT_WHAT_IF,
    ...extra,
  };
  return simulateRolloutFor(text, params, CLUSTER);
}

function viewOf(result: SimulateRolloutResult): RolloutView {
  assert.equal(result.kind, 'view', JSON.stringify(result));
  return (result as { view: RolloutView }).view;
}

test('the write-ups canary: the guestbook lane ends 80/20 between the stable track and the canary', () => {
  const view = viewOf(run(FILE, { offset: FILE.indexOf('guestbook-stable') }));
  assert.equal(view.name, 'guestbook-stable');
  const lane = view.steps.at(-1)!.traffic?.find((traffic) => traffic.service === 'guestbook');
  assert.ok(lane);
  const byOwner = Object.fromEntries(lane.shares.map((share) => [share.owner.replace(/-[a-z0-9]+$/, ''), share.share]));
  assert.deepEqual(byOwner, { 'guestbook-stable': 0.8, 'guestbook-canary': 0.2 });
  assert.equal(lane.readyEndpoints, 5);
});

test('a broken document keeps the shown workload: "this Deployment cannot be read" with the error line, never the next workload', () => {
  // One missing colon in the stable track's `replicas` line.
  const broken = FILE.replace('  replicas: 4', '  replicas 4');
  const line = broken.slice(0, broken.indexOf('  replicas 4')).split('\n').length;
  const shown = { kind: 'Deployment', name: 'guestbook-stable', namespace: 'default' };
  const atCursor = run(broken, { offset: broken.indexOf('replicas 4'), shown });
  assert.equal(atCursor.kind, 'unreadable');
  // The line the YAML error is reported on, within the stable track's document.
  const message = (atCursor as { message: string }).message;
  const reported = Number(/YAML error at line (\d+)/.exec(message)?.[1]);
  assert.match(message, /^This Deployment cannot be read: YAML error at line \d+\.$/);
  assert.ok(reported >= line && reported < broken.slice(0, broken.indexOf('---\n', broken.indexOf('replicas 4'))).split('\n').length, `line ${reported}`);
  // The cursor outside any workload (in the Service): still the shown one's answer, not the canary.
  assert.equal(run(broken, { offset: 5, shown }).kind, 'unreadable');
  // Once it parses again, the preview is back.
  assert.equal(viewOf(run(FILE, { offset: 5, shown })).name, 'guestbook-stable');
});

test('a pinned workload is previewed wherever the cursor is', () => {
  const pinned = { kind: 'Deployment', name: 'guestbook-canary', namespace: 'default' };
  assert.equal(viewOf(run(FILE, { offset: FILE.indexOf('guestbook-stable'), pinned })).name, 'guestbook-canary');
  const gone = run([SERVICE, STABLE].join('---\n'), { pinned });
  assert.deepEqual(gone, { kind: 'noWorkload', message: 'The pinned Deployment guestbook-canary is no longer in this file.' });
});
