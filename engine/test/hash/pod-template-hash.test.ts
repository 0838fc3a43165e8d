// pod-template-hash against names and go-spew text from real k8s.io/api types (shared vectors).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { parse } from 'yaml';
import { computePodTemplateHash, printPodTemplateForHash } from '../../src/hash/pod-template-hash';
import { fnv1a32, safeEncodeDecimal } from '../../src/hash/fnv';
import { utf8Bytes } from '../../src/hash/utf8';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { Deployment, PodTemplateSpec } from '../../src/model/objects';
import { readJsonFixture } from '../../../test/support/paths';

interface DeploymentCase {
  id: string;
  manifest: string;
  collisionCount: number | null;
  podTemplateHash: string;
  replicaSetName: string;
}
interface SpewSample {
  id: string;
  collisionCount: number | null;
  podTemplateHash: string;
  spew: string;
}

const VERSIONS: KubernetesVersion[] = ['1.32', '1.36'];

// The templates behind the spew samples that have no manifest in the deployments file, written
// from the sample's own spew text.
const SPEW_TEMPLATES: Record<string, PodTemplateSpec> = {
  'resources-100m-128Mi': {
    metadata: { labels: { app: 'res' } },
    spec: {
      containers: [
        {
          name: 'app',
          image: 'nginx:1.25.3',
          resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
        },
      ],
    },
  },
  'realistic-api-server': {
    metadata: {
      labels: { 'app.kubernetes.io/name': 'payments-api', 'app.kubernetes.io/instance': 'prod' },
      annotations: { 'checksum/config': '3f2a9c0e5d' },
    },
    spec: {
      serviceAccountName: 'payments',
      containers: [
        {
          name: 'api',
          image: 'ghcr.io/acme/payments-api:v2.14.0',
          args: ['--port=8080', '--log-format=json'],
          ports: [
            { name: 'http', containerPort: 8080 },
            { name: 'metrics', containerPort: 9090 },
          ],
          env: [
            { name: 'GOMAXPROCS', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
            { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'payments-db', key: 'url' } } },
          ],
          resources: { limits: { cpu: '1', memory: '512Mi' }, requests: { cpu: '250m', memory: '256Mi' } },
          livenessProbe: { httpGet: { path: '/livez', port: 'http' }, initialDelaySeconds: 10 },
          readinessProbe: { httpGet: { path: '/readyz', port: 'http' } },
          securityContext: { runAsNonRoot: true, allowPrivilegeEscalation: false },
          volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
        },
      ],
      volumes: [{ name: 'tmp', emptyDir: {} }],
    },
  },
};

for (const version of VERSIONS) {
  const deployments = readJsonFixture<{ cases: DeploymentCase[] }>('engine', 'test', 'fixtures', 'hash', `deployments-${version}-samples.json`).cases;
  for (const row of deployments) {
    test(`${version} ${row.id}: ReplicaSet ${row.replicaSetName}`, () => {
      const deployment = parse(row.manifest) as Deployment;
      const hash = computePodTemplateHash(deployment.spec.template, row.collisionCount ?? undefined, defaultClusterSpec(version));
      assert.equal(hash, row.podTemplateHash);
      assert.equal(`${deployment.metadata.name}-${hash}`, row.replicaSetName);
    });
  }
  const templates: Record<string, PodTemplateSpec> = { ...SPEW_TEMPLATES };
  for (const row of deployments) templates[row.id] = (parse(row.manifest) as Deployment).spec.template;
  const samples = readJsonFixture<{ samples: SpewSample[] }>('engine', 'test', 'fixtures', 'hash', `spew-samples-${version}.json`).samples;
  for (const sample of samples) {
    test(`${version} spew text of ${sample.id}`, () => {
      assert.equal(printPodTemplateForHash(templates[sample.id]!, defaultClusterSpec(version)), sample.spew);
      assert.equal(computePodTemplateHash(templates[sample.id]!, sample.collisionCount ?? undefined, defaultClusterSpec(version)), sample.podTemplateHash);
    });
  }
}

interface EncodingCase {
  spewText?: string;
  collisionCount?: number | null;
  fnv32a?: number;
  decimal: string;
  podTemplateHash: string;
}
const encodingCases = readJsonFixture<{ cases: EncodingCase[] }>('engine', 'test', 'fixtures', 'hash', 'ComputeHash_encoding.json').cases;
for (const row of encodingCases.filter((c) => c.spewText === undefined)) {
  test(`SafeEncodeString of ${row.decimal} is ${row.podTemplateHash}`, () => assert.equal(safeEncodeDecimal(Number(row.decimal)), row.podTemplateHash));
}
for (const row of encodingCases.filter((c): c is Required<EncodingCase> => c.spewText !== undefined)) {
  test(`FNV-1a + SafeEncodeString of ${JSON.stringify(row.spewText).slice(0, 40)} collisionCount=${row.collisionCount}`, () => {
    let hash = fnv1a32(utf8Bytes(row.spewText));
    if (row.collisionCount !== null) {
      const count = row.collisionCount >>> 0;
      hash = fnv1a32([count & 255, (count >>> 8) & 255, (count >>> 16) & 255, count >>> 24, 0, 0, 0, 0], hash);
    }
    assert.equal(hash, row.fnv32a);
    assert.equal(safeEncodeDecimal(hash), row.podTemplateHash);
  });
}

test('collisionCount 0 and nil give different hashes, and serviceAccount mirrors serviceAccountName', () => {
  const template: PodTemplateSpec = { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'a', image: 'nginx:1' }] } };
  assert.notEqual(computePodTemplateHash(template, undefined, defaultClusterSpec('1.36')), computePodTemplateHash(template, 0, defaultClusterSpec('1.36')));
  const byNew = { ...template, spec: { ...template.spec, serviceAccountName: 'sa' } };
  const byOld = { ...template, spec: { ...template.spec, serviceAccount: 'sa' } };
  assert.equal(computePodTemplateHash(byNew, undefined, defaultClusterSpec('1.36')), computePodTemplateHash(byOld, undefined, defaultClusterSpec('1.36')));
});
