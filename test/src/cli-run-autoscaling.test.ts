// `kubesim run` of the HPA example session (examples/sessions/autoscaling.session): kubectl autoscale, no metrics-server
// until a metric is fed, the scale-up to maxReplicas, the reset by `kubectl apply` and the scale back,
// then the scale-down after the stabilization window.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { repoPath } from '../support/paths';

test('kubesim run: the autoscaling session', () => {
  const result = runKubesim(['run', repoPath('examples', 'sessions', 'autoscaling.session')]);
  assert.equal(result.status, 0, result.stderr);
  const out = result.stdout;
  assert.match(out, /web {4}Deployment\/web {3}cpu: <unknown>\/50% {3}2 {9}10 {8}2 {10}20s/);
  assert.match(out, /web {4}Deployment\/web {3}cpu: 80%\/50% {3}2 {9}10 {8}10 {9}2m20s/);
  assert.match(out, /\$ kubectl apply -f web-autoscaled\.yaml\ndeployment\.apps\/web configured\n\$ kubectl get deployment web\n.*\nweb {4}2\/2 /);
  assert.match(out, /\$ kubesim advance 15s\n\$ kubectl get deployment web\nNAME +READY +UP-TO-DATE +AVAILABLE +AGE\nweb {4}4\/4 /);
  assert.match(out, /Normal +SuccessfulRescale .* New size: 10; reason: cpu resource utilization \(percentage of request\) above target/);
  assert.match(out, /AbleToScale +True +ScaleDownStabilized +recent recommendations were higher than current one, applying the highest recent recommendation/);
});
