// Small builders for StatefulSet tests: sets, pods in a given state, and a test-only revision codec.
import type { Pod, StatefulSet } from '../../src/model/objects';
import type { RevisionCodec } from '../../src/history/controller-history';

/** A StatefulSet `web` (uid web-uid) with label app=nginx; `spec` overrides. */
export function makeSet(spec: Partial<StatefulSet['spec']> = {}, name = 'web'): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace: 'default', uid: `${name}-uid`, generation: 1 },
    spec: {
      replicas: 3,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.9.1' }] } },
      ...spec,
    },
  };
}

/** A pod with the given phase/readiness (readySince in ms). */
export function makePod(name: string, state: { phase?: Pod['status']['phase']; ready?: boolean; readySince?: number; deleting?: boolean } = {}): Pod {
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: {} },
    spec: {},
    status: { phase: state.phase ?? 'Running', displayStatus: state.phase ?? 'Running', ready: state.ready ?? true, restarts: 0 },
  };
  if (state.readySince !== undefined) pod.status.readySince = state.readySince;
  if (state.deleting) pod.metadata.deletionTimestamp = '2026-01-01T00:00:59Z';
  return pod;
}

/**
 * A test-only codec: distinct templates give distinct names. Hash bytes are the hash module's job
 * (engine/src/hash); these tests only need stable, distinct revision names.
 */
export const TEST_CODEC: RevisionCodec = {
  data: (set) => JSON.stringify({ spec: { template: { $patch: 'replace', ...set.spec.template } } }),
  hash: (data, collisionCount) => {
    let hash = 0x811c9dc5;
    for (const ch of data + String(collisionCount)) hash = (Math.imul(hash, 0x01000193) ^ ch.charCodeAt(0)) >>> 0;
    return hash.toString(36);
  },
  name: (setName, hash) => `${setName}-${hash}`,
};
