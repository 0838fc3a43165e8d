// Builders for Deployment/ReplicaSet test objects and the reader of the upstream test tables.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { readJsonFixture } from '../../../test/support/paths';
import { Cluster, type Deployment, type IntOrString, type ReplicaSet } from '../../src/index';

/** The table of the upstream test `name`, committed in engine/test/fixtures/deployment. */
export function readVectors<T>(name: string): { cases: T[] } {
  return readJsonFixture<{ cases: T[] }>('engine', 'test', 'fixtures', 'deployment', `${name}.json`);
}

/** A RollingUpdate (or Recreate) Deployment like upstream's newDeployment test helper. */
export function makeDeployment(
  replicas: number,
  maxSurge: IntOrString | null = 0,
  maxUnavailable: IntOrString | null = 0,
  strategy: 'RollingUpdate' | 'Recreate' = 'RollingUpdate',
): Deployment {
  const rollingUpdate: { maxSurge?: IntOrString; maxUnavailable?: IntOrString } = {};
  if (maxSurge !== null) rollingUpdate.maxSurge = maxSurge;
  if (maxUnavailable !== null) rollingUpdate.maxUnavailable = maxUnavailable;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'foo', namespace: 'default', uid: 'deployment-uid', generation: 0 },
    spec: {
      replicas,
      selector: { matchLabels: { foo: 'bar' } },
      strategy: strategy === 'RollingUpdate' ? { type: strategy, rollingUpdate } : { type: strategy },
      template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'foo', image: 'foo' }] } },
      revisionHistoryLimit: 10,
    },
    status: {},
  };
}

/** A ReplicaSet owned by makeDeployment's Deployment. */
export function makeReplicaSet(
  name: string,
  specReplicas: number,
  options: { available?: number; statusReplicas?: number; creationTimestamp?: string; image?: string } = {},
): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `${name}-uid`,
      creationTimestamp: options.creationTimestamp ?? '2016-05-20T00:00:00Z',
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'foo', uid: 'deployment-uid', controller: true }],
    },
    spec: {
      replicas: specReplicas,
      selector: { matchLabels: { foo: 'bar' } },
      template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'foo', image: options.image ?? name }] } },
    },
    status: { replicas: options.statusReplicas ?? 0, availableReplicas: options.available ?? 0 },
  };
}

/** A cluster with no controllers, for calling controller helpers directly. */
export function emptyCluster(): Cluster {
  return new Cluster({ spec: defaultClusterSpec('1.36'), seed: 1 });
}
