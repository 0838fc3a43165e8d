// `kubesim run` of the Service examples and `kubesim names` for Services, end to end through the
// bundled CLI: the canary split (ready pods per track), the kubelet's env-var timing, DNS names.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';

interface ServiceJson {
  name: string;
  namespace: string;
  type: string;
  clusterIP?: string;
  ports: { name: string; port: number; protocol: string; targetPort: number | string; nodePort?: number }[];
  endpoints: { pod: string; ip: string; port: number; ready: boolean; serving: boolean; terminating: boolean }[];
}

function kubesim(...args: string[]): string {
  const result = runKubesim(args);
  assert.equal(result.status, 0, result.stderr + result.stdout);
  return result.stdout;
}

test('the canary example: 9 stable + 1 canary ready → 10%, then 7 + 3 → 30% of new connections', () => {
  const run = JSON.parse(kubesim('run', join('examples', 'sessions', 'canary.session'), '--json')) as {
    steps: { command: string; output: string }[];
    final: { services: ServiceJson[] };
  };
  const traffic = run.steps.filter((step) => step.command === 'kubesim traffic svc/web').map((step) => step.output);
  assert.equal(traffic.length, 2);
  assert.match(traffic[0], /^\s+10%\s+replicaset\/web-canary-\w+\s+1 endpoint\s+nginx:1\.26$/m);
  assert.match(traffic[0], /^\s+90%\s+replicaset\/web-stable-\w+\s+9 endpoints\s+nginx:1\.25$/m);
  assert.match(traffic[1], /^\s+30%\s+replicaset\/web-canary-\w+\s+3 endpoints\s+nginx:1\.26$/m);
  const web = run.final.services.find((service) => service.name === 'web')!;
  assert.equal(web.type, 'ClusterIP');
  assert.match(web.clusterIP ?? '', /^10\.(9[6-9]|10\d|11[01])\.\d+\.\d+$/, 'inside 10.96.0.0/12');
  assert.deepEqual(web.ports, [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 'http' }]);
  const ready = web.endpoints.filter((endpoint) => endpoint.ready);
  assert.equal(ready.length, 10);
  assert.ok(ready.every((endpoint) => endpoint.port === 80 && endpoint.serving && !endpoint.terminating));
  assert.equal(new Set(web.endpoints.map((endpoint) => endpoint.ip)).size, web.endpoints.length, 'pod IPs are unique');
});

test('the env-ordering example: no WEB_* before the pods are replaced, all of them after', () => {
  const transcript = kubesim('run', join('examples', 'sessions', 'env-ordering.session'));
  const [before, after] = transcript.split('$ kubectl exec deploy/web-stable -- env').slice(1);
  assert.doesNotMatch(before, /WEB_SERVICE_HOST/);
  assert.match(before, /^KUBERNETES_SERVICE_PORT_HTTPS=443$/m);
  assert.match(after, /^WEB_SERVICE_PORT_HTTP=80$/m);
  assert.match(after, /^WEB_PORT=tcp:\/\/10\.\d+\.\d+\.\d+:80$/m);
});

test('kubesim names --json: A, SRV and CNAME names of Services with the chosen cluster domain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubesim-svc-names-'));
  const file = join(dir, 'services.yaml');
  writeFileSync(
    file,
    [
      'apiVersion: v1\nkind: Service\nmetadata: {name: db, namespace: shop}\nspec:\n  clusterIP: ' +
        'None\n  selector: {app: db}\n  ports: [{name: pg, port: 5432}]',
      'apiVersion: v1\nkind: Service\nmetadata: {name: search}\nspec: {type: ExternalName, externalName: search.example.com}',
    ].join('\n---\n'),
  );
  const names = JSON.parse(kubesim('names', file, '--json', '--cluster-domain', 'corp.local')) as { services: unknown[] };
  assert.deepEqual(names.services, [
    { file, name: 'db', namespace: 'shop', type: 'ClusterIP', dnsName: 'db.shop.svc.corp.local', srvNames: ['_pg._tcp.db.shop.svc.corp.local'] },
    { file, name: 'search', namespace: 'default', type: 'ExternalName', dnsName: 'search.default.svc.corp.local', srvNames: [], cname: 'search.example.com' },
  ]);
});

test("kubesim run says once, on stderr, which printed values are illustrative; the transcript stays kubectl's", () => {
  const result = runKubesim(['run', join('examples', 'sessions', 'env-ordering.session')]);
  assert.equal(result.status, 0, result.stderr + result.stdout);
  assert.equal(result.stderr.match(/are illustrative/g)?.length, 1, result.stderr);
  assert.doesNotMatch(result.stdout, /illustrative/);
});
