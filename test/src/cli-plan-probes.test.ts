// `kubesim plan` runs on the kubelet's probe timing: a readinessProbe of initialDelaySeconds 10 and periodSeconds 5
// makes each new pod Ready 15 s after creation (prober worker.go: running at 1 s after the assumed image pull,
// no probe before 11 s, ticks at 5, 10, 15 s), so maxSurge 1 / maxUnavailable 0 scales the new ReplicaSet up at
// 0, 15 and 30 s after the apply; the output states the assumptions.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim, runKubesimJson } from '../support/cli';

const deployment = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  strategy:
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: ${image}
        readinessProbe:
          httpGet:
            port: 80
          initialDelaySeconds: 10
          periodSeconds: 5
`;

interface PlanJson {
  events: { time: string; reason: string; message: string }[];
  assumptions: string;
}

test('kubesim plan: scale-ups 15 s apart from the readinessProbe, and the assumptions stated', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-plan-probes-'));
  try {
    writeFileSync(join(folder, 'old.yaml'), deployment('nginx:1.26'));
    writeFileSync(join(folder, 'new.yaml'), deployment('nginx:1.27'));
    const json = runKubesimJson<PlanJson>(['plan', join(folder, 'new.yaml'), '--from', join(folder, 'old.yaml'), '--json']);
    const scaledUp = json.events.filter((event) => event.reason === 'ScalingReplicaSet' && / to [123]$/.test(event.message) && event.message.includes('up'));
    const times = scaledUp.map((event) => Date.parse(event.time) / 1000);
    // The first three are OLD's creation (one event, 0 to 3); the rest are NEW's surge pods.
    const surge = times.slice(-3);
    assert.deepEqual(
      surge.map((time) => time - surge[0]!),
      [0, 15, 30],
    );
    assert.match(json.assumptions, /^Assumed: image pull 1 s per container, /);
    const text = runKubesim(['plan', join(folder, 'new.yaml'), '--from', join(folder, 'old.yaml')]).stdout;
    assert.match(text.trimEnd().split('\n').at(-1)!, /^# Assumed: image pull 1 s per container, container start 0 s/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
