// Replays examples/sessions/web-statefulset.session (the StatefulSet walkthrough of seed 001) on the
// StatefulSet session commands and checks what a real cluster shows: ordered creation, stable
// identities, claims www-web-0/www-web-1, and in-order recreation with the same claims.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Cluster } from '../../src/cluster/cluster';
import type { KubernetesObject } from '../../src/model/objects';
import { StatefulSetController } from '../../src/statefulset/stateful-set-controller';
import { PersistentVolumeController } from '../../src/cluster/persistent-volume-controller';
import { applyStatefulSetObject, runStatefulSetCommand, summarizeStatefulSets } from '../../src/kubectl/statefulset-session';
import { repoPath } from '../../../test/support/paths';

const SESSION = repoPath('examples', 'sessions', 'web-statefulset.session');

function replay(): { command: string; output: string }[] {
  const cluster = new Cluster({ spec: defaultClusterSpec('1.36') });
  cluster.registerController(new StatefulSetController());
  cluster.registerController(new PersistentVolumeController());
  const transcript: { command: string; output: string }[] = [];
  for (const raw of readFileSync(SESSION, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const argv = line.split(/\s+/);
    let output: string;
    if (argv[1] === 'apply') {
      const file = resolve(dirname(SESSION), argv[3]);
      const objects = parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as KubernetesObject);
      output = objects.map((object) => applyStatefulSetObject(cluster, object)?.output ?? '').join('\n');
    } else {
      const result = runStatefulSetCommand(cluster, argv);
      assert.ok(result, `command not handled: ${line}`);
      output = result.output;
    }
    transcript.push({ command: line, output });
  }
  transcript.push({ command: 'final', output: JSON.stringify(summarizeStatefulSets(cluster)) });
  return transcript;
}

const transcript = replay();
const outputOf = (command: string, nth = 0): string => transcript.filter((entry) => entry.command === command)[nth].output;

test('apply creates the Service and the StatefulSet', () => {
  assert.equal(outputOf('kubectl apply -f ../web-statefulset.yaml'), 'service/nginx created\nstatefulset.apps/web created');
});

test('the first watch shows web-0 Running before web-1 appears', () => {
  const rows = outputOf('kubectl get pods -w -l app=nginx').split('\n');
  assert.match(rows[0], /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
  const web0Running = rows.findIndex((row) => /^web-0\s+1\/1\s+Running/.test(row));
  const web1First = rows.findIndex((row) => row.startsWith('web-1'));
  assert.ok(web0Running > 0 && web1First > web0Running, rows.join('\n'));
  assert.ok(rows.some((row) => /^web-0\s+0\/1\s+ContainerCreating/.test(row)));
  assert.match(rows[rows.length - 1], /^web-1\s+1\/1\s+Running\s+0\s+/);
});

test('kubectl get statefulset web shows 2/2 ready', () => {
  assert.match(outputOf('kubectl get statefulset web'), /^NAME\s+READY\s+AGE\nweb\s+2\/2\s+\d+s$/);
});

test('claims www-web-0 and www-web-1 are Bound, 1Gi, RWO', () => {
  const rows = outputOf('kubectl get pvc -l app=nginx').split('\n');
  assert.match(rows[0], /^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+AGE$/);
  assert.match(rows[1], /^www-web-0\s+Bound\s+pvc-[0-9a-f-]{36}\s+1Gi\s+RWO\s+standard\s+<unset>\s+\d+s$/);
  assert.match(rows[2], /^www-web-1\s+Bound\s+pvc-/);
});

test('deleting the pods recreates them in order with the same identities and claims', () => {
  assert.equal(outputOf('kubectl delete pod -l app=nginx'), 'pod "web-0" deleted from default namespace\npod "web-1" deleted from default namespace');
  const rows = outputOf('kubectl get pods -w -l app=nginx', 1).split('\n');
  const web0Running = rows.findIndex((row) => /^web-0\s+1\/1\s+Running/.test(row));
  const web1First = rows.findIndex((row) => row.startsWith('web-1'));
  assert.ok(web0Running > 0 && web1First > web0Running, rows.join('\n'));
  const before = outputOf('kubectl get pvc -l app=nginx', 0)
    .split('\n')
    .map((row) => row.split(/\s+/).slice(0, 3).join(' '));
  const after = outputOf('kubectl get pvc -l app=nginx', 1)
    .split('\n')
    .map((row) => row.split(/\s+/).slice(0, 3).join(' '));
  assert.deepEqual(after, before);
  const final = JSON.parse(outputOf('final')) as ReturnType<typeof summarizeStatefulSets>;
  assert.deepEqual(
    final.statefulSets[0].pods.map((pod) => [pod.name, pod.hostname, pod.subdomain, pod.labels['statefulset.kubernetes.io/pod-name']]),
    [
      ['web-0', 'web-0', 'nginx', 'web-0'],
      ['web-1', 'web-1', 'nginx', 'web-1'],
    ],
  );
  assert.deepEqual(final.persistentVolumeClaims, [
    { name: 'www-web-0', status: 'Bound' },
    { name: 'www-web-1', status: 'Bound' },
  ]);
});

test('rollout status of a defaulted set reports the partitioned rollout as complete', () => {
  assert.equal(outputOf('kubectl rollout status statefulset/web'), 'partitioned roll out complete: 2 new pods have been updated...');
  assert.equal(outputOf('kubectl rollout history statefulset/web'), 'statefulset.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>');
});
