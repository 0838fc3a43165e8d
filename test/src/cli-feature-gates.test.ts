// Feature-gate overrides on the command line: `--feature-gates Name=true,Other=false` (kube-apiserver's
// syntax) merged gate by gate over `featureGates` of the nearest .kubesim.yaml.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim, runKubesimJson } from '../support/cli';
import { gatedStatefulSet } from '../support/gated-statefulset';

const STATEFUL_SET = gatedStatefulSet();

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-gates-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const DROPPED = /warning: The MaxUnavailableStatefulSet feature gate is off/;

test('1.33: maxUnavailable is dropped by default; --feature-gates MaxUnavailableStatefulSet=true keeps it', () => {
  const root = tree({ 'sts.yaml': STATEFUL_SET });
  const byDefault = runKubesim(['check', join(root, 'sts.yaml'), '--kubernetes-version', '1.33']);
  assert.match(byDefault.stdout, DROPPED);
  assert.match(byDefault.stdout, /is off by default in Kubernetes 1\.33/);
  const on = runKubesim(['check', join(root, 'sts.yaml'), '--kubernetes-version', '1.33', '--feature-gates', 'MaxUnavailableStatefulSet=true']);
  assert.equal(on.status, 0, on.stdout);
  assert.doesNotMatch(on.stdout, DROPPED);
});

test('1.37: a .kubesim.yaml switching the gate off makes it dropped, and the message names the profile; the flag wins', () => {
  const root = tree({ '.kubesim.yaml': 'featureGates:\n  MaxUnavailableStatefulSet: false\n', 'sts.yaml': STATEFUL_SET });
  const off = runKubesim(['check', join(root, 'sts.yaml'), '--kubernetes-version', '1.37']);
  assert.match(off.stdout, /feature gate is off in this cluster \(switched off by the cluster profile \(featureGates\)\): the API server silently drops/);
  const flag = runKubesim(['check', join(root, 'sts.yaml'), '--kubernetes-version', '1.37', '--feature-gates', 'MaxUnavailableStatefulSet=true']);
  assert.doesNotMatch(flag.stdout, DROPPED);
});

test('a gate 1.33 does not declare is reported once (kube-apiserver would not start) and changes nothing', () => {
  const root = tree({ 'a.yaml': STATEFUL_SET, 'b.yaml': STATEFUL_SET.replace('name: web\nspec', 'name: db\nspec') });
  const result = runKubesim(['check', root, '--kubernetes-version', '1.33', '--feature-gates', 'ContainerRestartRules=true']);
  assert.equal(result.stderr.match(/unrecognized feature gate: ContainerRestartRules/g)?.length, 1, result.stderr);
  assert.match(result.stderr, /does not exist in Kubernetes 1\.33/);
});

test('a malformed --feature-gates is a usage error', () => {
  const root = tree({ 'sts.yaml': STATEFUL_SET });
  const result = runKubesim(['check', join(root, 'sts.yaml'), '--feature-gates', 'MaxUnavailableStatefulSet=maybe']);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /invalid value of MaxUnavailableStatefulSet: "maybe", must be true or false/);
});

test('names: the ControllerRevision name follows the gates (a kept field is part of the hashed template)', () => {
  const restart = STATEFUL_SET.replace('image: nginx\n', 'image: nginx\n        restartPolicy: Always\n');
  const root = tree({ 'sts.yaml': restart });
  const revision = (args: string[]) =>
    /web-[0-9a-z]{6,}/.exec(runKubesim(['names', join(root, 'sts.yaml'), '--kubernetes-version', '1.34', ...args]).stdout)?.[0];
  const off = revision([]);
  const on = revision(['--feature-gates', 'ContainerRestartRules=true']);
  assert.ok(off && on, 'names prints a revision');
  assert.notEqual(off, on);
});

test('plan on 1.33: MaxUnavailableStatefulSet=true in .kubesim.yaml makes the controller replace two pods per step', () => {
  const next = STATEFUL_SET.replace('image: nginx\n', 'image: nginx:2\n');
  const deletions = (root: string) => {
    const result = runKubesimJson<{ events: { time: string; message: string }[] }>([
      'plan',
      join(root, 'new.yaml'),
      '--from',
      join(root, 'old.yaml'),
      '--kubernetes-version',
      '1.33',
      '--json',
    ]);
    const byTime = new Map<string, string[]>();
    for (const event of result.events.filter((item) => item.message.startsWith('delete Pod '))) {
      byTime.set(event.time, [...(byTime.get(event.time) ?? []), event.message.split(' ')[2]!]);
    }
    return [...byTime.values()];
  };
  const gated = tree({ '.kubesim.yaml': 'featureGates: {MaxUnavailableStatefulSet: true}\n', 'old.yaml': STATEFUL_SET, 'new.yaml': next });
  assert.deepEqual(deletions(gated), [
    ['web-3', 'web-2'],
    ['web-1', 'web-0'],
  ]);
  const plain = tree({ 'old.yaml': STATEFUL_SET, 'new.yaml': next });
  assert.deepEqual(deletions(plain), [['web-3'], ['web-2'], ['web-1'], ['web-0']]);
});
