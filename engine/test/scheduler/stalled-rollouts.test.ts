// Rollouts the scheduler stalls, replayed in sessions: the surge pod of a required anti-affinity on
// kubernetes.io/hostname with as many replicas as workers, and the surge pod no worker has CPU for. The
// messages are FailedScheduling as kube-scheduler words it (FitError.Error, DefaultPreemption's PostFilter);
// the 1.36 CPU text is the one a kind cluster printed for the same layout (two workers, a tainted control plane).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import { CONTROL_PLANE_TAINT } from '../../src/model/cluster-nodes';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { Deployment, JsonObject, KubernetesObject } from '../../src/model/objects';
import { simulateRollout } from '../../src/session/simulate-rollout';
import { runSession } from '../../src/session/session-runner';
import type { ClusterDeclaration } from '../../src/model/cluster-spec';

function deployment(image: string, cpu: string, extra: JsonObject = {}, replicas = 3): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      strategy: { rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { ...extra, containers: [{ name: 'web', image, resources: { requests: { cpu } } }] },
      },
    },
  };
}

const ANTI_AFFINITY = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }],
    },
  },
};

function replay(text: string, files: Record<string, unknown[]>, declared: ClusterDeclaration, version: KubernetesVersion = '1.36'): string[] {
  const result = runSession({
    text,
    cluster: clusterSpecOf(version, declared),
    readManifest: (path) => structuredClone(files[path]!) as KubernetesObject[],
  });
  return result.steps.map((step) => step.output);
}

function pendingPod(podsTable: string): string {
  const line = podsTable.split('\n').find((row) => row.includes('Pending'));
  assert.ok(line, `a Pending pod in\n${podsTable}`);
  return line.split(/\s+/)[0]!;
}

function failedScheduling(describe: string): string {
  const line = describe.split('\n').find((row) => row.includes('FailedScheduling'));
  assert.ok(line, `a FailedScheduling event in\n${describe}`);
  return line.slice(line.indexOf('0/'));
}

const UPDATE = 'kubectl apply -f v1.yaml\nkubectl rollout status deployment/web\nkubectl apply -f v2.yaml\nkubesim wait 30s';

const antiAffinityRows: { version: KubernetesVersion; message: string }[] = [
  {
    version: '1.36',
    message:
      "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, " +
      'preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
  },
  {
    version: '1.33',
    message:
      "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match pod anti-affinity rules. " +
      'preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
  },
];

for (const row of antiAffinityRows) {
  test(`anti-affinity on the hostname with replicas == workers and maxUnavailable 0: the surge pod stays Pending (${row.version})`, () => {
    const files = { 'v1.yaml': [deployment('nginx:1.27', '100m', ANTI_AFFINITY)], 'v2.yaml': [deployment('nginx:1.28', '100m', ANTI_AFFINITY)] };
    const [, , wide, , , pods] = replay(
      'kubectl apply -f v1.yaml\nkubectl rollout status deployment/web\nkubectl get pods -o wide\nkubectl apply -f v2.yaml\nkubesim wait 30s\nkubectl get pods',
      files,
      { nodes: 3 },
      row.version,
    );
    // One old pod per worker, none on the tainted control plane.
    assert.deepEqual(
      wide!
        .split('\n')
        .slice(1)
        .map((line) => line.split(/\s+/)[6])
        .sort(),
      ['kind-worker', 'kind-worker2', 'kind-worker3'],
    );
    const name = pendingPod(pods!);
    const [describe, status] = replay(`${UPDATE}\nkubectl describe pod ${name}\nkubectl rollout status deployment/web`, files, { nodes: 3 }, row.version).slice(
      4,
    );
    assert.equal(failedScheduling(describe!), row.message);
    assert.match(describe!, /Node:\s+<none>/);
    assert.match(describe!, /PodScheduled {3}False/);
    assert.match(status!, /error: deployment "web" exceeded its progress deadline/);
  });
}

const CPU_NODES: ClusterDeclaration = {
  nodes: [
    { name: 'kind-control-plane', taints: [CONTROL_PLANE_TAINT] },
    { name: 'kind-worker', allocatable: { cpu: '1' } },
    { name: 'kind-worker2', allocatable: { cpu: '1' } },
  ],
};

test('no worker has CPU left for the surge pod: Insufficient cpu, then bound once an old pod is gone', () => {
  const sources = { 'v1.yaml': [deployment('nginx:1.27', '600m', {}, 2)], 'v2.yaml': [deployment('nginx:1.28', '600m', {}, 2)] };
  const start = 'kubectl apply -f v1.yaml\nkubectl rollout status deployment/web\nkubectl apply -f v2.yaml\nkubesim wait 10s\nkubectl get pods -o wide';
  const [, , , , wide] = replay(start, sources, CPU_NODES);
  const pending = pendingPod(wide!);
  const old = wide!
    .split('\n')
    .find((line) => line.includes('Running'))!
    .split(/\s+/)[0]!;
  const outputs = replay(
    `${start}\nkubectl describe pod ${pending}\nkubectl delete pod ${old}\nkubesim wait 60s\nkubectl get pods -o wide`,
    sources,
    CPU_NODES,
  );
  assert.equal(
    failedScheduling(outputs[5]!),
    '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, ' +
      'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
  );
  // The deleted pod's CPU is free once it is gone: the surge pod (first in the queue) is bound to its node.
  const surge = outputs[8]!.split('\n').find((line) => line.startsWith(pending));
  assert.ok(surge, outputs[8]);
  assert.doesNotMatch(surge, /Pending|<none>\s+<none>\s+<none>\s+<none>$/);
});

test('an undeclared cluster does not enforce its illustrative allocatable', () => {
  const files = { 'v1.yaml': [deployment('nginx:1.27', '3')] };
  const [, , pods] = replay('kubectl apply -f v1.yaml\nkubectl rollout status deployment/web\nkubectl get pods', files, {});
  assert.doesNotMatch(pods!, /Pending/);
});

test("the preview of the CPU stall: the surge pod Pending with the scheduler's message, in the pods, the outcome and describe pod", () => {
  const [oldManifest, newManifest] = [deployment('nginx:1.27', '600m', {}, 2), deployment('nginx:1.28', '600m', {}, 2)] as Deployment[];
  const result = simulateRollout({ oldManifest, newManifest, cluster: clusterSpecOf('1.36', CPU_NODES) });
  const message =
    '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, ' +
    'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.';
  assert.equal(result.outcome.kind, 'failed');
  const last = result.steps.at(-1)!;
  const pending = last.pods.filter((pod) => pod.unschedulable !== undefined);
  assert.deepEqual(
    pending.map((pod) => [pod.status, pod.unschedulable]),
    [['Pending', message]],
  );
  assert.deepEqual(result.outcome.pendingPod, { name: pending[0]!.name, message });
  assert.match(result.outcome.message, new RegExp(`Pod ${pending[0]!.name} stays Pending`));
  const describe = last.kubectl.find((output) => output.command === `kubectl describe pod ${pending[0]!.name}`);
  assert.match(describe?.output ?? '', /Warning {2}FailedScheduling {2}\S+ +default-scheduler {2}0\/3 nodes are available: /);
  // Pods that were placed carry no message.
  assert.ok(last.pods.some((pod) => pod.status === 'Running' && pod.unschedulable === undefined));
});

test('kubectl get events lists FailedScheduling for the Pending pod; a cordon changes the message, so a new Event', () => {
  const sources = { 'v1.yaml': [deployment('nginx:1.27', '600m', {}, 2)], 'v2.yaml': [deployment('nginx:1.28', '600m', {}, 2)] };
  const start = 'kubectl apply -f v1.yaml\nkubectl rollout status deployment/web\nkubectl apply -f v2.yaml\nkubesim wait 10s';
  const outputs = replay(`${start}\nkubectl get events\nkubectl cordon kind-worker\nkubesim wait 10s\nkubectl get events`, sources, CPU_NODES);
  const rows = (table: string): string[] => table.split('\n').filter((line) => line.includes('FailedScheduling'));
  const [first] = rows(outputs[4]!);
  assert.match(
    first!,
    /^10s +Warning +FailedScheduling +pod\/web-\w+-\w+ +0\/3 nodes are available: 1 node\(s\) had untolerated taint\(s\), 2 Insufficient cpu\./,
  );
  const later = rows(outputs[7]!);
  assert.equal(later.length, 2, outputs[7]);
  assert.match(later[1]!, /FailedScheduling .*1 node\(s\) were unschedulable/);
});
