// The DaemonSet capacity warning (daemonset-capacity.ts): the controller gives every eligible node a pod without
// weighing resources (daemon_controller.go nodeShouldRunDaemonPod), and NodeResourcesFit leaves a pod whose requests
// exceed that node's allocatable Pending. Only declared nodes are weighed, never kind's illustrative one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterSpecOf, defaultClusterSpec, type ClusterDeclaration } from '@kubesim/engine';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { runWorkspaceChecks } from '../../src/checks/run-workspace-checks';

function codes(yaml: string, declared?: ClusterDeclaration): { code: string; message: string }[] {
  const cluster = declared === undefined ? defaultClusterSpec('1.36') : clusterSpecOf('1.36', declared);
  return runWorkspaceChecks(parseManifestFile(yaml), { cluster, uri: 'file:///work/agent.yaml', workspace: [] })
    .filter((finding) => finding.code === 'daemonset-pod-unschedulable')
    .map((finding) => ({ code: finding.code, message: finding.message }));
}

const daemonSet = (cpu: string, pod = '') =>
  `apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels:\n      app: agent\n  template:\n` +
  `    metadata:\n      labels:\n        app: agent\n    spec:\n${pod}      containers:\n      - name: agent\n        image: busybox\n` +
  `        resources:\n          requests:\n            cpu: ${cpu}\n`;

const NODES: ClusterDeclaration = {
  nodes: [
    { name: 'kind-control-plane', allocatable: { cpu: '4' }, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
    { name: 'kind-worker', allocatable: { cpu: '1' } },
    { name: 'kind-worker2', allocatable: { cpu: '4' }, labels: { pool: 'big' } },
  ],
};

const rows: { name: string; yaml: string; declared?: ClusterDeclaration; expected: RegExp | undefined }[] = [
  { name: 'fits every node', yaml: daemonSet('500m'), declared: NODES, expected: undefined },
  {
    name: 'too big for one worker (the tainted control plane gets no pod)',
    yaml: daemonSet('2'),
    declared: NODES,
    expected: /requests 2 CPU and 0 memory, more than the allocatable of node kind-worker of the cluster profile: .* Pending \(Insufficient cpu\)/,
  },
  {
    name: 'tolerating the control plane: both nodes named',
    yaml: daemonSet('8', '      tolerations:\n      - operator: Exists\n'),
    declared: NODES,
    expected: /of nodes kind-control-plane, kind-worker, kind-worker2 of the cluster profile/,
  },
  { name: 'a nodeSelector keeps it on the big node', yaml: daemonSet('2', '      nodeSelector:\n        pool: big\n'), declared: NODES, expected: undefined },
  { name: "kind's undeclared node is never weighed", yaml: daemonSet('500'), expected: undefined },
];

for (const row of rows) {
  test(`daemonset-pod-unschedulable: ${row.name}`, () => {
    const found = codes(row.yaml, row.declared);
    if (row.expected === undefined) assert.deepEqual(found, []);
    else {
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.match(found[0]!.message, row.expected);
    }
  });
}
