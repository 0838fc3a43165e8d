// Where the scores decide what a user sees: the NODE column of `kubectl get pods -o wide` after a
// Deployment is applied on declared nodes. The expected nodes follow the default profile's weighted
// scores, worked in the comments; ties go to the first node in the declared order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import type { ClusterDeclaration } from '../../src/model/cluster-spec';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { JsonObject, KubernetesObject } from '../../src/model/objects';
import { runSession } from '../../src/session/session-runner';

function deployment(replicas: number, extra: JsonObject): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { ...extra, containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '100m', memory: '128Mi' } } }] },
      },
    },
  };
}

/** Each pod's node, in pod-name order (the names are random, the set of nodes is what the scores decide). */
function nodesOfPods(manifest: unknown, declared: ClusterDeclaration): string[] {
  const result = runSession({
    text: 'kubectl apply -f web.yaml\nkubectl get pods -o wide',
    cluster: clusterSpecOf('1.36', declared),
    readManifest: () => [structuredClone(manifest) as KubernetesObject],
  });
  return result.steps[1]!.output.split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(/\s+/)[6]!);
}

const zone = (name: string, value: string) => ({ name, labels: { 'topology.kubernetes.io/zone': value } });

test('preferred anti-affinity on the hostname over 3 declared nodes: one pod per node', () => {
  const anti = {
    affinity: {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' } },
        ],
      },
    },
  };
  const nodes = nodesOfPods(deployment(3, anti), { nodes: [{ name: 'n1' }, { name: 'n2' }, { name: 'n3' }] });
  assert.deepEqual([...nodes].sort(), ['n1', 'n2', 'n3']);
});

test('preferred anti-affinity with more replicas than nodes: still scheduled, two on one node (a preference, not a rule)', () => {
  const anti = {
    affinity: {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' } },
        ],
      },
    },
  };
  const nodes = nodesOfPods(deployment(3, anti), { nodes: [{ name: 'n1' }, { name: 'n2' }] });
  assert.equal(nodes.length, 3);
  assert.deepEqual([...new Set(nodes)].sort(), ['n1', 'n2']);
});

test('ScheduleAnyway spread over zones: the second pod goes to the other zone, not the empty node of the same zone', () => {
  // Nodes a1, a2 (zone a), b1 (zone b). Pod 1: all equal, the first node (a1). Pod 2: zone a holds 1 pod
  // (raw round(1 × ln 4) = 1 on a1 and a2, 0 on b1: PodTopologySpread 0, 0, 100 × 2): b1, where the
  // hostname-only spreading of earlier kubesim picked a2. Pod 3: zones even, a2 is the emptiest: a2.
  const spread = {
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } },
    ],
  };
  const declared = { nodes: [zone('a1', 'a'), zone('a2', 'a'), zone('b1', 'b')] };
  assert.deepEqual([...nodesOfPods(deployment(2, spread), declared)].sort(), ['a1', 'b1']);
  assert.deepEqual([...nodesOfPods(deployment(3, spread), declared)].sort(), ['a1', 'a2', 'b1']);
});

test('system default spreading with zones: the second pod crosses to the other zone, then every node gets one', () => {
  // No constraint declared: hostname (maxSkew 3, weight ln 6) and zone (maxSkew 5, weight ln 4) over the
  // ReplicaSet's selector. Pod 2 raw: a1 round(1.79 + 2 + 1.39 + 4) = 9, a2 and a3 7, b1 6 → b1 scores 100.
  const declared = { nodes: [zone('a1', 'a'), zone('a2', 'a'), zone('a3', 'a'), zone('b1', 'b')] };
  assert.deepEqual([...nodesOfPods(deployment(2, {}), declared)].sort(), ['a1', 'b1']);
  assert.deepEqual([...nodesOfPods(deployment(4, {}), declared)].sort(), ['a1', 'a2', 'a3', 'b1']);
});

test('PreferNoSchedule taint: the pods avoid the tainted node while another fits', () => {
  const declared = { nodes: [{ name: 'n1', taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' as const }] }, { name: 'n2' }] };
  // TaintToleration 3 × (0 against 100) outweighs spreading (2 × at most 100 less) for the second pod too.
  assert.deepEqual(nodesOfPods(deployment(2, {}), declared), ['n2', 'n2']);
});
