// The pod's effective request, restating component-helpers resource/helpers_test.go (TestPodRequests:
// init containers against app containers, restartable init containers, overhead).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../src/model/objects';
import { podRequests } from '../../src/scheduler/pod-requests';

const container = (cpu: string, extra: JsonObject = {}): JsonObject => ({ name: 'c', resources: { requests: { cpu } }, ...extra });
const sidecar = (cpu: string): JsonObject => container(cpu, { restartPolicy: 'Always' });

const ROWS: { name: string; spec: JsonObject; cpu: number | undefined }[] = [
  { name: 'no containers', spec: {}, cpu: undefined },
  { name: 'app containers add up', spec: { containers: [container('100m'), container('200m')] }, cpu: 300 },
  { name: 'a larger init container wins', spec: { containers: [container('100m')], initContainers: [container('1')] }, cpu: 1000 },
  { name: 'a smaller init container does not count', spec: { containers: [container('500m')], initContainers: [container('200m')] }, cpu: 500 },
  { name: 'a sidecar adds to the app containers', spec: { containers: [container('100m')], initContainers: [sidecar('50m')] }, cpu: 150 },
  {
    name: 'an init container after a sidecar runs beside it',
    spec: { containers: [container('100m'), container('100m')], initContainers: [sidecar('50m'), container('500m')] },
    cpu: 550,
  },
  { name: 'overhead is added', spec: { containers: [container('100m')], overhead: { cpu: '250m' } }, cpu: 350 },
  { name: 'a limit stands in for a missing request', spec: { containers: [{ name: 'c', resources: { limits: { cpu: '2' } } }] }, cpu: 2000 },
  { name: 'pod-level requests replace the containers', spec: { containers: [container('100m')], resources: { requests: { cpu: '1' } } }, cpu: 1000 },
];

for (const row of ROWS) {
  test(`podRequests: ${row.name}`, () => assert.equal(podRequests(row.spec).cpu, row.cpu));
}

test('podRequests: memory in bytes, rounded up', () => {
  assert.equal(podRequests({ containers: [{ name: 'c', resources: { requests: { memory: '1Mi' } } }] }).memory, 1024 * 1024);
  assert.equal(podRequests({ containers: [{ name: 'c', resources: { requests: { memory: '1500m' } } }] }).memory, 2);
});
