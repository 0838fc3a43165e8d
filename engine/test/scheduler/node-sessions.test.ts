// Nodes in sessions: `get nodes`, cordon and uncordon, `describe node`'s allocated resources, and a drain
// a PodDisruptionBudget blocks, as kubectl's drain (pkg/drain evictPods: `evicting pod`, the 429 retried
// every 5 s, the global timeout) and the eviction subresource (checkAndDecrement's 429 text) word it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import { clusterSpecOf, type ClusterDeclaration } from '../../src/model/cluster-spec';
import type { KubernetesObject } from '../../src/model/objects';
import { runSession } from '../../src/session/session-runner';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { memory: '128Mi' } } }] },
    },
  },
};
const budget = (minAvailable: number): unknown => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name: 'web' },
  spec: { minAvailable, selector: { matchLabels: { app: 'web' } } },
});
const files: Record<string, unknown[]> = { 'web.yaml': [deployment], 'pdb2.yaml': [budget(2)], 'pdb1.yaml': [budget(1)] };

function replay(text: string, declared: ClusterDeclaration = { nodes: 2 }): string[] {
  const result = runSession({ text, cluster: clusterSpecOf('1.36', declared), readManifest: (path) => structuredClone(files[path]!) as KubernetesObject[] });
  return result.steps.map((step) => step.output);
}

const SETUP = 'kubectl apply -f web.yaml\nkubectl apply -f pdb2.yaml\nkubectl rollout status deployment/web';

test('a drain a PodDisruptionBudget blocks retries every 5s until the global timeout', () => {
  const [, , , drain, nodes] = replay(`${SETUP}\nkubectl drain kind-worker --timeout=10s\nkubectl get nodes`);
  const pod = /evicting pod default\/(\S+)/.exec(drain!)![1]!;
  const refused = `error when evicting pods/"${pod}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`;
  const timeout = `error when evicting pods/"${pod}" -n "default": global timeout reached: 10s`;
  assert.deepEqual(drain!.split('\n'), [
    'node/kind-worker cordoned',
    `evicting pod default/${pod}`,
    refused,
    `evicting pod default/${pod}`,
    refused,
    `evicting pod default/${pod}`,
    `There are pending pods in node "kind-worker" when an error occurred: ${timeout}`,
    `pod/${pod}`,
    `error: unable to drain node "kind-worker" due to error: ${timeout}, continuing command...`,
    'There are pending nodes to be drained:',
    ' kind-worker',
    `error: ${timeout}`,
  ]);
  assert.match(nodes!, /kind-worker {10}Ready,SchedulingDisabled {3}<none>/);
});

test('with a disruption allowed the pod is evicted, replaced on another node, and the node drained', () => {
  const [, , , , drain, wide, uncordon, again] = replay(
    `${SETUP}\nkubectl apply -f pdb1.yaml\nkubectl drain kind-worker\nkubectl get pods -o wide\nkubectl uncordon kind-worker\nkubectl uncordon kind-worker`,
  );
  const lines = drain!.split('\n');
  assert.equal(lines[0], 'node/kind-worker cordoned');
  assert.match(lines[1]!, /^evicting pod default\/web-/);
  assert.match(lines[2]!, /^pod\/web-\S+ evicted$/);
  assert.equal(lines.at(-1), 'node/kind-worker drained');
  assert.deepEqual(
    wide!
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/)[6]),
    ['kind-worker2', 'kind-worker2'],
  );
  assert.equal(uncordon, 'node/kind-worker uncordoned');
  assert.equal(again, 'node/kind-worker already uncordoned');
});

test('describe node: the pods bound to it and the allocated resources as kubectl prints them', () => {
  const [, , , describe] = replay(`${SETUP}\nkubectl describe node kind-worker`);
  const allocated = describe!.slice(describe!.indexOf('Allocated resources:'));
  assert.equal(
    allocated,
    [
      'Allocated resources:',
      '  (Total limits may be over 100 percent, i.e., overcommitted.)',
      '  Resource           Requests   Limits',
      '  --------           --------   ------',
      '  cpu                250m (6%)  0 (0%)',
      '  memory             64Mi (0%)  128Mi (0%)',
      '  ephemeral-storage  0 (0%)     0 (0%)',
      'Events:              <none>',
    ].join('\n'),
  );
  assert.match(describe!, /Non-terminated Pods:\s+\(1 in total\)/);
});

test('an undeclared node says its allocatable is illustrative', () => {
  const [nodes, describe] = replay('kubectl get nodes\nkubectl describe node kind-control-plane', {});
  assert.match(nodes!, /kind-control-plane {3}Ready {4}control-plane/);
  assert.match(describe!, /kubesim: nodes are not declared/);
  assert.match(describe!, /Taints: {13}<none>/);
});
