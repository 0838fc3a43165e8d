// `kubesim run` and `kubesim plan` end to end on examples/sessions: ReplicaSet states and events
// checked against what the upstream algorithm gives (derived by hand in the comments).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesimJson } from '../support/cli';

interface RunJson {
  kubernetesVersion: string;
  steps: { command: string; output: string; error?: boolean }[];
  events: { type: string; reason: string; involvedObject: { kind: string; name: string }; message: string }[];
  final: { replicaSets: { name: string; replicas: number; currentReplicas: number; readyReplicas: number; availableReplicas: number; revision?: string }[] };
}

function kubesim(...args: string[]): RunJson {
  return runKubesimJson<RunJson>([...args, '--json']);
}

function session(name: string): RunJson {
  return kubesim('run', join('examples', 'sessions', name));
}

/** ReplicaSet names by revision, so expectations do not depend on the pod-template-hash. */
function byRevision(result: RunJson): Map<string, RunJson['final']['replicaSets'][number]> {
  return new Map(result.final.replicaSets.map((rs) => [rs.revision ?? '', rs]));
}

function deploymentEvents(result: RunJson): string[] {
  return result.events.filter((event) => event.involvedObject.kind === 'Deployment').map((event) => `${event.reason} ${event.message}`);
}

test('rolling update 1.7.9 -> 1.9.1 with 25%/25% of 3 (surge 1, unavailable 0): one pod at a time', () => {
  const result = session('rolling-update.session');
  assert.equal(result.kubernetesVersion, '1.36');
  const sets = byRevision(result);
  const first = sets.get('1')!;
  const second = sets.get('2')!;
  assert.deepEqual([first.replicas, first.currentReplicas], [0, 0]);
  assert.deepEqual([second.replicas, second.readyReplicas, second.availableReplicas], [3, 3, 3]);
  // Surge 1: new 0->1 (4 pods), old 3->2 once it is available, and so on; 1.32+ wording "from A to B".
  assert.deepEqual(deploymentEvents(result), [
    `ScalingReplicaSet Scaled up replica set ${first.name} from 0 to 3`,
    `ScalingReplicaSet Scaled up replica set ${second.name} from 0 to 1`,
    `ScalingReplicaSet Scaled down replica set ${first.name} from 3 to 2`,
    `ScalingReplicaSet Scaled up replica set ${second.name} from 1 to 2`,
    `ScalingReplicaSet Scaled down replica set ${first.name} from 2 to 1`,
    `ScalingReplicaSet Scaled up replica set ${second.name} from 2 to 3`,
    `ScalingReplicaSet Scaled down replica set ${first.name} from 1 to 0`,
  ]);
  const status = result.steps.find((step) => step.command.startsWith('kubectl rollout status') && step.output.includes('1 out of 3'));
  assert.ok(status, 'rollout status of the update waits on "1 out of 3 new replicas"');
  assert.match(status.output, /deployment "nginx-deployment" successfully rolled out$/);
  assert.match(result.steps.at(-1)!.output, /\n {2}Normal {2}ScalingReplicaSet {2}\S+ +deployment-controller {2}Scaled down replica set \S+ from 1 to 0$/);
});

test('failing update to nginx:1.91 with maxSurge 1 / maxUnavailable 1 sticks at 2 ready old + 2 unready new, then undo', () => {
  const result = session('failing-update.session');
  const getRs = result.steps.find((step) => step.command === 'kubectl get rs')!;
  // maxTotal 4, minAvailable 2: new 0->1 and old 3->2 in one pass, new 1->2, then 4 - 2 - 2 unavailable = 0 to scale down.
  const rows = getRs.output
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s+/).slice(1, 4).join(' '))
    .sort();
  assert.deepEqual(rows, ['0 0 0', '2 2 0', '2 2 2']);
  const history = result.steps.find((step) => step.command === 'kubectl rollout history deployment/nginx-deployment')!;
  assert.equal(
    history.output,
    'deployment.apps/nginx-deployment \nREVISION  CHANGE-CAUSE\n' +
      '1         kubectl create --filename=nginx-surge-1-unavailable-1.yaml --record=true\n' +
      '2         kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1 --record=true\n' +
      '3         kubectl set image deployment/nginx-deployment nginx=nginx:1.91 --record=true\n',
  );
  const undo = result.steps.find((step) => step.command === 'kubectl rollout undo deployment/nginx-deployment')!;
  assert.equal(undo.output, 'deployment.apps/nginx-deployment rolled back');
  // undo reuses the 1.9.1 ReplicaSet (revision 2 -> 4), --to-revision=1 reuses the first (1 -> 5).
  const sets = byRevision(result);
  assert.deepEqual([...sets.keys()].sort(), ['3', '4', '5']);
  assert.deepEqual([sets.get('5')!.replicas, sets.get('5')!.availableReplicas], [3, 3]);
  assert.deepEqual([sets.get('3')!.replicas, sets.get('4')!.replicas], [0, 0]);
});

test('pause, two image changes, resume: one new ReplicaSet', () => {
  const result = session('pause-resume.session');
  const whilePaused = result.steps.find((step) => step.command === 'kubectl get rs')!;
  assert.equal(whilePaused.output.split('\n').length, 2, 'no new ReplicaSet while paused');
  assert.deepEqual([...byRevision(result).keys()].sort(), ['1', '2']);
  assert.equal(byRevision(result).get('2')!.availableReplicas, 3);
});

test('scaling 3 -> 4 scales the one ReplicaSet', () => {
  const result = session('scaling.session');
  const [only] = result.final.replicaSets;
  assert.equal(result.final.replicaSets.length, 1);
  assert.deepEqual(deploymentEvents(result), [
    `ScalingReplicaSet Scaled up replica set ${only.name} from 0 to 3`,
    `ScalingReplicaSet Scaled up replica set ${only.name} from 3 to 4`,
  ]);
});

test('revisionHistoryLimit 1 keeps one old ReplicaSet after the third rollout completes', () => {
  const result = session('revision-history-limit.session');
  assert.deepEqual([...byRevision(result).keys()].sort(), ['2', '3']);
});

test('kubesim plan NEW --from OLD gives the rolling update of the running Deployment', () => {
  const result = kubesim('plan', join('examples', 'sessions', 'nginx-deployment-1.9.1.yaml'), '--from', join('examples', 'sessions', 'nginx-deployment.yaml'));
  assert.equal(deploymentEvents(result).length, 7);
  assert.deepEqual(result.final.replicaSets.map((rs) => [rs.revision, rs.replicas]).sort(), [
    ['1', 0],
    ['2', 3],
  ]);
});

// kubectl 1.32 (`kubectl apply -f` against a cluster): the documents before one that is not an object
// are applied, then `error: error validating "FILE": error validating data: invalid object to validate; ...`;
// nothing after it in that file is read.
test("kubectl apply -f of a document that is not an object fails the step with kubectl's error", () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-run-'));
  try {
    const service = (name: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  ports:\n  - port: 80\n`;
    writeFileSync(join(folder, 'scalar.yaml'), 'hello\n');
    writeFileSync(join(folder, 'list.yaml'), '- a\n');
    writeFileSync(join(folder, 'mixed.yaml'), `${service('before')}---\nhello\n---\n${service('after')}`);
    writeFileSync(join(folder, 's.session'), 'kubectl apply -f scalar.yaml\nkubectl apply -f list.yaml\nkubectl apply -f mixed.yaml\nkubectl get services\n');
    const result = kubesim('run', join(folder, 's.session'));
    const invalid = (file: string) =>
      `error: error validating "${file}": error validating data: invalid object to validate; ` +
      'if you choose to ignore these errors, turn validation off with --validate=false';
    assert.deepEqual(
      result.steps.slice(0, 3).map((step) => [step.output, step.error]),
      [
        [invalid('scalar.yaml'), true],
        [invalid('list.yaml'), true],
        [`service/before created\n${invalid('mixed.yaml')}`, true],
      ],
    );
    assert.match(result.steps[3]!.output, /\nbefore /);
    assert.doesNotMatch(result.steps[3]!.output, /\nafter /);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
