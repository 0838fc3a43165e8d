// A DaemonSet's ControllerRevisions (pkg/controller/daemon/update.go): names, data and hashes against
// the oracle vectors, revision numbers through updates and a rollback, the collision count, and
// cleanupHistory. How the vectors apply: snapshot names a DaemonSet's revision with
// controller.ComputeHash(&ds.Spec.Template, ds.Status.CollisionCount), the very function the Deployment
// controller puts in pod-template-hash, and a new DaemonSet has no collision count, as the Deployment
// vectors with collisionCount null; getPatch writes the same `{"spec":{"template":{…,"$patch":"replace"}}}`
// bytes as the StatefulSet controller's getPatch, so the StatefulSet vectors' data is the DaemonSet's data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { Cluster } from '../../src/cluster/cluster';
import { DaemonSetController } from '../../src/daemonset/daemonset-controller';
import { storeDaemonSet } from '../../src/daemonset/daemonset-admission';
import { daemonSetRevisionData, daemonSetRevisionHash } from '../../src/hash/daemonset-revision';
import { computePodTemplateHash } from '../../src/hash/pod-template-hash';
import { clusterSpecOf, defaultClusterSpec } from '../../src/model/cluster-spec';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { JsonObject, PodTemplateSpec } from '../../src/model/objects';
import { rollbackDaemonSet, daemonSetRolloutHistory } from '../../src/kubectl/daemonset-rollout';
import { readJsonFixture } from '../../../test/support/paths';
import { bench, daemonSetManifest, daemonSetOf, markPodsReady, nodes, sync, update } from './daemonset-harness';

interface DeploymentCase {
  id: string;
  manifest: string;
  collisionCount: number | null;
  podTemplateHash: string;
}
interface SetCase {
  id: string;
  manifest: string;
  controllerRevisionData: string;
}

// The Deployment's template and selector as a DaemonSet of the same name.
function asDaemonSet(manifest: string): JsonObject {
  const object = parse(manifest) as JsonObject;
  const spec = object.spec as JsonObject;
  return { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: object.metadata, spec: { selector: spec.selector, template: spec.template } } as JsonObject;
}

for (const version of ['1.32', '1.36'] as KubernetesVersion[]) {
  for (const row of readJsonFixture<{ cases: DeploymentCase[] }>('engine', 'test', 'fixtures', 'hash', `deployments-${version}-samples.json`).cases) {
    test(`${version} ${row.id}: the DaemonSet revision hash is ComputeHash, ${row.podTemplateHash}`, () => {
      const daemonSet = asDaemonSet(row.manifest);
      const template = (daemonSet.spec as JsonObject).template as unknown as PodTemplateSpec;
      assert.equal(daemonSetRevisionHash(template, row.collisionCount ?? undefined, defaultClusterSpec(version)), row.podTemplateHash);
      if (row.collisionCount !== null) return;
      // The controller, through the API server's defaulting: revision `<name>-<hash>`, pods labelled with the hash.
      const cluster = new Cluster({ spec: clusterSpecOf(version) });
      const controller = new DaemonSetController();
      cluster.registerController(controller);
      const stored = storeDaemonSet(cluster, daemonSet, 'default', undefined);
      assert.ok(!('reason' in stored));
      controller.syncDaemonSet(cluster, stored.daemonSet);
      const name = String((daemonSet.metadata as JsonObject).name);
      assert.deepEqual(
        cluster.controllerRevisions.list('default').map((revision) => revision.metadata.name),
        [`${name}-${row.podTemplateHash}`],
      );
      assert.equal(cluster.allCohorts()[0]!.labels['controller-revision-hash'], row.podTemplateHash);
    });
  }
  for (const row of readJsonFixture<{ cases: SetCase[] }>('engine', 'test', 'fixtures', 'hash', `statefulsets-${version}-samples.json`).cases) {
    test(`${version} ${row.id}: the DaemonSet revision data is getPatch's bytes`, () => {
      const object = parse(row.manifest) as JsonObject;
      const daemonSet = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: object.metadata, spec: { template: (object.spec as JsonObject).template } };
      assert.equal(daemonSetRevisionData(daemonSet as JsonObject, defaultClusterSpec(version)), row.controllerRevisionData);
    });
  }
}

const image = (value: string) => (spec: JsonObject) => {
  ((spec.template as JsonObject).spec as JsonObject).containers = [{ name: 'foo', image: value }];
};

function revisions(b: ReturnType<typeof bench>): string[] {
  return b.cluster.controllerRevisions
    .list('default')
    .sort((a, c) => a.revision - c.revision)
    .map((revision) => `${revision.revision}:${revision.metadata.name}`);
}

test('revisions 1 and 2 through an update; rollout undo reuses revision 1 as 3 and relabels nothing else', () => {
  const b = bench(nodes(1), daemonSetManifest('foo'));
  sync(b);
  const first = revisions(b)[0]!.split(':')[1]!;
  update(b, image('foo2/bar2'));
  sync(b);
  const second = revisions(b)[1]!.split(':')[1]!;
  assert.deepEqual(revisions(b), [`1:${first}`, `2:${second}`]);
  assert.equal(daemonSetOf(b).metadata.annotations!['deprecated.daemonset.template.generation'], '2');
  assert.deepEqual(rollbackDaemonSet(b.cluster, 'foo'), { output: 'daemonset.apps/foo rolled back' });
  sync(b);
  assert.deepEqual(revisions(b), [`2:${second}`, `3:${first}`]);
  assert.equal(daemonSetOf(b).metadata.annotations!['deprecated.daemonset.template.generation'], '3');
  assert.deepEqual(rollbackDaemonSet(b.cluster, 'foo', 3), { output: 'daemonset.apps/foo skipped rollback (current template already matches revision 3)' });
  assert.deepEqual(rollbackDaemonSet(b.cluster, 'foo', 9), { output: 'error: unable to find specified revision 9 in history', error: true });
  assert.equal(daemonSetRolloutHistory(b.cluster, 'foo', undefined).output, 'daemonset.apps/foo \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>');
});

test('a revision name taken by other data raises collisionCount and the hash takes it in', () => {
  const b = bench(nodes(1), daemonSetManifest('foo'));
  const daemonSet = daemonSetOf(b);
  const hash = computePodTemplateHash(daemonSet.spec.template, undefined, b.cluster.spec);
  const meta = b.cluster.newObjectMeta(`foo-${hash}`);
  b.cluster.controllerRevisions.put({
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { ...meta, labels: { 'controller-revision-hash': hash } },
    data: '{"spec":{"template":{"$patch":"replace"}}}',
    revision: 1,
  });
  sync(b);
  assert.equal(daemonSetOf(b).status.collisionCount, 1);
  const collided = computePodTemplateHash(daemonSet.spec.template, 1, b.cluster.spec);
  assert.notEqual(collided, hash);
  assert.ok(b.cluster.controllerRevisions.get(`foo-${collided}`), 'the revision is named with collisionCount 1');
  assert.equal(b.cluster.allCohorts()[0]!.labels['controller-revision-hash'], collided);
});

test('cleanupHistory: beyond revisionHistoryLimit the oldest revisions no pod uses go', () => {
  const b = bench(
    nodes(2),
    daemonSetManifest('foo', { revisionHistoryLimit: 1, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } }),
  );
  const rollOut = (): void => {
    for (let step = 0; step < 4; step++) {
      markPodsReady(b);
      sync(b);
    }
  };
  rollOut();
  for (const tag of ['v2', 'v3', 'v4']) {
    update(b, image(`foo/bar:${tag}`));
    rollOut();
  }
  // Revisions 1..4: the current one (4) plus one old one (3) are kept.
  assert.deepEqual(
    revisions(b).map((entry) => entry.split(':')[0]),
    ['3', '4'],
  );
});
