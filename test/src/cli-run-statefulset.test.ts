// `kubesim run` on the StatefulSet walkthrough (examples/sessions/web-statefulset.session) and
// `kubesim plan` for a StatefulSet, end to end through bin/kubesim. Expected facts are those of the
// upstream walkthrough (kubernetes.io "StatefulSet Basics"): OrderedReady creation, stable names,
// hostnames and DNS names behind the headless Service, one claim per pod, in-order recreation.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim, runKubesimJson } from '../support/cli';

interface StatefulSetRunJson {
  kubernetesVersion: string;
  steps: { command: string; output: string; error?: boolean }[];
  events: {
    time: string;
    lastTimestamp: string;
    count: number;
    type: string;
    reason: string;
    involvedObject: { kind: string; name: string };
    message: string;
  }[];
  final: {
    pods: { name: string; status: string; ready: boolean; owner: string; labels: Record<string, string> }[];
    statefulSets: {
      name: string;
      replicas: number;
      readyReplicas: number;
      currentReplicas: number;
      updatedReplicas: number;
      currentRevision?: string;
      updateRevision?: string;
      pods: { name: string; ordinal: number; hostname?: string; subdomain?: string; dnsName?: string; labels: Record<string, string> }[];
    }[];
    persistentVolumeClaims: { name: string; status: string }[];
  };
}

function kubesim(...args: string[]): StatefulSetRunJson {
  return runKubesimJson<StatefulSetRunJson>([...args, '--json']);
}

const walkthrough = kubesim('run', join('examples', 'sessions', 'web-statefulset.session'));

function outputs(command: string): string[] {
  return walkthrough.steps.filter((step) => step.command === command).map((step) => step.output);
}

function statefulSetEvents(result: StatefulSetRunJson): string[] {
  return result.events.filter((event) => event.involvedObject.kind === 'StatefulSet').map((event) => event.message);
}

/** Event messages with their Count: a repeated identical event bumps the first (client-go eventObserve). */
function statefulSetEventCounts(result: StatefulSetRunJson): string[] {
  return result.events.filter((event) => event.involvedObject.kind === 'StatefulSet').map((event) => `${event.message} x${event.count}`);
}

test('the walkthrough runs without errors (text output too)', () => {
  assert.deepEqual(
    walkthrough.steps.filter((step) => step.error).map((step) => step.command),
    [],
  );
  const text = runKubesim(['run', join('examples', 'sessions', 'web-statefulset.session')]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^\$ kubectl apply -f \.\.\/web-statefulset\.yaml\nservice\/nginx created\nstatefulset\.apps\/web created\n/);
});

test('OrderedReady: claim then pod for web-0, and web-1 only after web-0 is Running and Ready', () => {
  const messages = statefulSetEvents(walkthrough);
  assert.deepEqual(messages.slice(0, 4), [
    'create Claim www-web-0 Pod web-0 in StatefulSet web success',
    'create Pod web-0 in StatefulSet web successful',
    'create Claim www-web-1 Pod web-1 in StatefulSet web success',
    'create Pod web-1 in StatefulSet web successful',
  ]);
  const rows = outputs('kubectl get pods -w -l app=nginx')[0].split('\n');
  const web0Ready = rows.findIndex((row) => /^web-0\s+1\/1\s+Running/.test(row));
  const web1First = rows.findIndex((row) => row.startsWith('web-1'));
  assert.ok(web0Ready > 0 && web1First > web0Ready, rows.join('\n'));
});

test('stable identity: hostnames, DNS names behind the headless Service, pod-name labels', () => {
  const set = walkthrough.final.statefulSets.find((candidate) => candidate.name === 'web');
  assert.ok(set);
  assert.deepEqual(
    set.pods.map((pod) => [pod.name, pod.hostname, pod.dnsName, pod.labels['statefulset.kubernetes.io/pod-name'], pod.labels['apps.kubernetes.io/pod-index']]),
    [
      ['web-0', 'web-0', 'web-0.nginx.default.svc.cluster.local', 'web-0', '0'],
      ['web-1', 'web-1', 'web-1.nginx.default.svc.cluster.local', 'web-1', '1'],
    ],
  );
  assert.equal(set.readyReplicas, 2);
  assert.equal(set.currentRevision, set.updateRevision);
  assert.match(set.currentRevision ?? '', /^web-[0-9a-z]+$/);
  for (const pod of walkthrough.final.pods) assert.equal(pod.labels['controller-revision-hash'], set.currentRevision);
});

test('one Bound claim per pod: www-web-0 and www-web-1', () => {
  assert.deepEqual(walkthrough.final.persistentVolumeClaims, [
    { name: 'www-web-0', status: 'Bound' },
    { name: 'www-web-1', status: 'Bound' },
  ]);
  const [listing] = outputs('kubectl get pvc -l app=nginx');
  assert.match(
    listing,
    /^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+AGE\nwww-web-0\s+Bound\s+pvc-[0-9a-f-]{36}\s+1Gi\s+RWO\s/,
  );
});

test('kubectl delete pod -l app=nginx: pods come back in order, same names, same claims', () => {
  assert.deepEqual(outputs('kubectl delete pod -l app=nginx'), ['pod "web-0" deleted from default namespace\npod "web-1" deleted from default namespace']);
  // After the deletion: the same two pods again and no new claim; the identical create events of the
  // pods count on the first ones (client-go's event correlator), so no new Event appears.
  assert.deepEqual(statefulSetEventCounts(walkthrough), [
    'create Claim www-web-0 Pod web-0 in StatefulSet web success x1',
    'create Pod web-0 in StatefulSet web successful x2',
    'create Claim www-web-1 Pod web-1 in StatefulSet web success x1',
    'create Pod web-1 in StatefulSet web successful x2',
  ]);
  const recreated = walkthrough.events.filter((event) => event.message.startsWith('create Pod '));
  assert.ok(
    recreated.every((event) => event.lastTimestamp > event.time),
    JSON.stringify(recreated),
  );
  const rows = outputs('kubectl get pods -w -l app=nginx')[1].split('\n');
  const web0Ready = rows.findIndex((row) => /^web-0\s+1\/1\s+Running/.test(row));
  const web1First = rows.findIndex((row) => row.startsWith('web-1'));
  assert.ok(web0Ready > 0 && web1First > web0Ready, rows.join('\n'));
  const volumes = (listing: string): string[] =>
    listing
      .split('\n')
      .slice(1)
      .map((row) => row.split(/\s+/).slice(0, 3).join(' '));
  const [before, after] = outputs('kubectl get pvc -l app=nginx');
  assert.deepEqual(volumes(after), volumes(before));
  assert.deepEqual(
    walkthrough.final.pods.map((pod) => pod.name),
    ['web-0', 'web-1'],
  );
});

test('rollout status and history of the walkthrough set', () => {
  // The API server defaults rollingUpdate.partition to 0, so kubectl takes the partitioned branch.
  assert.deepEqual(outputs('kubectl rollout status statefulset/web'), ['partitioned roll out complete: 2 new pods have been updated...']);
  assert.match(outputs('kubectl rollout history statefulset/web')[0], /^statefulset\.apps\/web \nREVISION\s+CHANGE-CAUSE\n1\s+<none>$/);
});

test('kubesim plan NEW --from OLD rolls a StatefulSet from the highest ordinal down', () => {
  const result = kubesim('plan', join('examples', 'sessions', 'web-statefulset-1.10.yaml'), '--from', join('examples', 'web-statefulset.yaml'));
  assert.deepEqual(
    result.steps.filter((step) => step.error).map((step) => step.command),
    [],
  );
  // RollingUpdate: delete web-1, recreate it at the new revision, then the same for web-0. The
  // re-creations repeat the first create events, which count them (client-go's event correlator).
  assert.deepEqual(statefulSetEventCounts(result).slice(4), [
    'delete Pod web-1 in StatefulSet web successful x1',
    'delete Pod web-0 in StatefulSet web successful x1',
  ]);
  assert.deepEqual(
    statefulSetEventCounts(result).filter((event) => event.startsWith('create Pod')),
    ['create Pod web-0 in StatefulSet web successful x2', 'create Pod web-1 in StatefulSet web successful x2'],
  );
  const set = result.final.statefulSets[0];
  assert.equal(set.updatedReplicas, 2);
  assert.equal(set.currentRevision, set.updateRevision);
  const status = result.steps.find((step) => step.command === 'kubectl rollout status statefulset/web');
  assert.ok(status);
  const lines = status.output.split('\n');
  assert.equal(lines[lines.length - 1], 'partitioned roll out complete: 2 new pods have been updated...');
  assert.ok(lines.includes('Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...'), status.output);
  assert.match(result.steps.find((step) => step.command === 'kubectl rollout history statefulset/web')?.output ?? '', /\n1\s+<none>\n2\s+<none>$/);
});
