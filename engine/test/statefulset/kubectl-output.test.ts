// kubectl's printed lines for StatefulSets, checked against kubernetes/kubectl: DeleteOptions.PrintObj
// (pkg/cmd/delete/delete.go, the namespace suffix arrived in 1.34) and StatefulSetStatusViewer
// (pkg/polymorphichelpers/rollout_status.go).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatefulSet } from '../../src/model/objects';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { kubectlDeletedLine } from '../../src/kubectl/statefulset-session';
import { statefulSetRolloutStatus } from '../../src/kubectl/statefulset-rollout';

const deletedRows: { version: KubernetesVersion; namespace?: string; expected: string }[] = [
  { version: '1.32', namespace: 'default', expected: 'pod "web-0" deleted' },
  { version: '1.33', namespace: 'default', expected: 'pod "web-0" deleted' },
  { version: '1.34', namespace: 'default', expected: 'pod "web-0" deleted from default namespace' },
  { version: '1.36', namespace: 'prod', expected: 'pod "web-0" deleted from prod namespace' },
  { version: '1.37', namespace: undefined, expected: 'pod "web-0" deleted' },
];
for (const row of deletedRows) {
  test(`kubectl ${row.version} delete prints ${row.expected}`, () => {
    assert.equal(kubectlDeletedLine(row.version, 'pod', 'web-0', row.namespace), row.expected);
  });
}

function setWith(spec: Partial<StatefulSet['spec']>, status: Partial<NonNullable<StatefulSet['status']>>, generation = 2): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', generation },
    spec: { replicas: 3, selector: { matchLabels: { app: 'nginx' } }, template: {}, ...spec } as StatefulSet['spec'],
    status: {
      observedGeneration: 2,
      replicas: 3,
      readyReplicas: 3,
      currentReplicas: 3,
      updatedReplicas: 3,
      currentRevision: 'web-a',
      updateRevision: 'web-a',
      ...status,
    } as StatefulSet['status'],
  };
}

const statusRows: { name: string; set: StatefulSet; message: string; done: boolean }[] = [
  { name: 'spec not observed', set: setWith({}, { observedGeneration: 1 }), message: 'Waiting for statefulset spec update to be observed...', done: false },
  {
    name: 'two pods not ready',
    set: setWith({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } } }, { readyReplicas: 1 }),
    message: 'Waiting for 2 pods to be ready...',
    done: false,
  },
  {
    name: 'partition 1, one of two updated',
    set: setWith({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } }, { updatedReplicas: 1 }),
    message: 'Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...',
    done: false,
  },
  {
    name: 'partition 0 complete',
    set: setWith({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } } }, {}),
    message: 'partitioned roll out complete: 3 new pods have been updated...',
    done: true,
  },
  {
    name: 'rollingUpdate without partition',
    set: setWith({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: {} } }, { updatedReplicas: 0 }),
    message: 'partitioned roll out complete: 0 new pods have been updated...',
    done: true,
  },
  {
    name: 'no rollingUpdate, revisions differ',
    set: setWith({ updateStrategy: { type: 'RollingUpdate' } }, { updatedReplicas: 1, updateRevision: 'web-b' }),
    message: 'waiting for statefulset rolling update to complete 1 pods at revision web-b...',
    done: false,
  },
  {
    name: 'no rollingUpdate, complete',
    set: setWith({ updateStrategy: { type: 'RollingUpdate' } }, {}),
    message: 'statefulset rolling update complete 3 pods at revision web-a...',
    done: true,
  },
];
for (const row of statusRows) {
  test(`rollout status statefulset: ${row.name}`, () => {
    const verdict = statefulSetRolloutStatus(row.set);
    assert.equal(verdict.message, row.message);
    assert.equal(verdict.done, row.done);
  });
}
