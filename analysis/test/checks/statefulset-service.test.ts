// Tests for the StatefulSet governing-Service checks and their quick fixes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyFix, expectFindings, findingsOf, stripMarkers } from '../../../test/support/expect-findings';

const SET = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: ⟦nginx⟧
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
          ports:
            - name: web
              containerPort: 80
`;

const HEADLESS = `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
`;

test('a headless Service that selects the pods, in another file, satisfies serviceName', () => {
  expectFindings(SET.replace(/[⟦⟧]/g, ''), [], { otherFiles: { 'file:///work/svc.yaml': HEADLESS } });
});

test('a missing Service is reported on serviceName, with a fix that appends a headless Service', () => {
  const [finding] = expectFindings(SET, [{ code: 'statefulset-service-missing', severity: 'warning', message: 'web-0.nginx.default.svc' }]);
  const fixed = applyFix(stripMarkers(SET).text, finding!);
  assert.ok(
    fixed.endsWith(
      '---\napiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\nspec:\n  clusterIP: None\n  ' +
        'selector:\n    app: nginx\n  ports:\n    - name: web\n      port: 80\n',
    ),
  );
  assert.deepEqual(findingsOf(fixed), []);
});

test('a Service with a cluster IP is reported on both sides; the Service side fixes to clusterIP: None', () => {
  const service = `apiVersion: v1
kind: Service
metadata:
  name: nginx
⟦spec⟧:
  selector:
    app: nginx
`;
  expectFindings(SET, [{ code: 'statefulset-service-not-headless' }], { otherFiles: { 'file:///work/svc.yaml': service.replace(/[⟦⟧]/g, '') } });
  const [finding] = expectFindings(service, [{ code: 'governing-service-not-headless' }], {
    otherFiles: { 'file:///work/set.yaml': SET.replace(/[⟦⟧]/g, '') },
  });
  const fixed = applyFix(stripMarkers(service).text, finding!);
  assert.equal(fixed, 'apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\nspec:\n  selector:\n    app: nginx\n  clusterIP: None\n');
});

test('an explicit cluster IP is replaced by None', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\nspec:\n  clusterIP: ⟦10.0.0.7⟧\n  selector:\n    app: nginx\n';
  const [finding] = expectFindings(service, [{ code: 'governing-service-not-headless' }], {
    otherFiles: { 'file:///work/set.yaml': SET.replace(/[⟦⟧]/g, '') },
  });
  assert.ok(applyFix(stripMarkers(service).text, finding!).includes('  clusterIP: None\n'));
});

test('a NodePort Service without a clusterIP is reported on its type, which makes it not headless', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\nspec:\n  type: ⟦NodePort⟧\n  selector:\n    app: nginx\n';
  const [finding] = expectFindings(service, [{ code: 'governing-service-not-headless' }], {
    otherFiles: { 'file:///work/set.yaml': SET.replace(/[⟦⟧]/g, '') },
  });
  assert.equal(finding!.field, 'spec.type');
});

test('a Service in another namespace does not count', () => {
  expectFindings(SET, [{ code: 'statefulset-service-missing' }], {
    otherFiles: { 'file:///work/svc.yaml': HEADLESS.replace('name: nginx', 'name: nginx\n  namespace: other') },
  });
});

test('a headless Service selecting other pods is reported', () => {
  expectFindings(SET, [{ code: 'statefulset-service-selector-mismatch' }], {
    otherFiles: { 'file:///work/svc.yaml': HEADLESS.replace('app: nginx', 'app: db') },
  });
});

test('kube-score/ignore statefulset-has-servicename silences the check', () => {
  const ignored = SET.replace(/[⟦⟧]/g, '').replace(
    'name: web\n',
    'name: web\n  annotations:\n    kube-score/ignore: pod-probes, statefulset-has-servicename\n',
  );
  expectFindings(ignored, []);
});
