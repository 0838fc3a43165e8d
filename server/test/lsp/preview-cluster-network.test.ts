// The rollout preview runs in the document's cluster, network included: a Service the declared cluster's
// API server refuses (an IP family the cluster has no range for: validateIPFamilies, "not configured on
// this cluster") does not exist there, so no traffic goes through it. Where the network is not declared,
// the preview keeps the Service (another cluster accepts it). Over a real stdio connection.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RolloutView, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const service = (name: string, family: string) => `---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
spec:
  ipFamilies: [${family}]
  selector:
    app: web
  ports:
  - port: 80
`;

const MANIFEST =
  `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
` +
  service('web-v4', 'IPv4') +
  service('web-v6', 'IPv6');

async function servicesInTraffic(files: Record<string, string>): Promise<string[]> {
  const workspace = await TestLanguageServer.onWorkspace(files);
  try {
    const uri = workspace.uri('web.yaml');
    await workspace.server.open(uri, MANIFEST);
    const params: SimulateRolloutParams = {
      uri,
      offset: 0,
      base: { kind: 'fresh' },
      whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
    };
    const result = (await workspace.server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
    assert.equal(result.kind, 'view', JSON.stringify(result));
    const view = (result as { view: RolloutView }).view;
    return [...new Set(view.steps.flatMap((step) => (step.traffic ?? []).map((traffic) => traffic.service)))].sort();
  } finally {
    await workspace.dispose();
  }
}

test('a .kubesim.yaml declaring an IPv6 service range: the IPv4 Service is refused, only the IPv6 one carries traffic', async () => {
  const services = await servicesInTraffic({ '.kubesim.yaml': 'serviceCIDRs: [fd00:10:96::/112]\n', 'web.yaml': MANIFEST });
  assert.deepEqual(services, ['web-v6']);
});

test('nothing declared: both Services stay in the preview (a cluster with the IPv6 range accepts web-v6)', async () => {
  assert.deepEqual(await servicesInTraffic({ 'web.yaml': MANIFEST }), ['web-v4', 'web-v6']);
});
