// Names the hovers show, checked against names computed with the real Kubernetes types and
// printer (the hash samples for 1.32.13 and 1.36.3 in the shared vectors, cases copied here).
import { defaultClusterSpec, type KubernetesVersion } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeDeploymentFacts } from '../../src/facts/deployment-facts';
import { computeStatefulSetFacts } from '../../src/facts/statefulset-facts';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';

const NGINX_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  replicas: 3
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
        image: nginx:1.7.9
        ports:
        - containerPort: 80
`;

const WEB_STATEFUL_SET = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 3
  minReadySeconds: 10
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      terminationGracePeriodSeconds: 10
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.24
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: my-storage-class
      resources:
        requests:
          storage: 1Gi
`;

const CASES: { id: string; version: KubernetesVersion; manifest: string; expected: string }[] = [
  { id: 'classic-nginx-1.7.9-r3', version: '1.36', manifest: NGINX_DEPLOYMENT, expected: 'nginx-deployment-6b799bd7f6' },
  { id: 'classic-nginx-1.7.9-r3', version: '1.32', manifest: NGINX_DEPLOYMENT, expected: 'nginx-deployment-b96f959' },
  { id: 'docs-web-nginx-slim', version: '1.36', manifest: WEB_STATEFUL_SET, expected: 'web-6cdc958bf' },
  { id: 'docs-web-nginx-slim', version: '1.32', manifest: WEB_STATEFUL_SET, expected: 'web-7757fc6447' },
];

for (const row of CASES) {
  test(`first ReplicaSet / ControllerRevision name: ${row.id} on ${row.version} is ${row.expected}`, () => {
    const [object] = objectsOf(parseManifestFile(row.manifest));
    const settings = defaultClusterSpec(row.version);
    const name =
      object!.kind === 'Deployment'
        ? computeDeploymentFacts(object!, settings)?.replicaSetName
        : computeStatefulSetFacts(object!, settings)?.controllerRevisionName;
    assert.equal(name, row.expected);
  });
}
