// Strict decoding of apps/v1 workloads: wrong JSON types and unknown fields, with the text the
// API server returns. Expected messages follow sigs.k8s.io/json decode.go (UnmarshalTypeError:
// innermost struct name, JSON field names without indexes or map keys, reflect type names;
// strict errors: full path with indexes; kubectl sends keys sorted) and transformDecodeError.
import { test } from 'node:test';
import { type KubernetesVersion, quantityErrorOf } from '@kubesim/engine';
import { expectMessages } from '../../../test/support/expect-findings';
import assert from 'node:assert/strict';

const isDecode = (finding: { code: string }) => /-(decode-error|unknown-field)$/.test(finding.code);
const CANNOT = (kind: string) => `${kind} in version "v1" cannot be handled as a ${kind}: `;

// A valid Deployment; `extra` lines go under the container, `spec` lines under spec.
function deployment(spec: string, container = '', metadata = ''): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
${metadata}spec:
${spec}  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
${container}`;
}

const rows: { name: string; yaml: string; messages: string[]; version?: KubernetesVersion }[] = [
  {
    name: 'replicas as a string',
    yaml: deployment('  replicas: ⟦"3"⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`],
  },
  {
    name: 'replicas with a fraction',
    yaml: deployment('  replicas: ⟦1.5⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32`],
  },
  {
    name: 'replicas beyond int32',
    yaml: deployment('  replicas: ⟦3000000000⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32`],
  },
  {
    name: 'a label value read as a number',
    yaml: deployment('', '', '  labels:\n    version: ⟦1.0⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string`],
  },
  {
    name: 'an env value read as a YAML 1.1 boolean',
    yaml: deployment('', '        env:\n        - name: DEBUG\n          value: ⟦yes⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal bool into Go struct field EnvVar.spec.template.spec.containers.env.value of type string`],
  },
  {
    name: 'containers as a map',
    yaml: deployment('').replace(/      containers:\n[\s\S]*$/, '      containers: ⟦{}⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container`],
  },
  {
    name: 'an args item that is a number',
    yaml: deployment('', '        args: [--port, ⟦8080⟧]\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.args of type string`],
  },
  {
    name: 'a probe given as a string (pointer types print without the star)',
    yaml: deployment('', '        livenessProbe: ⟦/healthz⟧\n'),
    messages: [
      `${CANNOT('Deployment')}json: cannot unmarshal string into Go struct field Container.spec.template.spec.containers.livenessProbe of type v1.Probe`,
    ],
  },
  {
    name: 'an inlined probe handler field reports the Probe struct',
    yaml: deployment('', '        readinessProbe:\n          httpGet: ⟦/ready⟧\n'),
    messages: [
      `${CANNOT('Deployment')}json: cannot unmarshal string into Go struct field Probe.spec.template.spec.containers.readinessProbe.httpGet ` +
        `of type v1.HTTPGetAction`,
    ],
  },
  {
    name: 'a named string type',
    yaml: deployment('', '        ports:\n        - containerPort: 80\n          protocol: ⟦6⟧\n'),
    messages: [
      `${CANNOT('Deployment')}json: cannot unmarshal number into Go struct field ` +
        `ContainerPort.spec.template.spec.containers.ports.protocol of type v1.Protocol`,
    ],
  },
  {
    name: 'maxSurge with a fraction: IntOrString.UnmarshalJSON fails into int32',
    yaml: deployment('  strategy:\n    rollingUpdate:\n      maxSurge: ⟦1.5⟧\n'),
    messages: [
      `${CANNOT('Deployment')}json: cannot unmarshal number 1.5 into Go struct field ` +
        `RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32`,
    ],
  },
  {
    name: 'a bad quantity',
    yaml: deployment('', '        resources:\n          limits:\n            cpu: ⟦1x⟧\n'),
    messages: [`${CANNOT('Deployment')}quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`],
  },
  {
    name: 'an UnmarshalJSON error stops decoding, so it wins over an earlier type error',
    yaml: deployment('  replicas: "3"\n  strategy:\n    rollingUpdate:\n      maxUnavailable: ⟦true⟧\n'),
    messages: [
      `${CANNOT('Deployment')}json: cannot unmarshal bool into Go struct field ` +
        `RollingUpdateDeployment.spec.strategy.rollingUpdate.maxUnavailable of type int32`,
    ],
  },
  {
    name: 'only the first type error (sorted key order) is returned',
    yaml: deployment('  paused: "no"\n  minReadySeconds: ⟦"5"⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.minReadySeconds of type int32`],
  },
  {
    name: 'an unknown field',
    yaml: deployment('  ⟦replica⟧: 3\n'),
    messages: [`${CANNOT('Deployment')}strict decoding error: unknown field "spec.replica"`],
  },
  {
    name: 'a wrongly cased field is unknown (case-sensitive decoding)',
    yaml: deployment('  ⟦Replicas⟧: 3\n'),
    messages: [`${CANNOT('Deployment')}strict decoding error: unknown field "spec.Replicas"`],
  },
  {
    name: 'unknown fields are all listed, with indexes, in sorted key order',
    yaml: deployment('  ⟦replica⟧: 3\n', '        ⟦imagePullPolicyy⟧: Always\n'),
    messages: [
      `${CANNOT('Deployment')}strict decoding error: unknown field "spec.replica", unknown field "spec.template.spec.containers[0].imagePullPolicyy"`,
      `${CANNOT('Deployment')}strict decoding error: unknown field "spec.replica", unknown field "spec.template.spec.containers[0].imagePullPolicyy"`,
    ],
  },
  {
    name: 'a type error hides the unknown fields',
    yaml: deployment('  replica: 3\n  replicas: ⟦"3"⟧\n'),
    messages: [`${CANNOT('Deployment')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`],
  },
  {
    name: 'a StatefulSet unknown field in the claim templates',
    yaml: `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: postgres
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      ⟦storageClass⟧: fast
      resources:
        requests:
          storage: 1Gi
`,
    messages: [`${CANNOT('StatefulSet')}strict decoding error: unknown field "spec.volumeClaimTemplates[0].spec.storageClass"`],
  },
  {
    name: 'null values decode as absent',
    yaml: deployment('  replicas: null\n', '        resources:\n'),
    messages: [],
  },
];

for (const row of rows) {
  for (const version of [row.version ?? '1.36', '1.32'] as KubernetesVersion[]) {
    test(`decode: ${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isDecode));
  }
}

const quantityRows: { text: string; expected: string | undefined }[] = [
  { text: '500m', expected: undefined },
  { text: '1.5Gi', expected: undefined },
  { text: '1e3', expected: undefined },
  { text: '-1', expected: undefined },
  { text: '+.5', expected: undefined },
  { text: 'Gi', expected: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'" },
  { text: '1 Gi', expected: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'" },
  { text: '1Gb', expected: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'" },
  { text: '1MM', expected: "unable to parse quantity's suffix" },
];

for (const row of quantityRows) {
  test(`quantity error of ${JSON.stringify(row.text)}`, () => assert.equal(quantityErrorOf(row.text), row.expected));
}
