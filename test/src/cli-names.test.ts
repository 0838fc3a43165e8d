// `kubesim names` end to end: the bundled CLI on the manifests of the hash vectors (engine/test/fixtures/hash).
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { readJsonFixture } from '../support/paths';

const kubesim = (...args: string[]) => runKubesim(args);

interface Case {
  id: string;
  manifest: string;
  collisionCount: number | null;
}
interface DeploymentCase extends Case {
  replicaSetName: string;
  podTemplateHash: string;
}
interface SetCase extends Case {
  controllerRevisionName: string;
  controllerRevisionHash: string;
}

const workDir = mkdtempSync(join(tmpdir(), 'kubesim-names-'));

for (const version of ['1.32', '1.36']) {
  const deployments = readJsonFixture<{ cases: DeploymentCase[] }>('engine', 'test', 'fixtures', 'hash', `deployments-${version}-samples.json`).cases;
  const sets = readJsonFixture<{ cases: SetCase[] }>('engine', 'test', 'fixtures', 'hash', `statefulsets-${version}-samples.json`).cases;
  // One multi-document file per version, as a user would keep them.
  const file = join(workDir, `workloads-${version}.yaml`);
  const documents = [...deployments, ...sets].filter((row) => row.collisionCount === null);
  writeFileSync(file, documents.map((row) => row.manifest).join('---\n'));

  test(`kubesim names --json on ${version} samples gives the real cluster's names`, () => {
    const result = kubesim('names', file, '--kubernetes-version', version, '--json');
    assert.equal(result.status, 0, result.stderr);
    const output = JSON.parse(result.stdout) as {
      kubernetesVersion: string;
      workloads: { kind: string; replicaSetName?: string; controllerRevisionName?: string }[];
    };
    assert.equal(output.kubernetesVersion, version);
    const names = output.workloads.map((w) => (w.kind === 'Deployment' ? w.replicaSetName : w.controllerRevisionName));
    const expected = documents.map((row) => ('replicaSetName' in row ? row.replicaSetName : (row as SetCase).controllerRevisionName));
    assert.deepEqual(names, expected);
  });
}

test('kubesim names lists StatefulSet pods, DNS names and claims from spec.ordinals.start', () => {
  const file = join(workDir, 'ordinals.yaml');
  writeFileSync(
    file,
    [
      'apiVersion: apps/v1',
      'kind: StatefulSet',
      'metadata:',
      '  name: db',
      '  namespace: shop',
      'spec:',
      '  serviceName: db-headless',
      '  replicas: 2',
      '  ordinals:',
      '    start: 3',
      '  selector:',
      '    matchLabels:',
      '      app: db',
      '  template:',
      '    metadata:',
      '      labels:',
      '        app: db',
      '    spec:',
      '      containers:',
      '      - name: db',
      '        image: postgres:16',
      '  volumeClaimTemplates:',
      '  - metadata:',
      '      name: data',
      '    spec:',
      '      accessModes: [ReadWriteOnce]',
      '      resources:',
      '        requests:',
      '          storage: 1Gi',
      '',
    ].join('\n'),
  );
  const result = kubesim('names', file, '--json', '--cluster-domain', 'example.org');
  assert.equal(result.status, 0, result.stderr);
  const [set] = (JSON.parse(result.stdout) as { workloads: { pods: unknown[] }[] }).workloads;
  assert.deepEqual(set!.pods, [
    { name: 'db-3', hostname: 'db-3', fqdn: 'db-3.db-headless.shop.svc.example.org', persistentVolumeClaims: ['data-db-3'] },
    { name: 'db-4', hostname: 'db-4', fqdn: 'db-4.db-headless.shop.svc.example.org', persistentVolumeClaims: ['data-db-4'] },
  ]);
});

test('kubesim names --collision-count changes the Deployment hash; bad usage exits 2', () => {
  const file = join(workDir, 'workloads-1.36.yaml');
  const plain = kubesim('names', file, '--json');
  const bumped = kubesim('names', file, '--json', '--collision-count', '1');
  assert.notEqual(plain.stdout, bumped.stdout);
  assert.equal(kubesim('names').status, 2);
  assert.equal(kubesim('names', file, '--collision-count', '-1').status, 2);
  assert.equal(kubesim('names', file, '--kubernetes-version', '1.20').status, 2);
});

test('kubesim names prints a table by default', () => {
  const result = kubesim('names', join(workDir, 'workloads-1.36.yaml'));
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^Kubernetes 1\.36\nKIND +NAMESPACE +NAME +HASH/);
  assert.match(result.stdout, /nginx-deployment-6b799bd7f6/);
});
