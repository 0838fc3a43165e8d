// The removed and deprecated API versions per release, from the prerelease-lifecycle tags of the
// API types and the warning text of k8s.io/apiserver/pkg/endpoints/deprecation (WarningMessage).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiLifecycleOf, type KubernetesVersion } from '@kubesim/engine';

const rows: { apiVersion: string; kind: string; version: KubernetesVersion; expected: ReturnType<typeof apiLifecycleOf> }[] = [
  { apiVersion: 'apps/v1beta2', kind: 'ReplicaSet', version: '1.36', expected: { status: 'removed', removedIn: '1.16', replacement: 'apps/v1 ReplicaSet' } },
  {
    apiVersion: 'extensions/v1beta1',
    kind: 'Ingress',
    version: '1.32',
    expected: { status: 'removed', removedIn: '1.22', replacement: 'networking.k8s.io/v1 Ingress' },
  },
  {
    apiVersion: 'policy/v1beta1',
    kind: 'PodDisruptionBudget',
    version: '1.32',
    expected: { status: 'removed', removedIn: '1.25', replacement: 'policy/v1 PodDisruptionBudget' },
  },
  { apiVersion: 'policy/v1beta1', kind: 'PodSecurityPolicy', version: '1.32', expected: { status: 'removed', removedIn: '1.25' } },
  {
    apiVersion: 'autoscaling/v2beta2',
    kind: 'HorizontalPodAutoscaler',
    version: '1.37',
    expected: { status: 'removed', removedIn: '1.26', replacement: 'autoscaling/v2 HorizontalPodAutoscaler' },
  },
  { apiVersion: 'batch/v1beta1', kind: 'CronJob', version: '1.34', expected: { status: 'removed', removedIn: '1.25', replacement: 'batch/v1 CronJob' } },
  {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta3',
    kind: 'FlowSchema',
    version: '1.32',
    expected: { status: 'removed', removedIn: '1.32', replacement: 'flowcontrol.apiserver.k8s.io/v1 FlowSchema' },
  },
  { apiVersion: 'v1', kind: 'Endpoints', version: '1.32', expected: { status: 'served' } },
  {
    apiVersion: 'v1',
    kind: 'Endpoints',
    version: '1.33',
    expected: { status: 'deprecated', warning: 'v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice' },
  },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', version: '1.36', expected: { status: 'served' } },
  // A kind the group/version never had is left to discovery (and to kubesim's other checks).
  { apiVersion: 'apps/v1beta2', kind: 'Widget', version: '1.36', expected: { status: 'served' } },
];

for (const row of rows) {
  test(`${row.apiVersion} ${row.kind} on ${row.version}: ${row.expected.status}`, () => {
    assert.deepEqual(apiLifecycleOf(row.apiVersion, row.kind, row.version), row.expected);
  });
}
