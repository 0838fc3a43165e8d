// ControllerRevision data bytes, hashes and names against the shared StatefulSet vectors.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { parse } from 'yaml';
import { computeControllerRevisionHash, controllerRevisionData, controllerRevisionName } from '../../src/hash/controller-revision';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { StatefulSet } from '../../src/model/objects';
import { readJsonFixture } from '../../../test/support/paths';

interface SetCase {
  id: string;
  manifest: string;
  collisionCount: number | null;
  controllerRevisionHash: string;
  controllerRevisionName: string;
  controllerRevisionData: string;
}

for (const version of ['1.32', '1.36'] as KubernetesVersion[]) {
  for (const row of readJsonFixture<{ cases: SetCase[] }>('engine', 'test', 'fixtures', 'hash', `statefulsets-${version}-samples.json`).cases) {
    test(`${version} ${row.id}: revision ${row.controllerRevisionName}`, () => {
      const set = parse(row.manifest) as StatefulSet;
      const data = controllerRevisionData(set, defaultClusterSpec(version));
      assert.equal(data, row.controllerRevisionData);
      const hash = computeControllerRevisionHash(data, row.collisionCount);
      assert.equal(hash, row.controllerRevisionHash);
      assert.equal(controllerRevisionName(set.metadata.name, hash), row.controllerRevisionName);
    });
  }
}

interface RevisionHashCase {
  name: string;
  setName?: string;
  collisionCount: number | null;
  dataRaw: string;
  expect: { hash: string; revisionName?: string };
}
for (const row of readJsonFixture<{ cases: RevisionHashCase[] }>('engine', 'test', 'fixtures', 'statefulset', 'revision-hash.json').cases) {
  // The "no-probe" case documents what the controller does NOT do (no collision count written).
  if (row.collisionCount === null) continue;
  test(`revision-hash.json ${row.name}`, () => {
    const hash = computeControllerRevisionHash(row.dataRaw, row.collisionCount);
    assert.equal(hash, row.expect.hash);
    if (row.setName && row.expect.revisionName) assert.equal(controllerRevisionName(row.setName, hash), row.expect.revisionName);
  });
}

test('1.33 keeps creationTimestamp:null in the revision data, 1.34 drops it', () => {
  const set = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'a', image: 'a<b>&c' }] } } },
  } as unknown as StatefulSet;
  assert.match(controllerRevisionData(set, defaultClusterSpec('1.33')), /"creationTimestamp":null/);
  assert.doesNotMatch(controllerRevisionData(set, defaultClusterSpec('1.34')), /creationTimestamp/);
  assert.match(controllerRevisionData(set, defaultClusterSpec('1.34')), /"image":"a\\u003cb\\u003e\\u0026c"/);
});

test('a revision name keeps at most 223 characters of the set name', () => {
  assert.equal(controllerRevisionName('x'.repeat(300), '5d4'), `${'x'.repeat(223)}-5d4`);
});

test('pointers to false and "" stay in the revision data (omitempty only drops nil pointers)', () => {
  const set = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: { template: { spec: { hostUsers: false, containers: [{ name: 'a', image: 'a:1' }], volumes: [{ name: 'h', hostPath: { path: '/x' } }] } } },
  } as unknown as StatefulSet;
  const data = controllerRevisionData(set, defaultClusterSpec('1.36'));
  assert.match(data, /"hostUsers":false/);
  assert.match(data, /"hostPath":\{"path":"\/x","type":""\}/);
});
