// Hovers on HorizontalPodAutoscalers, PodDisruptionBudgets, RBAC objects, ConfigMaps and Secrets: the
// target and bounds, the disruptions allowed as the disruption controller computes them (getExpectedPodCount,
// updatePdbStatus), rules in words, and the workloads that use a ConfigMap or Secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultClusterSpec } from '@kubesim/engine';
import { objectsOf, parseManifestFile } from '@kubesim/analysis';
import { computeHover } from '../../src/lsp/hover';

const cluster = defaultClusterSpec('1.36');

/** The hover on the first occurrence of `at` in the document holding it, with every object of `text` as candidates. */
function hoverOn(text: string, at: string): string {
  const file = parseManifestFile(text);
  const offset = text.indexOf(at);
  assert.ok(offset >= 0, `${at} is in the text`);
  const hover = computeHover(file, offset + 1, cluster, objectsOf(file));
  assert.ok(hover, `a hover on ${at}`);
  return hover.markdown;
}

const deployment = (name: string, replicas: number, labels = `app: ${name}`) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels: {${labels}}\n` +
  `  template:\n    metadata:\n      labels: {${labels}}\n    spec:\n      containers:\n        - name: app\n          image: app:1\n` +
  '          envFrom:\n            - configMapRef: {name: settings}\n          env:\n            - name: PASSWORD\n' +
  '              valueFrom: {secretKeyRef: {name: creds, key: password}}\n      volumes:\n        - name: config\n          configMap: {name: settings}\n';

const budget = (rule: string) =>
  `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: pdbname\nspec:\n  ${rule}\n  selector:\n    matchLabels: {app: web}\n`;

// Every selected pod ready: allowed = pods - desiredHealthy, desiredHealthy from the rule (rounded up for percentages).
const BUDGETS: { rule: string; expected: string }[] = [
  { rule: 'minAvailable: 2', expected: 'it allows 1 disruption of 3 pods when all are ready (2 must stay healthy)' },
  { rule: 'maxUnavailable: 1', expected: 'it allows 1 disruption of 3 pods when all are ready (2 must stay healthy)' },
  { rule: 'minAvailable: 50%', expected: 'it allows 1 disruption of 3 pods when all are ready (2 must stay healthy)' },
  { rule: 'maxUnavailable: 50%', expected: 'it allows 2 disruptions of 3 pods when all are ready (1 must stay healthy)' },
  { rule: 'minAvailable: 3', expected: 'it allows 0 disruptions of 3 pods when all are ready (3 must stay healthy)' },
];

for (const row of BUDGETS) {
  test(`a PodDisruptionBudget with ${row.rule} over 3 replicas: ${row.expected}`, () => {
    const markdown = hoverOn(`${deployment('web', 3)}---\n${budget(row.rule)}`, 'pdbname');
    assert.match(markdown, /Selects the pods of Deployment\/web \(3\)/);
    assert.ok(markdown.includes(row.expected), markdown);
  });
}

test('a PodDisruptionBudget over DaemonSet pods does not guess their number', () => {
  const daemonSet = deployment('web', 3).replace('kind: Deployment', 'kind: DaemonSet').replace('  replicas: 3\n', '');
  const markdown = hoverOn(`${daemonSet}---\n${budget('maxUnavailable: 1')}`, 'pdbname');
  assert.match(markdown, /Selects the pods of DaemonSet\/web\./);
  assert.match(markdown, /not computed here: the pods of DaemonSet\/web are counted by the cluster/);
});

test("an HPA's hover names its target, the defaulted bounds and metric, and the default behavior", () => {
  const hpa =
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: hpaname\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n' +
    '    kind: Deployment\n    name: web\n  maxReplicas: 10\n';
  const markdown = hoverOn(`${deployment('web', 3)}---\n${hpa}`, 'hpaname');
  assert.match(markdown, /Scales Deployment\/web \(its manifest says 3 replicas; the autoscaler overrides it\) between `1` \(default\) and `10` replicas/);
  assert.match(markdown, /Metrics: cpu at 80% of the requests \(default\)\./);
  assert.match(markdown, /scale down: at most 100% per 15s, after a 300s stabilization window \(default\)/);
  assert.match(hoverOn(hpa, 'hpaname'), /Scales Deployment\/web, which is not in the workspace/);
});

test('a Role and a binding in words', () => {
  const role =
    'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: reader\n  namespace: shop\nrules:\n' +
    '  - apiGroups: [""]\n    resources: [pods, pods/log]\n    verbs: [get, list]\n  - apiGroups: [apps]\n    resources: [deployments]\n' +
    '    resourceNames: [web]\n    verbs: ["*"]\n';
  const markdown = hoverOn(role, 'reader');
  assert.ok(markdown.includes('- `get`, `list` on `pods`, `pods/log` in the core API group'), markdown);
  assert.ok(markdown.includes('- every verb on `deployments` named `web` only in the apps API group'), markdown);
  const binding =
    'apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: readers\n  namespace: shop\nroleRef:\n' +
    '  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: reader\nsubjects:\n  - kind: ServiceAccount\n    name: app\n';
  assert.ok(hoverOn(binding, 'readers').includes('Grants Role `reader` to ServiceAccount `shop/app`, in namespace "shop" only.'));
});

test("a ConfigMap's and a Secret's consumers", () => {
  const configMap = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n';
  const secret = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: x\n';
  const text = `${configMap}---\n${secret}---\n${deployment('web', 1)}`;
  assert.ok(hoverOn(text, 'settings').includes('- Deployment/web: volume `config`, envFrom in container `app`'), hoverOn(text, 'settings'));
  assert.ok(hoverOn(text, 'creds').includes('- Deployment/web: env `PASSWORD` (key `password`) in container `app`'), hoverOn(text, 'creds'));
  assert.match(hoverOn(configMap, 'settings'), /No pod template of namespace "default" in the workspace uses this ConfigMap\./);
});
