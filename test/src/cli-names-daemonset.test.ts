// `kubesim names` on DaemonSets: the first revision `<name>-<ComputeHash>` (the Deployment oracle's
// pod-template-hash of the same template, since snapshot hashes the template with ComputeHash), the
// pods' generateName and the nodes of the declared cluster; a DaemonSet the API server refuses gets no names.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { readJsonFixture } from '../support/paths';

const workDir = mkdtempSync(join(tmpdir(), 'kubesim-names-ds-'));
const nginx = readJsonFixture<{ cases: { id: string; manifest: string; podTemplateHash: string }[] }>(
  'engine',
  'test',
  'fixtures',
  'hash',
  'deployments-1.36-samples.json',
).cases.find((row) => row.id === 'classic-nginx-1.7.9-r3')!;

// The Deployment manifest as a DaemonSet: no replicas, same selector and template.
const daemonSet = nginx.manifest.replace('kind: Deployment', 'kind: DaemonSet').replace(/^ {2}replicas: \d+\n/m, '');

test('kubesim names --json: the DaemonSet revision and pods', () => {
  const file = join(workDir, 'ds.yaml');
  writeFileSync(
    file,
    `${daemonSet}---\n${daemonSet.replace('name: nginx-deployment', 'name: broken').replace('app: nginx\n  template', 'app: other\n  template')}`,
  );
  const result = runKubesim(['names', file, '--kubernetes-version', '1.36', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const output = JSON.parse(result.stdout) as {
    daemonSets: { name: string; controllerRevisionName?: string; podNamePrefix?: string; nodes?: string[]; rejected?: string[] }[];
  };
  assert.deepEqual(output.daemonSets[0], {
    file,
    kind: 'DaemonSet',
    namespace: 'default',
    name: 'nginx-deployment',
    controllerRevisionHash: nginx.podTemplateHash,
    controllerRevisionName: `nginx-deployment-${nginx.podTemplateHash}`,
    podNamePrefix: 'nginx-deployment-',
    nodes: ['kind-control-plane'],
  });
  assert.equal(output.daemonSets[1]!.name, 'broken');
  assert.ok(
    output.daemonSets[1]!.rejected?.some((message) => message.includes('`selector` does not match template `labels`')),
    JSON.stringify(output.daemonSets[1]),
  );
});

test('kubesim names: the text lists the revision and the pods', () => {
  const file = join(workDir, 'ds-text.yaml');
  writeFileSync(file, daemonSet);
  const result = runKubesim(['names', file, '--kubernetes-version', '1.36']);
  assert.equal(result.status, 0, result.stderr);
  assert.ok(
    result.stdout.includes(
      `DaemonSet default/nginx-deployment revision nginx-deployment-${nginx.podTemplateHash} (controller-revision-hash: ${nginx.podTemplateHash})`,
    ),
    result.stdout,
  );
  assert.ok(result.stdout.includes('  pods: nginx-deployment-<5 random> on kind-control-plane'), result.stdout);
});
