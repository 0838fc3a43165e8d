// The revision names pods carry with the real codec, against the upstream compatibility goldens
// (revision-hash.json: test-c77f6d978 up to 1.33, test-776999688b from 1.34).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatefulSet } from '../../src/model/objects';
import { simulateStatefulSetRollout } from '../../src/statefulset/stateful-set-simulation';
import { readVector } from './vectors';

interface HashVectors {
  cases: { name: string; origin: string; setName: string; expect: { revisionName: string } }[];
}
const goldens = readVector<HashVectors>('revision-hash.json').cases.filter((row) => row.origin === 'upstream');

// The set of TestStatefulSetCompatibility: template labels app=foo, annotation test=value, one container.
const compatibilitySet: StatefulSet = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'test', namespace: 'default' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'foo' } },
    template: { metadata: { labels: { app: 'foo' }, annotations: { test: 'value' } }, spec: { containers: [{ name: 'test', image: 'test' }] } },
  },
};

for (const row of [
  { version: '1.33' as const, golden: 'golden-1.33-serialization' },
  { version: '1.36' as const, golden: 'golden-1.34-serialization' },
]) {
  test(`pod test-0 on ${row.version} carries the ${row.golden} revision name`, () => {
    const expected = goldens.find((golden) => golden.name === row.golden)!.expect.revisionName;
    const preview = simulateStatefulSetRollout(compatibilitySet, { clusterSpec: defaultClusterSpec(row.version) });
    assert.equal(preview.finalPods[0].revision, expected);
    assert.equal(preview.steps[0].messages[0], 'create Pod test-0 in StatefulSet test successful');
  });
}

test('preview lists hostname, DNS name and claims per ordinal', () => {
  const set: StatefulSet = {
    ...compatibilitySet,
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      ...compatibilitySet.spec,
      replicas: 2,
      serviceName: 'nginx',
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  };
  const preview = simulateStatefulSetRollout(set, { clusterSpec: defaultClusterSpec('1.36') });
  assert.equal(preview.stuck, false);
  assert.deepEqual(
    preview.finalPods.map((pod) => [pod.name, pod.hostname, pod.dnsName, pod.claims]),
    [
      ['web-0', 'web-0', 'web-0.nginx.default.svc.cluster.local', ['www-web-0']],
      ['web-1', 'web-1', 'web-1.nginx.default.svc.cluster.local', ['www-web-1']],
    ],
  );
  assert.deepEqual(preview.claims, ['www-web-0', 'www-web-1']);
});
