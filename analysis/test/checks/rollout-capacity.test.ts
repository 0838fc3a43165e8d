// The rollout capacity warnings (rollout-capacity.ts, progress-deadline.ts) on declared and default nodes:
// a required hostname anti-affinity or requests that leave no node for the surge pod with maxUnavailable 0
// (the Deployment controller keeps the old pods until a new one is available: rolling.go), pods that fit
// nowhere, and a progressDeadlineSeconds below a new pod's time to Ready (DeploymentProgressing resets the
// deadline at every newly ready pod, so only the wait for one pod counts). Warnings only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterSpecOf, defaultClusterSpec, type ClusterDeclaration } from '@kubesim/engine';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { runWorkspaceChecks } from '../../src/checks/run-workspace-checks';
import type { CheckFinding } from '../../src/checks/check-context';

const CODES = new Set(['rollout-surge-unschedulable', 'pods-unschedulable', 'progress-deadline-too-short']);

function findings(yaml: string, declared?: ClusterDeclaration): CheckFinding[] {
  const cluster = declared === undefined ? defaultClusterSpec('1.36') : clusterSpecOf('1.36', declared);
  return runWorkspaceChecks(parseManifestFile(yaml), { cluster, uri: 'file:///work/web.yaml', workspace: [] }).filter((finding) => CODES.has(finding.code));
}

const ANTI_AFFINITY = `      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - topologyKey: kubernetes.io/hostname
            labelSelector:
              matchLabels:
                app: web
`;

function deployment(options: { replicas: number; surge?: string; unavailable?: string; pod?: string; resources?: string; extra?: string }): string {
  const strategy =
    options.surge === undefined ? '' : `  strategy:\n    rollingUpdate:\n      maxSurge: ${options.surge}\n      maxUnavailable: ${options.unavailable}\n`;
  return (
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${options.replicas}\n${options.extra ?? ''}${strategy}` +
    `  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n${options.pod ?? ''}` +
    `      containers:\n      - name: web\n        image: nginx:1.27\n${options.resources ?? ''}`
  );
}

const THREE_NODES: ClusterDeclaration = { nodes: 3 };
const resources = (cpu: string, memory: string) => `        resources:\n          requests:\n            cpu: ${cpu}\n            memory: ${memory}\n`;

const rows: { name: string; yaml: string; declared?: ClusterDeclaration; codes: string[]; message?: string }[] = [
  // 3 workers (the control plane keeps its NoSchedule taint), 3 replicas, one per node: the surge pod has no node.
  {
    name: 'anti-affinity, replicas = nodes, maxUnavailable 0',
    yaml: deployment({ replicas: 3, surge: '1', unavailable: '0', pod: ANTI_AFFINITY }),
    declared: THREE_NODES,
    codes: ['rollout-surge-unschedulable'],
    message: 'Set `maxSurge: 0` and `maxUnavailable: 1`',
  },
  {
    name: 'anti-affinity, maxUnavailable 1 frees a node',
    yaml: deployment({ replicas: 3, surge: '0', unavailable: '1', pod: ANTI_AFFINITY }),
    declared: THREE_NODES,
    codes: [],
  },
  {
    name: 'anti-affinity, fewer replicas than nodes',
    yaml: deployment({ replicas: 2, surge: '1', unavailable: '0', pod: ANTI_AFFINITY }),
    declared: THREE_NODES,
    codes: [],
  },
  {
    name: 'anti-affinity, more replicas than nodes: Pending even without a rollout',
    yaml: deployment({ replicas: 4, surge: '1', unavailable: '0', pod: ANTI_AFFINITY }),
    declared: THREE_NODES,
    codes: ['pods-unschedulable'],
    message: 'Only 3 of 4 replicas',
  },
  // kind's single node, undeclared: the warning says the node is illustrative.
  {
    name: 'anti-affinity on the default node, 1 replica, maxSurge 1 maxUnavailable 0',
    yaml: deployment({ replicas: 1, surge: '1', unavailable: '0', pod: ANTI_AFFINITY }),
    codes: ['rollout-surge-unschedulable'],
    message: 'this node is illustrative',
  },
  // Default 25%/25% with 1 replica: maxUnavailable rounds down to 0, maxSurge up to 1.
  {
    name: 'anti-affinity on the default node, default strategy',
    yaml: deployment({ replicas: 1, pod: ANTI_AFFINITY }),
    codes: ['rollout-surge-unschedulable'],
  },
  {
    name: 'anti-affinity with matchLabelKeys pod-template-hash keeps revisions apart',
    yaml: deployment({
      replicas: 1,
      surge: '1',
      unavailable: '0',
      pod: ANTI_AFFINITY.replace('            labelSelector:', '            matchLabelKeys: [pod-template-hash]\n            labelSelector:'),
    }),
    codes: [],
  },
  // 4 CPU per illustrative node: 2 pods of 1500m fit a node; 3 nodes hold 6; 6 replicas leave no room for the surge.
  {
    name: 'requests fill the nodes, maxUnavailable 0',
    yaml: deployment({ replicas: 6, surge: '1', unavailable: '0', resources: resources('1500m', '1Gi') }),
    declared: THREE_NODES,
    codes: ['rollout-surge-unschedulable'],
    message: 'with requests of 1500m CPU and 1Gi memory, 6 pods fit',
  },
  {
    name: 'requests fill the nodes, maxUnavailable 1',
    yaml: deployment({ replicas: 6, surge: '0', unavailable: '1', resources: resources('1500m', '1Gi') }),
    declared: THREE_NODES,
    codes: [],
  },
  {
    name: 'requests leave room for the surge',
    yaml: deployment({ replicas: 5, surge: '1', unavailable: '0', resources: resources('1500m', '1Gi') }),
    declared: THREE_NODES,
    codes: [],
  },
  {
    name: 'requests above every node',
    yaml: deployment({ replicas: 1, surge: '1', unavailable: '0', resources: resources('8', '1Gi') }),
    declared: { nodes: [{ name: 'big', allocatable: { cpu: '6', memory: '32Gi' } }] },
    codes: ['pods-unschedulable'],
    message: "the pod's requests exceed the allocatable of every node",
  },
  // Undeclared, kind's node has the machine's allocatable: requests are not weighed (the simulated cluster does not either).
  {
    name: 'requests above the illustrative node of an undeclared cluster',
    yaml: deployment({ replicas: 3, surge: '1', unavailable: '0', resources: resources('8', '64Gi') }),
    codes: [],
  },
  // The control plane's taint: with workers declared it takes no pods unless tolerated.
  {
    name: 'a toleration of the control-plane taint adds its node',
    yaml: deployment({
      replicas: 3,
      surge: '1',
      unavailable: '0',
      pod: `${ANTI_AFFINITY}      tolerations:\n      - key: node-role.kubernetes.io/control-plane\n        operator: Exists\n`,
    }),
    declared: THREE_NODES,
    codes: [],
  },
  // A readinessProbe of delay 30 and period 10: Ready at the 40 s tick, over a 35 s deadline.
  {
    name: 'progressDeadlineSeconds below a pod’s time to Ready',
    yaml: deployment({
      replicas: 2,
      extra: '  progressDeadlineSeconds: 35\n',
      resources: '        readinessProbe:\n          initialDelaySeconds: 30\n          tcpSocket:\n            port: 80\n',
    }),
    codes: ['progress-deadline-too-short'],
    message: 'shorter than the 40 s a new pod takes to become Ready',
  },
  {
    name: 'progressDeadlineSeconds above a pod’s time to Ready',
    yaml: deployment({
      replicas: 2,
      extra: '  progressDeadlineSeconds: 45\n',
      resources: '        readinessProbe:\n          initialDelaySeconds: 30\n          tcpSocket:\n            port: 80\n',
    }),
    codes: [],
  },
];

for (const row of rows) {
  test(`rollout capacity: ${row.name} -> ${row.codes.join(', ') || 'nothing'}`, () => {
    const found = findings(row.yaml, row.declared);
    assert.deepEqual(
      found.map((finding) => finding.code),
      row.codes,
      found.map((finding) => finding.message).join('\n'),
    );
    for (const finding of found) assert.equal(finding.severity, 'warning');
    if (row.message) assert.ok(found[0]!.message.includes(row.message), found[0]!.message);
  });
}
