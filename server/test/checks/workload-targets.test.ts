// Tests for selector overlap between workloads and for PodDisruptionBudget/HPA targets.
import { test } from 'node:test';
import { expectFindings } from './expect-findings';

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
`;

test('two Deployments whose selector matches the other template are both reported', () => {
  const file = `${api('blue', '        app: api\n        color: blue')}---\n${api('green', '        app: api\n        color: green')}`;
  expectFindings(file, [{ code: 'workload-selector-overlap', message: 'Deployment/green' }, { code: 'workload-selector-overlap', message: 'Deployment/blue' }]);
});

test('selectors that tell the templates apart do not overlap', () => {
  const blue = api('blue', '        app: api\n        color: blue').replace('      app: api\n  template', '      app: api\n      color: blue\n  template');
  const green = api('green', '        app: api\n        color: green').replace('      app: api\n  template', '      app: api\n      color: green\n  template');
  expectFindings(`${blue}---\n${green}`, []);
});

test('the same workload in another file (an overlay copy) is not an overlap', () => {
  expectFindings(api('blue', '        app: api'), [], { otherFiles: { 'file:///work/copy.yaml': api('blue', '        app: api') } });
});

test('a PodDisruptionBudget selecting no template is reported', () => {
  expectFindings('apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: api\nspec:\n  minAvailable: 1\n  selector:\n    ⟦matchLabels:\n      app: ap⟧\n', [{ code: 'pdb-selects-no-pods' }], { otherFiles: { 'file:///work/d.yaml': api('api', '        app: api') } });
  expectFindings('apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: api\nspec:\n  minAvailable: 1\n  selector:\n    matchExpressions:\n      - key: app\n        operator: In\n        values: [api]\n', [], { otherFiles: { 'file:///work/d.yaml': api('api', '        app: api') } });
});

test('an HPA whose Deployment is missing is reported; one whose Deployment exists is not', () => {
  const hpa = (name: string) => `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: api\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: ${name}\n  maxReplicas: 5\n`;
  const others = { 'file:///work/d.yaml': api('api', '        app: api') };
  expectFindings(hpa('⟦apii⟧'), [{ code: 'hpa-target-missing' }], { otherFiles: others });
  expectFindings(hpa('api'), [], { otherFiles: others });
  expectFindings(hpa('apii'), []);
});
