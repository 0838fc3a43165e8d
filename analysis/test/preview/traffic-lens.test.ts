// The "Preview traffic" lens above a Service or an Ingress (analysis/src/preview/traffic-lens.ts): the workloads
// behind it by the Service's selector (an Ingress: through the Services its backends name), the preview opening
// on the first of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';
import type { IndexedObject } from '../../src/checks/indexed-object';
import { trafficLensesOf } from '../../src/preview/traffic-lens';

const workload = (kind: string, name: string, labels: string) => `apiVersion: apps/v1
kind: ${kind}
metadata:
  name: ${name}
spec:
  selector:
    matchLabels: {${labels}}
  template:
    metadata:
      labels: {${labels}}
    spec:
      containers:
      - name: app
        image: app:1
`;
const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: guestbook
spec:
  selector:
    app: guestbook
  ports:
  - port: 80
`;
const INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: guestbook
spec:
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service: {name: guestbook, port: {number: 80}}
`;
const STABLE = workload('Deployment', 'guestbook-stable', 'app: guestbook, track: stable');
const CANARY = workload('Deployment', 'guestbook-canary', 'app: guestbook, track: canary');
const OTHER = workload('StatefulSet', 'redis', 'app: redis');

function indexed(files: Record<string, string>): IndexedObject[] {
  return Object.entries(files).flatMap(([uri, text]) => objectsOf(parseManifestFile(text)).map((object) => ({ uri, object })));
}

const WORKSPACE = { 'file:///ws/stable.yaml': STABLE, 'file:///ws/canary.yaml': CANARY, 'file:///ws/redis.yaml': OTHER };

test('a Service: the workloads its selector picks, in the workspace, the preview opening on the first', () => {
  const file = parseManifestFile(SERVICE);
  const lenses = trafficLensesOf(file, 'file:///ws/service.yaml', indexed({ ...WORKSPACE, 'file:///ws/service.yaml': SERVICE }));
  assert.deepEqual(lenses, [
    { title: '▶ Preview traffic · guestbook-stable, guestbook-canary', start: 0, target: { uri: 'file:///ws/stable.yaml', offset: 0 } },
  ]);
});

test('an Ingress: the workloads behind the Services its backends name', () => {
  const text = `${SERVICE}---\n${INGRESS}`;
  const lenses = trafficLensesOf(parseManifestFile(text), 'file:///ws/net.yaml', indexed(WORKSPACE));
  assert.deepEqual(
    lenses.map((lens) => [lens.title, lens.start]),
    [
      ['▶ Preview traffic · guestbook-stable, guestbook-canary', 0],
      ['▶ Preview traffic · guestbook-stable, guestbook-canary', text.indexOf('apiVersion: networking.k8s.io/v1')],
    ],
  );
});

test('no workload behind it (another namespace, no match, an Ingress to an unknown Service): no lens', () => {
  const elsewhere = STABLE.replace('name: guestbook-stable', 'name: guestbook-stable\n  namespace: prod');
  assert.deepEqual(trafficLensesOf(parseManifestFile(SERVICE), 'file:///ws/service.yaml', indexed({ 'file:///ws/stable.yaml': elsewhere })), []);
  assert.deepEqual(trafficLensesOf(parseManifestFile(INGRESS), 'file:///ws/ingress.yaml', indexed(WORKSPACE)), []);
});
