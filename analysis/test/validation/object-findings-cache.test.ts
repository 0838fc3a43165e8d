// The per-object verdict cache is keyed by the cluster: verdicts computed ahead of a check (the server's
// check worker and its main-thread half) for a profile's Service network and feature gates are the ones
// that check reads, and never stand in for another cluster's.
import { type ClusterNetwork, clusterSpecOf, DEFAULT_CLUSTER_NETWORK, defaultClusterSpec, objectVerdict } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';
import { checkObjectCached, precheckObject, primeObjectFindings, uncheckedObjects } from '../../src/validation/object-findings';

const DUAL_STACK: ClusterNetwork = { serviceCidrs: ['10.96.0.0/12', 'fd00:10:96::/112'], nodePortRange: DEFAULT_CLUSTER_NETWORK.nodePortRange };

const MANIFEST = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ipFamilyPolicy: RequireDualStack
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  updateStrategy: {rollingUpdate: {maxUnavailable: 2}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: postgres}]}
`;

test('a verdict primed for a profile is read for that profile only', () => {
  const file = parseManifestFile(MANIFEST);
  const cluster = clusterSpecOf('1.33', { serviceCIDRs: DUAL_STACK.serviceCidrs, featureGates: { MaxUnavailableStatefulSet: true } });
  const [service, statefulSet] = objectsOf(file);
  assert.equal(uncheckedObjects(file, cluster).length, 2);
  primeObjectFindings('Service', service!, cluster, objectVerdict('Service', service!.value, undefined, cluster));
  precheckObject('StatefulSet', statefulSet!, cluster);
  assert.deepEqual(uncheckedObjects(file, cluster), []);
  // The default cluster (single-stack IPv4, release gates) has verdicts of its own to compute.
  assert.deepEqual(
    uncheckedObjects(file, defaultClusterSpec('1.33')).map(({ kind }) => kind),
    ['Service', 'StatefulSet'],
  );
  // The primed verdict is the dual-stack one: the Service is accepted there, refused on the default network.
  assert.deepEqual(checkObjectCached('Service', service!, undefined, cluster), []);
  assert.match(checkObjectCached('Service', service!, undefined, defaultClusterSpec('1.33'))[0]?.message ?? '', /not configured for dual-stack/);
});
