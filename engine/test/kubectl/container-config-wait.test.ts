// Pods in CreateContainerConfigError never turn Ready (kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go
// startContainer fails in generateContainerConfig before the container exists, so no probe runs and the Ready
// condition stays False): the ReplicaSet counts them unavailable, `kubectl rollout status` waits and the
// Deployment's progressDeadlineSeconds ends it (kubectl polymorphichelpers DeploymentStatusViewer: `deployment
// "web" exceeded its progress deadline`); a rolling update keeps its old pods (rolling.go reconcileOldReplicaSets
// scales old ReplicaSets down only while enough pods are available). Once the ConfigMap exists, the pods start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession } from '../service/session-harness';

const missingKey = [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'k' } } }];
function web(replicas: number, env?: unknown[], image = 'nginx:1.25'): unknown {
  const object = deployment('web', { replicas, image, ...(env ? { env } : {}) }) as { spec: Record<string, unknown> };
  object.spec.progressDeadlineSeconds = 60;
  return object;
}
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { k: 'v' } };

test('a Deployment whose pods miss a ConfigMap key never completes: rollout status ends at the progress deadline', () => {
  const result = runServiceSession('kubectl apply -f web.yaml\nkubectl rollout status deployment/web\nkubectl get deploy\nkubectl get pods', {
    'web.yaml': [web(2, missingKey)],
  });
  assert.equal(
    outputOf(result, 'kubectl rollout status deployment/web'),
    'Waiting for deployment "web" rollout to finish: 0 of 2 updated replicas are available...\nerror: deployment "web" exceeded its progress deadline',
  );
  assert.match(outputOf(result, 'kubectl get deploy').split('\n')[1], /^web\s+0\/2\s+2\s+0\s+/);
  for (const row of outputOf(result, 'kubectl get pods').split('\n').slice(1)) assert.match(row, /\s0\/1\s+CreateContainerConfigError\s/);
});

test('the pods start once the ConfigMap is created, and the rollout completes', () => {
  const result = runServiceSession('kubectl apply -f web.yaml\nkubectl apply -f cm.yaml\nkubectl rollout status deployment/web\nkubectl get deploy', {
    'web.yaml': [web(2, missingKey)],
    'cm.yaml': [configMap],
  });
  assert.match(outputOf(result, 'kubectl rollout status deployment/web'), /deployment "web" successfully rolled out$/);
  assert.match(outputOf(result, 'kubectl get deploy').split('\n')[1], /^web\s+2\/2\s+2\s+2\s+/);
});

test('a rolling update to pods that cannot be configured keeps the old ReplicaSet within maxUnavailable', () => {
  const commands = ['kubectl apply -f v1.yaml', 'kubectl rollout status deployment/web', 'kubectl apply -f v2.yaml', 'kubectl rollout status deployment/web'];
  const result = runServiceSession([...commands, 'kubectl get deploy'].join('\n'), {
    'v1.yaml': [web(4, undefined, 'nginx:1.24')],
    'v2.yaml': [web(4, missingKey)],
  });
  assert.match(result.steps[3].output, /error: deployment "web" exceeded its progress deadline$/);
  // 4 replicas, maxUnavailable 25% (1): three old pods stay available, the two new ones never are.
  assert.match(outputOf(result, 'kubectl get deploy').split('\n')[1], /^web\s+3\/4\s+2\s+3\s+/);
});
