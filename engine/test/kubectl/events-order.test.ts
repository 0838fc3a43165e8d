// `kubectl get events` in the API's list order. kubectl get does not sort; the API server lists events by their
// etcd key `<namespace>/<name>`, and client-go's recorder names an event `<object name>.<UnixNano hex>`
// (k8s.io/client-go tools/record/event.go generateEvent). So `-` (0x2d) before `.` (0x2e) before digits: a pod
// `web-<hash>-<suffix>` lists before its ReplicaSet `web-<hash>`, which lists before the Deployment `web`, and
// `web` before `web2`; one object's events come by their first timestamp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession } from '../service/session-harness';

test('get events lists by event name: pods, then their ReplicaSet, then the Deployment, web before web2', () => {
  const result = runServiceSession(
    'kubectl apply -f apps.yaml\nkubectl rollout status deployment/web\nkubectl rollout status deployment/web2\nkubectl get events',
    { 'apps.yaml': [deployment('web', { replicas: 1 }), deployment('web2', { replicas: 1 })] },
  );
  const rows = outputOf(result, 'kubectl get events').split('\n').slice(1);
  const objects = rows.map((row) => row.split(/\s{2,}/)[3]!).filter((object, index, all) => all.indexOf(object) === index);
  assert.equal(objects.length, 6);
  assert.match(objects[0]!, /^pod\/web-[a-z0-9]+-[a-z0-9]{5}$/);
  assert.match(objects[1]!, /^replicaset\/web-[a-z0-9]+$/);
  assert.equal(objects[2], 'deployment/web');
  assert.match(objects[3]!, /^pod\/web2-[a-z0-9]+-[a-z0-9]{5}$/);
  assert.match(objects[4]!, /^replicaset\/web2-[a-z0-9]+$/);
  assert.equal(objects[5], 'deployment/web2');
  // The pod's own events by first timestamp: the scheduler's binding, then the kubelet's pull and start.
  const podReasons = rows.filter((row) => row.includes(objects[0]!)).map((row) => row.split(/\s{2,}/)[2]);
  assert.deepEqual(podReasons, ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);
});
