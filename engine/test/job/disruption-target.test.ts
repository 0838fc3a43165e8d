// podFailurePolicy onPodConditions: a Job's pod evicted by `kubectl drain` (the eviction subresource's
// addConditionAndDeletePod: DisruptionTarget, reason EvictionByEvictionAPI) ends Failed and matches the
// rules on that condition (pod_failure_policy.go matchOnPodConditions): Ignore leaves the failure
// uncounted and the pod is replaced, FailJob fails the Job with upstream's message, no rule counts it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { KubernetesObject } from '../../src/model/objects';
import { runSession } from '../../src/session/session-runner';

function job(rules: unknown[] | undefined): unknown {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'work' },
    spec: {
      backoffLimit: 0,
      ...(rules ? { podFailurePolicy: { rules } } : {}),
      template: { spec: { restartPolicy: 'Never', containers: [{ name: 'task', image: 'busybox:1.36' }] } },
    },
  };
}

// The Job's pod runs for 10 minutes on kind-worker; the node is drained 30 s in, then uncordoned.
function replay(rules: unknown[] | undefined): { outputs: string[]; events: string[] } {
  const text = [
    'kubesim pod-exits job/work 0 after 10m',
    'kubectl apply -f job.yaml',
    'kubesim advance 30s',
    'kubectl drain kind-worker --ignore-daemonsets',
    'kubectl uncordon kind-worker',
    'kubesim advance 1m',
    'kubectl get jobs',
    'kubectl get pods',
  ].join('\n');
  const result = runSession({
    text,
    cluster: clusterSpecOf('1.36', { nodes: 2 }),
    readManifest: () => [structuredClone(job(rules))] as KubernetesObject[],
  });
  const events = result.events.filter((event) => event.involvedObject.kind === 'Job').map((event) => `${event.reason}: ${event.message}`);
  return { outputs: result.steps.map((step) => step.output), events };
}

test('Ignore on DisruptionTarget: the evicted pod is not counted against backoffLimit 0, and is replaced', () => {
  const { outputs, events } = replay([{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }]);
  assert.match(outputs[3]!, /pod\/work-[a-z0-9]{5} evicted\nnode\/kind-worker drained$/);
  assert.match(outputs[6]!, /^NAME +STATUS +COMPLETIONS[^\n]*\nwork +Running +0\/1 /);
  assert.equal(events.filter((event) => event.startsWith('SuccessfulCreate')).length, 2);
});

test('no rule: the evicted pod is a counted failure, and backoffLimit 0 fails the Job', () => {
  const { outputs, events } = replay(undefined);
  assert.match(outputs[6]!, /\nwork +Failed +0\/1 /);
  assert.equal(events.at(-1), 'BackoffLimitExceeded: Job has reached the specified backoff limit');
});

test('FailJob on DisruptionTarget: the Job fails with the condition in the message', () => {
  const { events } = replay([{ action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget' }] }]);
  assert.match(events.at(-1)!, /^PodFailurePolicy: Pod default\/work-[a-z0-9]{5} has condition DisruptionTarget matching FailJob rule at index 0$/);
});
