// kubectl's REST mapping on a default cluster: `no matches for kind` for a kind or version a built-in group
// does not serve (texts checked with ../shared/tools/kubectl-oracle.mjs), custom resources left to their CRDs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kindMatchOf, type KindMatch } from '../../src/apiserver/kind-matches';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';

const ROWS: [string, string, KindMatch, KubernetesVersion?][] = [
  ['apps/v1', 'Deployment', { status: 'built-in' }],
  ['apps/v1', 'Deploymnet', { status: 'no-match', wrong: 'kind', closest: 'Deployment' }],
  ['v1', 'ConfigMapp', { status: 'no-match', wrong: 'kind', closest: 'ConfigMap' }],
  ['apps/v1', 'Widget', { status: 'no-match', wrong: 'kind', closest: undefined }],
  ['apps/v7', 'Deployment', { status: 'no-match', wrong: 'version', closest: 'apps/v1' }],
  ['app/v1', 'Deployment', { status: 'no-match-group', closest: 'apps' }],
  ['monitoring.coreos.com/v1', 'ServiceMonitor', { status: 'custom' }],
  ['gateway.networking.k8s.io/v1', 'HTTPRoute', { status: 'custom' }],
  // Removed versions are api-lifecycle.ts's answer; lists, bindings and reviews are kubectl's to read.
  ['apps/v1beta2', 'ReplicaSet', { status: 'built-in' }],
  ['v1', 'List', { status: 'built-in' }],
  ['apps/v1', 'DeploymentList', { status: 'built-in' }],
  ['v1', 'Binding', { status: 'built-in' }],
  ['authorization.k8s.io/v1', 'SubjectAccessReview', { status: 'built-in' }],
  ['kustomize.config.k8s.io/v1beta1', 'Kustomization', { status: 'built-in' }],
  // A beta version a cluster can turn on is not called a typo.
  ['resource.k8s.io/v1beta1', 'DeviceClass', { status: 'built-in' }, '1.36'],
  // resource.k8s.io/v1 is served from 1.34 only.
  ['resource.k8s.io/v1', 'DeviceClass', { status: 'built-in' }, '1.34'],
  ['resource.k8s.io/v1', 'DeviceClass', { status: 'no-match', wrong: 'version', closest: undefined }, '1.33'],
  ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', { status: 'built-in' }],
  ['apiregistration.k8s.io/v1', 'APIService', { status: 'built-in' }],
];

for (const [apiVersion, kind, expected, release] of ROWS) {
  test(`${release ?? '1.36'} ${apiVersion} ${kind}: ${expected.status}`, () => assert.deepEqual(kindMatchOf(apiVersion, kind, release ?? '1.36'), expected));
}
