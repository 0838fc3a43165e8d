// ClusterSpec: the cluster as one plain value. What clusterSpecOf assumes where nothing is declared
// (kubeadm's and kind's defaults), what the cache key tells apart, and that the value survives the
// structured clone the check worker's request goes through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isFeatureEnabled } from '../../src/defaulting/feature-gates';
import { DEFAULT_CLUSTER_NETWORK } from '../../src/model/cluster-network';
import { clusterSpecKey, clusterSpecOf, defaultClusterSpec, featureGatesKey, type ClusterSpec } from '../../src/model/cluster-spec';

test('nothing declared: the release, its gate defaults, kubeadm network and cluster.local', () => {
  const cluster = defaultClusterSpec('1.33');
  assert.equal(cluster.version, '1.33');
  assert.deepEqual(cluster.featureGates, {});
  assert.deepEqual(cluster.network, DEFAULT_CLUSTER_NETWORK);
  assert.equal(cluster.clusterDomain, 'cluster.local');
  assert.deepEqual(cluster.declared, {});
  assert.equal(isFeatureEnabled('MaxUnavailableStatefulSet', cluster), false);
});

test('declared parts replace the defaults one by one; the declaration is kept as given', () => {
  const declared = { serviceCIDRs: ['fd00:10:96::/112'], clusterDomain: 'corp.example', featureGates: { MaxUnavailableStatefulSet: true } };
  const cluster = clusterSpecOf('1.33', declared);
  assert.deepEqual(cluster.network, { serviceCidrs: ['fd00:10:96::/112'], nodePortRange: DEFAULT_CLUSTER_NETWORK.nodePortRange });
  assert.equal(cluster.clusterDomain, 'corp.example');
  assert.equal(cluster.declared, declared);
  assert.equal(isFeatureEnabled('MaxUnavailableStatefulSet', cluster), true);
  const ports = clusterSpecOf('1.36', { nodePortRange: { base: 30000, size: 101 } });
  assert.deepEqual(ports.network, { serviceCidrs: DEFAULT_CLUSTER_NETWORK.serviceCidrs, nodePortRange: { base: 30000, size: 101 } });
});

const KEY_ROWS: { name: string; a: ClusterSpec; b: ClusterSpec; same: boolean }[] = [
  { name: 'the same declaration', a: clusterSpecOf('1.36', { clusterDomain: 'x.local' }), b: clusterSpecOf('1.36', { clusterDomain: 'x.local' }), same: true },
  { name: 'another release', a: defaultClusterSpec('1.35'), b: defaultClusterSpec('1.36'), same: false },
  {
    name: 'a gate override',
    a: defaultClusterSpec('1.36'),
    b: clusterSpecOf('1.36', { featureGates: { MaxUnavailableStatefulSet: true } }),
    same: false,
  },
  { name: 'another service range', a: defaultClusterSpec('1.36'), b: clusterSpecOf('1.36', { serviceCIDRs: ['10.100.0.0/16'] }), same: false },
  { name: 'another domain', a: defaultClusterSpec('1.36'), b: clusterSpecOf('1.36', { clusterDomain: 'corp.example' }), same: false },
  // The default range written out: the same verdicts, but the undeclared one gives warnings where clusters differ.
  { name: 'a declared default range', a: defaultClusterSpec('1.36'), b: clusterSpecOf('1.36', { serviceCIDRs: ['10.96.0.0/12'] }), same: false },
];
for (const row of KEY_ROWS) {
  test(`clusterSpecKey: ${row.name} ${row.same ? 'shares' : 'gets'} a key`, () => {
    assert.equal(clusterSpecKey(row.a) === clusterSpecKey(row.b), row.same);
  });
}

test('featureGatesKey is stable whatever order the overrides were written in', () => {
  const a = clusterSpecOf('1.36', { featureGates: { MaxUnavailableStatefulSet: true, ImageVolume: false } });
  const b = clusterSpecOf('1.36', { featureGates: { ImageVolume: false, MaxUnavailableStatefulSet: true } });
  assert.equal(featureGatesKey(a), 'ImageVolume=false,MaxUnavailableStatefulSet=true');
  assert.equal(featureGatesKey(a), featureGatesKey(b));
});

test('a spec is plain data: a structured clone (the check worker request) keeps every field and the key', () => {
  const cluster = clusterSpecOf('1.34', { serviceCIDRs: ['10.96.0.0/12', 'fd00:10:96::/112'], featureGates: { ContainerRestartRules: true } });
  const copy = structuredClone(cluster);
  assert.deepEqual(copy, cluster);
  assert.equal(clusterSpecKey(copy), clusterSpecKey(cluster));
  assert.equal(isFeatureEnabled('ContainerRestartRules', copy), true);
});
