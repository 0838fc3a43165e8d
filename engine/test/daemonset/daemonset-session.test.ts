// Replays examples/sessions/daemonset-rolling.session on kind's single node and the same steps on
// three declared nodes: kubectl's texts for apply, get ds, rollout status (DaemonSetStatusViewer),
// history and undo (revision 1 comes back as 3), describe ds and delete ds; the rollout on three nodes
// goes one node at a time (maxUnavailable 1), each node waiting for its old pod to be gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import '../../src/index';
import { clusterSpecOf, defaultClusterSpec, type ClusterSpec } from '../../src/model/cluster-spec';
import type { KubernetesObject } from '../../src/model/objects';
import { runSession, type SessionResult } from '../../src/session/session-runner';
import { repoPath } from '../../../test/support/paths';

const SESSION = repoPath('examples', 'sessions', 'daemonset-rolling.session');

function replay(cluster: ClusterSpec): SessionResult {
  return runSession({
    text: readFileSync(SESSION, 'utf8'),
    cluster,
    readManifest: (path) => parseAllDocuments(readFileSync(resolve(dirname(SESSION), path), 'utf8')).map((document) => document.toJS() as KubernetesObject),
  });
}

function outputs(result: SessionResult, command: string): string[] {
  return result.steps.filter((step) => step.command === command).map((step) => step.output);
}

const single = replay(defaultClusterSpec('1.36'));

test('every step of the walkthrough succeeds', () => {
  assert.deepEqual(
    single.steps.filter((step) => step.error === true).map((step) => `${step.command}: ${step.output}`),
    [],
  );
});

test('apply, get ds: one node, one pod, NODE SELECTOR <none>', () => {
  assert.deepEqual(outputs(single, 'kubectl apply -f fluentd-daemonset.yaml'), ['daemonset.apps/fluentd-elasticsearch created']);
  // kube-system also holds kind's kindnet and kube-proxy DaemonSets (kind const_cni.go, kubeadm's proxy addon).
  const rows = outputs(single, 'kubectl get ds -n kube-system')[0]!.split('\n');
  assert.match(rows[0]!, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE$/);
  assert.match(rows[1]!, /^fluentd-elasticsearch\s+1\s+1\s+1\s+1\s+1\s+<none>\s+\d+s$/);
  assert.match(rows[2]!, /^kindnet\s+1\s+1\s+1\s+1\s+1\s+kubernetes\.io\/os=linux\s+\d+s$/);
  assert.match(rows[3]!, /^kube-proxy\s+1\s+1\s+1\s+1\s+1\s+kubernetes\.io\/os=linux\s+\d+s$/);
  assert.equal(rows.length, 4);
});

test('rollout status of the update: DaemonSetStatusViewer messages, then success', () => {
  assert.deepEqual(outputs(single, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system')[0]!.split('\n'), [
    'Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 out of 1 new pods have been updated...',
    'Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 of 1 updated pods are available...',
    'daemon set "fluentd-elasticsearch" successfully rolled out',
  ]);
});

test('rollout history before and after undo: revision 1 comes back as 3', () => {
  const history = outputs(single, 'kubectl rollout history daemonset/fluentd-elasticsearch -n kube-system');
  assert.deepEqual(history, [
    'daemonset.apps/fluentd-elasticsearch \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>',
    'daemonset.apps/fluentd-elasticsearch \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>',
  ]);
  assert.deepEqual(outputs(single, 'kubectl rollout undo daemonset/fluentd-elasticsearch -n kube-system'), [
    'daemonset.apps/fluentd-elasticsearch rolled back',
  ]);
});

test('describe ds: the describer lines, the template generation annotation and the controller events', () => {
  const text = outputs(single, 'kubectl describe ds fluentd-elasticsearch -n kube-system')[0]!;
  const lines = text.split('\n');
  assert.deepEqual(lines.slice(0, 12), [
    'Name:           fluentd-elasticsearch',
    'Namespace:      kube-system',
    'Selector:       name=fluentd-elasticsearch',
    'Node-Selector:  <none>',
    'Labels:         k8s-app=fluentd-logging',
    'Annotations:    deprecated.daemonset.template.generation: 2',
    'Desired Number of Nodes Scheduled: 1',
    'Current Number of Nodes Scheduled: 1',
    'Number of Nodes Scheduled with Up-to-date Pods: 1',
    'Number of Nodes Scheduled with Available Pods: 1',
    'Number of Nodes Misscheduled: 0',
    'Pods Status:  1 Running / 0 Waiting / 0 Succeeded / 0 Failed',
  ]);
  const events = lines.slice(lines.indexOf('Events:') + 3).map((line) => line.replace(/\s+\d+s\s+/, ' AGE '));
  assert.equal(events.length, 3);
  assert.match(events[0]!, /^ {2}Normal {2}SuccessfulCreate AGE daemonset-controller {2}Created pod: fluentd-elasticsearch-[a-z0-9]{5}$/);
  assert.match(events[1]!, /Deleted pod: fluentd-elasticsearch-/);
  assert.match(events[2]!, /Created pod: fluentd-elasticsearch-/);
});

test('delete ds', () => {
  assert.deepEqual(outputs(single, 'kubectl delete ds fluentd-elasticsearch -n kube-system'), ['daemonset.apps "fluentd-elasticsearch" deleted']);
});

test('three declared nodes (the control plane tolerated): the update goes one node at a time', () => {
  const three = replay(clusterSpecOf('1.36', { nodes: 2 }));
  // kind's kindnet and kube-proxy are listed after it (kubesim runs their pods on the control plane only).
  assert.match(outputs(three, 'kubectl get ds -n kube-system')[0]!, /\nfluentd-elasticsearch\s+3\s+3\s+3\s+3\s+3\s+<none>\s+\d+s\nkindnet\s/);
  const status = outputs(three, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system')[0]!.split('\n');
  const updated = status.map((line) => /(\d) out of 3 new pods/.exec(line)?.[1]).filter((count) => count !== undefined);
  assert.deepEqual([...new Set(updated)], ['0', '1', '2'], status.join('\n'));
  assert.equal(status.at(-1), 'daemon set "fluentd-elasticsearch" successfully rolled out');
});
