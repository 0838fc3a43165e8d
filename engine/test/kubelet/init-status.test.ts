// STATUS of `kubectl get pods` while init containers run, as printPod (pkg/printers/internalversion printers.go)
// reads the kubelet's statuses: `Init:<index>/<count>` for the first init container that has not exited (a
// sidecar: not started), `PodInitializing` while the app containers wait after them (kubelet_pods.go
// convertToAPIContainerStatuses' default waiting reason when the pod has init containers), `ContainerCreating`
// without init containers. Times use the default assumptions: pull 1 s, start 0 s, an init container runs 1 s.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultKubeletOptions } from '../../src/kubelet/kubelet-options';
import { planPodTimeline, podStatusAt } from '../../src/kubelet/pod-timeline';
import type { JsonObject } from '../../src/model/objects';

const app = { name: 'app', image: 'nginx' };
const withInit: JsonObject = {
  initContainers: [
    { name: 'setup', image: 'busybox' },
    { name: 'proxy', image: 'envoy', restartPolicy: 'Always' },
    { name: 'migrate', image: 'busybox' },
  ],
  containers: [app],
};

function statusesAt(spec: JsonObject, seconds: number[]): string[] {
  const timeline = planPodTimeline(spec, 0, defaultKubeletOptions());
  const scheduled = timeline.scheduledAt!;
  return seconds.map((second) => podStatusAt(timeline, scheduled + second * 1000).displayStatus);
}

const rows: { name: string; spec: JsonObject; seconds: number[]; expected: string[] }[] = [
  {
    // setup exits at 2 s; proxy (a sidecar) is started at 3 s; migrate exits at 5 s; the app runs at 6 s.
    name: 'two init containers around a sidecar',
    spec: withInit,
    seconds: [0, 1.5, 2, 2.5, 3, 4.5, 5, 5.5, 6],
    expected: ['Init:0/3', 'Init:0/3', 'Init:1/3', 'Init:1/3', 'Init:2/3', 'Init:2/3', 'PodInitializing', 'PodInitializing', 'Running'],
  },
  { name: 'no init containers', spec: { containers: [app] }, seconds: [0, 0.5, 1], expected: ['ContainerCreating', 'ContainerCreating', 'Running'] },
];

for (const row of rows) {
  test(`printPod STATUS while starting: ${row.name}`, () => {
    assert.deepEqual(statusesAt(row.spec, row.seconds), row.expected);
  });
}
