// Tests for selector overlap between workloads and for PodDisruptionBudget/HPA targets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectFindings } from '../../../test/support/expect-findings';

const api = (name: string, labels: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
${labels}
    spec:
      containers:
        - name: c
          image: c:1
          resources: {requests: {cpu: 100m}}
`;

test('two Deployments whose selector matches the other template are both reported', () => {
  const file = `${api('blue', '        app: api\n        color: blue')}---\n${api('green', '        app: api\n        color: green')}`;
  expectFindings(file, [
    { code: 'workload-selector-overlap', message: 'Deployment/green' },
    { code: 'workload-selector-overlap', message: 'Deployment/blue' },
  ]);
});

test('selectors that tell the templates apart do not overlap', () => {
  const blue = api('blue', '        app: api\n        color: blue').replace('      app: api\n  template', '      app: api\n      color: blue\n  template');
  const green = api('green', '        app: api\n        color: green').replace('      app: api\n  template', '      app: api\n      color: green\n  template');
  expectFindings(`${blue}---\n${green}`, []);
});

test('a Deployment in another file of the folder is applied with it (kubectl apply -f DIR): an overlap', () => {
  expectFindings(api('blue', '        app: api'), [{ code: 'workload-selector-overlap', message: 'Deployment/green' }], {
    otherFiles: { 'file:///work/green.yaml': api('green', '        app: api') },
  });
});

test('files of a folder that define the same object are alternatives (per-provider deploy.yaml): no overlap between them', () => {
  const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ingress\n---\n';
  expectFindings(`${namespace}${api('blue', '        app: api')}`, [], {
    otherFiles: { 'file:///work/aws.yaml': `${namespace}${api('green', '        app: api')}` },
  });
});

test('a Deployment in another folder is not applied with it: no overlap', () => {
  expectFindings(api('blue', '        app: api'), [], { otherFiles: { 'file:///elsewhere/green.yaml': api('green', '        app: api') } });
});

test('the same workload in another file (an overlay copy) is not an overlap', () => {
  expectFindings(api('blue', '        app: api'), [], { otherFiles: { 'file:///work/copy.yaml': api('blue', '        app: api') } });
});

test('a PodDisruptionBudget selecting no template is reported', () => {
  expectFindings(
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: api\nspec:\n  minAvailable: 1\n  selector:\n    ⟦matchLabels:\n      app: ap⟧\n',
    [{ code: 'pdb-selects-no-pods' }],
    { otherFiles: { 'file:///work/d.yaml': api('api', '        app: api') } },
  );
  expectFindings(
    'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: api\nspec:\n  minAvailable: ' +
      '1\n  selector:\n    matchExpressions:\n      - key: app\n        operator: In\n        values: [api]\n',
    [],
    { otherFiles: { 'file:///work/d.yaml': api('api', '        app: api') } },
  );
});

test('an HPA whose Deployment is missing is reported; one whose Deployment exists is not', () => {
  const hpa = (name: string) =>
    `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: api\nspec:\n ` +
    ` scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: ${name}\n  maxReplicas: 5\n`;
  const others = { 'file:///work/d.yaml': api('api', '        app: api') };
  expectFindings(hpa('⟦apii⟧'), [{ code: 'hpa-target-missing' }], { otherFiles: others });
  expectFindings(hpa('api'), [], { otherFiles: others });
  expectFindings(hpa('apii'), []);
});

test("a StatefulSet and a Deployment with the same labels never claim each other's pods: no overlap warning", () => {
  const statefulSet =
    'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  serviceName: web\n ' +
    ' selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n';
  const deployment =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  selector:\n    matchLabels:\n ' +
    '     app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n';
  const replicaSet = deployment.replace('kind: Deployment', 'kind: ReplicaSet').replace('name: nginx', 'name: bare');
  const service = { 'file:///work/svc.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  clusterIP: None\n  selector:\n    app: nginx\n' };
  expectFindings(statefulSet, [], { otherFiles: { ...service, 'file:///work/deploy.yaml': deployment } });
  expectFindings(deployment, [], { otherFiles: { ...service, 'file:///work/sts.yaml': statefulSet } });
  // A bare ReplicaSet adopts orphans by selector alone, so it still overlaps with the StatefulSet.
  expectFindings(statefulSet, [{ code: 'workload-selector-overlap', message: 'ReplicaSet/bare' }], {
    otherFiles: { ...service, 'file:///work/rs.yaml': replicaSet },
  });
});

test('the overlap message names three other workloads and counts the rest (400 used to make 3.2 MB per file)', () => {
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  const file = names.map((name) => api(name, '        app: api')).join('---\n');
  const findings = expectFindings(
    file,
    names.map(() => ({ code: 'workload-selector-overlap' })),
  );
  const [first] = findings;
  assert.match(first!.message, /^This selector overlaps with Deployment\/b, Deployment\/c, Deployment\/d and 2 more in namespace "default": /);
});

test('a Deployment or StatefulSet with replicas that an HPA applied with it scales: warned on spec.replicas', () => {
  const hpa = (kind: string, name: string) =>
    `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web-hpa\nspec:\n ` +
    ` scaleTargetRef:\n    apiVersion: apps/v1\n    kind: ${kind}\n    name: ${name}\n  minReplicas: 2\n  maxReplicas: 5\n`;
  const deployment = (replicas: string) =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n${replicas}  selector:\n    matchLabels:\n      app: web\n` +
    '  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n' +
    '        resources: {requests: {cpu: 100m}}\n';
  const message = 'HorizontalPodAutoscaler "web-hpa" scales this Deployment: each kubectl apply of this manifest sets it back to 3 replicas';
  expectFindings(`${deployment('  replicas: ⟦3⟧\n')}---\n${hpa('Deployment', 'web')}`, [{ code: 'replicas-with-hpa', message }]);
  // Applied together from another file of the folder.
  expectFindings(deployment('  replicas: ⟦3⟧\n'), [{ code: 'replicas-with-hpa' }], { otherFiles: { 'file:///work/hpa.yaml': hpa('Deployment', 'web') } });
  // No replicas field, another target, or another kind: nothing to say.
  expectFindings(`${deployment('')}---\n${hpa('Deployment', 'web')}`, []);
  expectFindings(`${deployment('  replicas: 3\n')}---\n${hpa('Deployment', 'api')}`, [{ code: 'hpa-target-missing' }]);
  expectFindings(`${deployment('  replicas: 3\n')}---\n${hpa('StatefulSet', 'web')}`, []);
});
