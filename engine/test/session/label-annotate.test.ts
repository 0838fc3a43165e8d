// `kubectl label` and `kubectl annotate`, from kubectl pkg/cmd/label/label.go (parseLabels, validateNoOverwrites,
// updateDataChangeMsg, `label "k" not found.`) and pkg/cmd/annotate/annotate.go (validateAnnotations,
// validateNoAnnotationOverwrites, the `annotated` printer); a relabelled pod leaving its ReplicaSet's selector is
// released (pkg/controller/controller_ref_manager.go ClaimPods, ReleasePod) and the ReplicaSet creates a
// replacement (replica_set.go manageReplicas), while the Service's endpoints follow the labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession } from '../service/session-harness';

const rows: { command: string; output: string; error?: boolean }[] = [
  { command: 'kubectl label deployment web tier=front', output: 'deployment.apps/web labeled' },
  { command: 'kubectl label deployment web tier=front', output: "error: 'tier' already has a value (front), and --overwrite is false", error: true },
  { command: 'kubectl label deployment/web tier=back --overwrite', output: 'deployment.apps/web labeled' },
  { command: 'kubectl label deployment web tier=back --overwrite', output: 'deployment.apps/web not labeled' },
  { command: 'kubectl label deployment web tier-', output: 'deployment.apps/web unlabeled' },
  { command: 'kubectl label deployment web tier-', output: 'label "tier" not found.\ndeployment.apps/web not labeled' },
  { command: 'kubectl label deployment web a=b a-', output: 'error: can not both modify and remove a label in the same command', error: true },
  { command: 'kubectl label deployment web', output: 'error: at least one label update is required', error: true },
  { command: 'kubectl label deployment web a=b=c', output: 'error: invalid label spec: a=b=c', error: true },
  { command: 'kubectl label svc nope a=b', output: 'Error from server (NotFound): services "nope" not found', error: true },
  { command: 'kubectl annotate deployment web note=hi', output: 'deployment.apps/web annotated' },
  {
    command: 'kubectl annotate deployment web note=again',
    output: "error: --overwrite is false but found the following declared annotation(s): 'note' already has a value (hi)",
    error: true,
  },
  { command: 'kubectl annotate deployment web note=again --overwrite', output: 'deployment.apps/web annotated' },
  { command: 'kubectl annotate deployment web note-', output: 'deployment.apps/web annotated' },
  {
    command: 'kubectl annotate svc web a=1 a-',
    output: 'error: can not both modify and remove the following annotation(s) in the same command: a',
    error: true,
  },
];

test('kubectl label and annotate print what kubectl prints, in order', () => {
  const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } };
  const result = runServiceSession(['kubectl apply -f web.yaml', ...rows.map((row) => row.command)].join('\n'), { 'web.yaml': [deployment('web'), service] });
  rows.forEach((row, index) => {
    const step = result.steps[index + 1]!;
    assert.equal(step.output, row.output, row.command);
    assert.equal(step.error === true, row.error === true, row.command);
  });
});

test('a pod relabelled out of its ReplicaSet is released: a replacement is created, the Service drops it', () => {
  const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } };
  const setup = runServiceSession('kubectl apply -f web.yaml\nkubectl rollout status deployment/web\nkubectl get pods', {
    'web.yaml': [deployment('web', { replicas: 2 }), service],
  });
  const pod = outputOf(setup, 'kubectl get pods').split('\n')[1]!.split(/\s+/)[0]!;
  const commands = [
    'kubectl apply -f web.yaml',
    'kubectl rollout status deployment/web',
    'kubectl get pods -o wide',
    `kubectl label pod ${pod} app=debug --overwrite`,
    'kubectl rollout status deployment/web',
    'kubectl get pods -o wide',
    'kubectl get endpoints web',
    `kubectl describe pod ${pod}`,
    'kubectl get rs',
  ];
  const result = runServiceSession(commands.join('\n'), { 'web.yaml': [deployment('web', { replicas: 2 }), service] });
  assert.equal(result.steps[3]!.output, `pod/${pod} labeled`);
  const before = result.steps[2]!.output.split('\n').slice(1);
  const after = result.steps[5]!.output.split('\n').slice(1);
  assert.equal(before.length, 2);
  assert.equal(after.length, 3);
  const ipOf = (rows: string[], name: string): string => rows.find((row) => row.startsWith(`${name} `))!.split(/\s+/)[5]!;
  // The released pod keeps running with its address; the two pods the ReplicaSet owns now back the Service.
  assert.equal(ipOf(after, pod), ipOf(before, pod));
  const owned = after.filter((row) => !row.startsWith(`${pod} `)).map((row) => `${row.split(/\s+/)[5]}:80`);
  assert.deepEqual(result.steps[6]!.output.split('\n')[1]!.split(/\s+/)[1]!.split(',').sort(), owned.sort());
  const description = result.steps[7]!.output;
  assert.match(description, /^Labels:\s+app=debug$/m);
  assert.doesNotMatch(description, /Controlled By/);
  assert.match(result.steps[8]!.output.split('\n')[1]!, /^web-[a-z0-9]+\s+2\s+2\s+2\s+/);
});
