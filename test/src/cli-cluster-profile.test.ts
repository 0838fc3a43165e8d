// The cluster profile on the command line: .kubesim.yaml found upward from each file, flags over it;
// `names` on a rejected workload; Helm charts set apart with one note.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';

const DUAL_STACK_SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ipFamilyPolicy: RequireDualStack
  selector:
    app: web
  ports:
  - port: 80
`;

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-profile-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('with no profile a dual-stack Service is a warning; a .kubesim.yaml above it declaring one family makes it an error', () => {
  const root = tree({ 'app/svc.yaml': DUAL_STACK_SERVICE, 'declared/.kubesim.yaml': 'ipFamilies: [IPv4]\n', 'declared/app/svc.yaml': DUAL_STACK_SERVICE });
  const loose = runKubesim(['check', join(root, 'app')]);
  assert.equal(loose.status, 0, loose.stdout);
  assert.match(loose.stdout, /warning: spec\.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services/);
  assert.match(loose.stdout, /hint: Only clusters set up without this IP family reject it/);
  const declared = runKubesim(['check', join(root, 'declared')]);
  assert.equal(declared.status, 1, declared.stdout);
  assert.match(declared.stdout, /error: spec\.ipFamilyPolicy: Invalid value: "RequireDualStack"/);
});

test('flags override the file: --ip-families IPv4,IPv6 accepts the Service; a bad flag is a usage error', () => {
  const root = tree({ '.kubesim.yaml': 'ipFamilies: [IPv4]\n', 'svc.yaml': DUAL_STACK_SERVICE });
  const result = runKubesim(['check', join(root, 'svc.yaml'), '--ip-families', 'IPv4,IPv6']);
  assert.equal(result.status, 0, result.stdout);
  assert.match(result.stdout, /^0 errors, 0 warnings in 1 file\n?$/);
  const bad = runKubesim(['check', join(root, 'svc.yaml'), '--node-port-range', '32767-30000']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /nodePortRange "32767-30000" must be a port range/);
});

test('a bad .kubesim.yaml is reported once on stderr and the checks go on undeclared', () => {
  const root = tree({ '.kubesim.yaml': 'ipFamilies: [IPv5]\n', 'a.yaml': DUAL_STACK_SERVICE, 'b.yaml': DUAL_STACK_SERVICE });
  const result = runKubesim(['check', root]);
  assert.equal(result.status, 0);
  assert.equal(result.stderr.match(/ipFamilies \["IPv5"\]/g)?.length, 1, result.stderr);
});

test('names: the cluster domain of .kubesim.yaml, and a workload the API server rejects gets its errors instead of names', () => {
  const statefulSet = (name: string, selector: string) =>
    `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: ${name}\nspec:\n  serviceName: db\n${selector}  template:\n` +
    `    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n      - name: db\n        image: postgres:16\n`;
  const root = tree({
    '.kubesim.yaml': 'clusterDomain: corp.example\n',
    'db.yaml': statefulSet('db', '  selector:\n    matchLabels:\n      app: db\n'),
    'broken.yaml': statefulSet('broken', ''),
  });
  const result = runKubesim(['names', root, '--json']);
  assert.equal(result.status, 0, result.stderr);
  const names = JSON.parse(result.stdout) as { workloads: { name: string; pods?: { fqdn?: string }[]; rejected?: string[] }[] };
  const db = names.workloads.find((workload) => workload.name === 'db');
  assert.equal(db?.pods?.[0]?.fqdn, 'db-0.db.default.svc.corp.example');
  const broken = names.workloads.find((workload) => workload.name === 'broken');
  assert.deepEqual(broken, {
    file: join(root, 'broken.yaml'),
    kind: 'StatefulSet',
    namespace: 'default',
    name: 'broken',
    rejected: ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: {"app":"db"}: `selector` does not match template `labels`'],
  });
  const text = runKubesim(['names', join(root, 'broken.yaml')]).stdout;
  assert.match(text, /StatefulSet default\/broken would be rejected/);
});

test('a Helm chart without helm: templates are not checked, Chart.yaml gets one note', () => {
  const root = tree({
    'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'chart/templates/service.yaml':
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n  - port: 80\n{{- end }}\n',
    'chart/templates/broken.yaml': 'apiVersion: apps/v1beta2\nkind: ReplicaSet\nmetadata:\n  name: web\n',
  });
  const result = runKubesim(['check', root, '--format', 'json'], { env: { ...process.env, KUBESIM_HELM: '/nonexistent/helm' } });
  assert.equal(result.status, 0, result.stdout);
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: { file: string; code: string; severity: string }[] }).diagnostics;
  assert.deepEqual(
    diagnostics.map((item) => [item.file.slice(root.length), item.code, item.severity]),
    [['/chart/Chart.yaml', 'helm-chart-not-rendered', 'information']],
  );
});

test('run: the simulated API server allocates from the declared service CIDR and node-port range', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: NodePort\n  selector:\n    app: web\n  ports:\n  - port: 80\n';
  const root = tree({ 'svc.yaml': service, 's.session': 'kubectl apply -f svc.yaml\nkubectl get svc\n', '.kubesim.yaml': 'serviceCIDRs: [10.0.0.0/24]\n' });
  const result = runKubesim(['run', join(root, 's.session'), '--node-port-range', '20000-20099']);
  assert.equal(result.status, 0, result.stdout);
  assert.match(result.stdout, /^kubernetes +ClusterIP +10\.0\.0\.1 /m);
  assert.match(result.stdout, /^web +NodePort +10\.0\.0\.\d+ +<none> +80:200\d\d\/TCP/m);
});
