// `kubesim run` of the ingress-nginx canary example, end to end through the bundled CLI: the routing table
// gives the canary Ingress 10%, then 30% of the requests, kubectl get/describe ingress print kubectl's layout.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';

function run(): { command: string; output: string; error?: boolean }[] {
  const result = runKubesim(['run', join('examples', 'sessions', 'ingress-canary.session'), '--json']);
  assert.equal(result.status, 0, result.stderr + result.stdout);
  return (JSON.parse(result.stdout) as { steps: { command: string; output: string; error?: boolean }[] }).steps;
}

test('the ingress canary example: canary-weight 10 then 30 of the requests to shop.example.com/', () => {
  const steps = run();
  assert.deepEqual(
    steps.filter((step) => step.error),
    [],
  );
  const traffic = steps.filter((step) => step.command === 'kubesim traffic ingress/web').map((step) => step.output);
  assert.equal(traffic.length, 2);
  assert.match(traffic[0], /^shop\.example\.com\/ \(Prefix\)$/m);
  assert.match(traffic[0], /^\s+90%\s+service\/web-stable:http$/m);
  assert.match(traffic[0], /^\s+90%\s+replicaset\/web-stable-\w+\s+9 endpoints\s+nginx:1\.25$/m);
  assert.match(traffic[0], /^\s+10%\s+service\/web-canary:80\s+\(canary ingress\/web-canary\)$/m);
  assert.match(traffic[0], /^\s+10%\s+replicaset\/web-canary-\w+\s+1 endpoint\s+nginx:1\.26$/m);
  assert.match(traffic[1], /^\s+70%\s+service\/web-stable:http$/m);
  assert.match(traffic[1], /^\s+30%\s+replicaset\/web-canary-\w+\s+1 endpoint\s+nginx:1\.26$/m);
});

test('the ingress canary example: kubectl get ingress and describe ingress', () => {
  const steps = run();
  const output = (command: string) => steps.find((step) => step.command === command)?.output ?? '';
  assert.equal(steps.find((step) => step.command === 'kubectl apply -f web-ingress-canary-30.yaml')?.output, 'ingress.networking.k8s.io/web-canary configured');
  const get = output('kubectl get ingress').split('\n');
  assert.match(get[0], /^NAME {9}CLASS {3}HOSTS {14}ADDRESS {3}PORTS {5}AGE$/);
  assert.match(get[1], /^web {10}nginx {3}shop\.example\.com {13}80, 443 {3}\d+s$/);
  assert.match(get[2], /^web-canary {3}nginx {3}shop\.example\.com {13}80 {8}\d+s$/);
  const describe = output('kubectl describe ingress web');
  assert.match(describe, /^Ingress Class: {4}nginx$/m);
  assert.match(describe, /^TLS:\n {2}shop-tls terminates shop\.example\.com$/m);
  assert.match(describe, /^ {20}\/ {3}web-stable:http \(10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80 \+ 6 more\.\.\.\)$/m);
  assert.match(
    output('kubectl describe ingress web-canary'),
    /^Annotations: {8}nginx\.ingress\.kubernetes\.io\/canary: true\n {20}nginx\.ingress\.kubernetes\.io\/canary-weight: 30$/m,
  );
});
