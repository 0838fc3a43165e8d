// The revision names pods carry with the real codec, against the upstream compatibility goldens
// (revision-hash.json: test-c77f6d978 up to 1.33, test-776999688b from 1.34).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatefulSet } from '../../src/model/objects';
import { simulateRollout } from '../../src/session/simulate-rollout';
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
    const preview = simulateRollout({ newManifest: compatibilitySet, cluster: defaultClusterSpec(row.version) });
    assert.equal(preview.steps.at(-1)!.pods[0]!.revision, expected);
    const created = preview.steps.flatMap((step) => step.events).find((event) => event.reason === 'SuccessfulCreate' && event.message.includes('Pod'));
    assert.equal(created?.message, 'create Pod test-0 in StatefulSet test successful');
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
  const preview = simulateRollout({ newManifest: set, cluster: defaultClusterSpec('1.36') });
  assert.equal(preview.complete, true);
  const last = preview.steps.at(-1)!;
  assert.deepEqual(
    last.pods.map((pod) => [pod.name, pod.hostname, pod.dnsName, pod.persistentVolumeClaims]),
    [
      ['web-0', 'web-0', 'web-0.nginx.default.svc.cluster.local', ['www-web-0']],
      ['web-1', 'web-1', 'web-1.nginx.default.svc.cluster.local', ['www-web-1']],
    ],
  );
  assert.deepEqual(
    last.statefulSet?.claims.map((claim) => claim.name),
    ['www-web-0', 'www-web-1'],
  );
});
