// Tests for Services that select no pod template and named targetPorts no container declares.
import { test } from 'node:test';
import { expectFindings } from '../../../test/support/expect-findings';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
        tier: backend
    spec:
      containers:
        - name: api
          image: api:1.0
          ports:
            - name: http
              containerPort: 8080
`;
const OTHER = { 'file:///work/deployment.yaml': DEPLOYMENT };

test('a Service whose selector matches a pod template in another file is quiet', () => {
  expectFindings(
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: api\n  ports:\n    - port: 80\n      targetPort: http\n',
    [],
    { otherFiles: OTHER },
  );
});

test('a Service selecting labels no template has is a warning when a workload of its own file is in its namespace', () => {
  expectFindings(`${DEPLOYMENT}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    ⟦app: apii⟧\n`, [
    { code: 'service-selects-no-pods', severity: 'warning' },
  ]);
});

test('a Service file next to a workload file of its folder gets information only: the pods may come from elsewhere', () => {
  expectFindings(
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    ⟦app: apii⟧\n',
    [{ code: 'service-selects-no-pods', severity: 'information' }],
    { otherFiles: OTHER },
  );
});

test('a Service applied with custom resources gets information only: an operator may make the pods', () => {
  const withOperator = `${DEPLOYMENT}---\napiVersion: monitoring.coreos.com/v1\nkind: Alertmanager\nmetadata:\n  name: main\n`;
  expectFindings(`${withOperator}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    ⟦app: apii⟧\n`, [
    { code: 'service-selects-no-pods', severity: 'information' },
  ]);
});

test('a Service of a folder whose files are alternatives (the same object twice) is compared with its own file only', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: apii\n';
  expectFindings(service, [], { otherFiles: { ...OTHER, 'file:///work/deployment-v2.yaml': DEPLOYMENT } });
});

test("a Service selecting one StatefulSet pod by the controller's pod-name label is quiet (argo-cd's redis-ha announce Services)", () => {
  const set = DEPLOYMENT.replace('kind: Deployment', 'kind: StatefulSet').replace('spec:\n  selector:', 'spec:\n  serviceName: api\n  selector:');
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: api-0\nspec:\n  selector:\n    app: api\n    statefulset.kubernetes.io/pod-name: api-0\n';
  expectFindings(service, [], { otherFiles: { 'file:///work/statefulset.yaml': set } });
});

test('a Service in a namespace without workloads in the workspace is not reported', () => {
  expectFindings('apiVersion: v1\nkind: Service\nmetadata:\n  name: api\n  namespace: elsewhere\nspec:\n  selector:\n    app: apii\n', [], {
    otherFiles: OTHER,
  });
});

test('kube-linter dangling-service ignore annotation silences the check', () => {
  expectFindings(
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\n  annotations:\n    ignore-check.kube-linter.io/dangling-service: ' +
      '"pods come from an operator"\nspec:\n  selector:\n    app: apii\n',
    [],
    { otherFiles: OTHER },
  );
});

test('a named targetPort that no selected container declares is reported', () => {
  expectFindings(
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: api\n  ports:\n    - port: 80\n      targetPort: ⟦htttp⟧\n',
    [{ code: 'service-target-port-unknown', message: 'Deployment/api' }],
    { otherFiles: OTHER },
  );
});

test('a numeric targetPort is not checked against container ports', () => {
  expectFindings(
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: api\n  ports:\n    - port: 80\n      targetPort: 9090\n',
    [],
    { otherFiles: OTHER },
  );
});

test('ExternalName Services and Services without a selector are not checked', () => {
  expectFindings(
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: a\nspec:\n  type: ExternalName\n  externalName: ' +
      'example.com\n  selector:\n    app: nope\n---\napiVersion: v1\nkind: Service\nmetadata:\n  ' +
      'name: b\nspec:\n  ports:\n    - port: 80\n',
    [],
    { otherFiles: OTHER },
  );
});
