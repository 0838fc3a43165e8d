// Manifests the API server accepts, and files that are not Kubernetes objects, get no findings.
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { checkFile } from '../../src/check-file';

const rows: { name: string; yaml: string }[] = [
  { name: 'plain YAML', yaml: 'name: x\nitems: [1, 2]\n' },
  { name: 'template actions kubectl reads as strings', yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dash\ndata:\n  legend: "{{ pod }}"\n' },
  { name: 'custom resource', yaml: 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: UPPER.case\nspec:\n  anything: true\n' },
  { name: 'ConfigMap', yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: b\n' },
  {
    name: 'a typical Deployment with volumes, probes, env and ports',
    yaml: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
  annotations: {example.com/owner: team-a}
spec:
  replicas: 3
  selector:
    matchExpressions:
      - {key: app, operator: In, values: [web]}
  template:
    metadata:
      labels: {app: web, tier: frontend}
    spec:
      volumes:
        - name: config
          configMap: {name: cfg}
      initContainers:
        - name: migrate
          image: busybox
      containers:
        - name: web
          image: nginx:1.27
          ports:
            - {name: http, containerPort: 80}
          env:
            - {name: MODE, value: prod}
            - name: POD_IP
              valueFrom: {fieldRef: {fieldPath: status.podIP}}
          volumeMounts:
            - {name: config, mountPath: /etc/web}
          readinessProbe:
            httpGet: {path: /, port: http}
`,
  },
  {
    name: 'a StatefulSet mounting its claim template',
    yaml: `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      containers:
        - name: db
          image: postgres:16
          volumeMounts:
            - {name: data, mountPath: /var/lib/postgresql}
  volumeClaimTemplates:
    - metadata: {name: data}
      spec:
        accessModes: [ReadWriteOnce]
        resources: {requests: {storage: 1Gi}}
`,
  },
  { name: 'a headless Service', yaml: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: db\nspec:\n  clusterIP: None\n  selector: {app: db}\n' },
];

for (const row of rows) {
  for (const version of ['1.32', '1.37'] as const) {
    test(`no findings: ${row.name} on ${version}`, () => {
      assert.deepEqual(
        // A custom resource's only finding is the quiet note that it is not checked.
        checkFile(parseManifestFile(row.yaml), { cluster: defaultClusterSpec(version) })
          .filter((f) => f.code !== 'kind-not-checked')
          .map((f) => f.message),
        [],
      );
    });
  }
}
