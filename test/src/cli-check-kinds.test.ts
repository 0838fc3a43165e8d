// The seven objects of issue 28 that a real 1.36 cluster rejects, one mistake each (the DaemonSet two),
// through `kubesim check`: each gets the API server's message (upstream pkg/apis/*/validation texts) on
// its line. The ConfigMap's name (Bad_Name) is the metadata rules' business; its key is asserted here.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesimJson } from '../support/cli';

const SEVEN = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: logger
    spec:
      containers:
      - name: agent
        image: ""
---
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  template:
    spec:
      restartPolicy: Always
      containers:
      - name: migrate
        image: busybox
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "61 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: report
            image: busybox
---
apiVersion: v1
kind: Pod
metadata:
  name: debug
spec:
  containers:
  - name: debug
    image: ""
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 5
  maxReplicas: 2
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 1
  maxUnavailable: 1
  selector:
    matchLabels:
      app: web
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: Bad_Name
data:
  "bad key!": "x"
`;

interface Diagnostic {
  severity: string;
  code: string;
  message: string;
  range: { start: { line: number } };
}

const EXPECTED: { line: number; message: string }[] = [
  { line: 12, message: 'spec.template.metadata.labels: Invalid value: {"app":"logger"}: `selector` does not match template `labels`' },
  { line: 16, message: 'spec.template.spec.containers[0].image: Required value' },
  { line: 25, message: 'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"' },
  { line: 35, message: 'spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61' },
  { line: 52, message: 'spec.containers[0].image: Required value' },
  { line: 64, message: 'spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`' },
  {
    line: 71,
    message:
      'spec: Invalid value: {"MinAvailable":1,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: ' +
      'minAvailable and maxUnavailable cannot be both set',
  },
  {
    line: 82,
    message:
      "data[bad key!]: Invalid value: \"bad key!\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' " +
      "(e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
  },
];

test('the seven rejected objects of issue 28 each get the API server message on their line', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-seven-'));
  writeFileSync(join(directory, 'seven.yaml'), SEVEN);
  const { diagnostics } = runKubesimJson<{ diagnostics: Diagnostic[] }>(['check', 'seven.yaml', '--format', 'json', '--kubernetes-version', '1.36'], {
    cwd: directory,
  });
  const errors = diagnostics.filter((item) => item.severity === 'error').map((item) => ({ line: item.range.start.line + 1, message: item.message }));
  for (const expected of EXPECTED)
    assert.ok(
      errors.some((error) => error.line === expected.line && error.message === expected.message),
      JSON.stringify(expected),
    );
  // Nothing else on the six objects this suite owns whole (before the ConfigMap, which starts at line 76).
  assert.deepEqual(
    errors.filter((error) => error.line < 76),
    EXPECTED.filter((item) => item.line < 76),
  );
});
