// Pod IPs from each node's podCIDR as kind's kube-controller-manager assigns them (range allocator: a /24 of
// podSubnet 10.244.0.0/16 per node, in node order here) and host-local IPAM hands them out (from .2; .1 is the
// gateway): a pod on kind-worker gets 10.244.1.x, one on kind-worker2 10.244.2.x, in `get pods -o wide` and Endpoints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { KubernetesObject } from '../../src/model/objects';
import { runSession } from '../../src/session/session-runner';

const web = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }],
          },
        },
        containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }],
      },
    },
  },
};
const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } };

test('one pod per worker: each has the first address of its node’s /24, in get pods -o wide and the Endpoints', () => {
  const result = runSession({
    text: 'kubectl apply -f web.yaml\nkubectl rollout status deployment/web\nkubectl get pods -o wide\nkubectl get endpoints web',
    cluster: clusterSpecOf('1.36', { nodes: 3 }),
    readManifest: () => structuredClone([service, web]) as KubernetesObject[],
  });
  const [, , wide, endpoints] = result.steps.map((step) => step.output);
  const byNode = wide!
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s+/))
    .map((cells) => `${cells[6]} ${cells[5]}`)
    .sort();
  assert.deepEqual(byNode, ['kind-worker 10.244.1.2', 'kind-worker2 10.244.2.2', 'kind-worker3 10.244.3.2']);
  assert.match(endpoints!, /10\.244\.1\.2:80,10\.244\.2\.2:80,10\.244\.3\.2:80/);
});
