// The pod-only image rule (validateContainersOnlyForPod): a template image with surrounding whitespace is
// accepted in the workload and refused in every pod, so the finding is a warning placed on the image.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectFindings } from '../../../test/support/expect-findings';

const workload = (kind: string, templatePath: string, image: string) =>
  `apiVersion: apps/v1
kind: ${kind}
metadata:
  name: web
spec:
${templatePath}
`.replace('IMAGE', image);

const deployment = (image: string) =>
  workload(
    'Deployment',
    `  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      initContainers:
      - name: init
        image: busybox
      containers:
      - name: web
        image: IMAGE`,
    image,
  );

const ROWS = [
  { image: '" nginx:1.27"', findings: 1, shown: '" nginx:1.27"' },
  { image: '"nginx:1.27\\t"', findings: 1, shown: '"nginx:1.27\\t"' },
  { image: 'nginx:1.27', findings: 0, shown: '' },
];
for (const row of ROWS) {
  test(`a Deployment image ${row.image}: ${row.findings ? 'a warning quoting the pod error' : 'nothing'}`, () => {
    const yaml = row.findings ? deployment(`⟦${row.image}⟧`) : deployment(row.image);
    const findings = expectFindings(
      yaml,
      row.findings
        ? [
            {
              code: 'pod-image-whitespace',
              severity: 'warning',
              message: `refuses every pod built from it: spec.containers[0].image: Invalid value: ${row.shown}: must not have leading or trailing whitespace.`,
            },
          ]
        : [],
    );
    if (row.findings) assert.equal(findings[0]!.field, 'spec.template.spec.containers[0].image');
  });
}

test('a CronJob template is checked at its own path', () => {
  const yaml = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 1 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: job
            image: ⟦"busybox "⟧
`;
  const [finding] = expectFindings(yaml, [{ code: 'pod-image-whitespace' }]);
  assert.equal(finding!.field, 'spec.jobTemplate.spec.template.spec.containers[0].image');
});
