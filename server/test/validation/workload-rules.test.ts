// API-server field errors of workloads and Services, per release: inline YAML through
// parseManifestFile and checkFile, each expected message and underlined span written from
// upstream pkg/apis/{core,apps}/validation/validation.go and pkg/registry/apps/*/strategy.go.
import { test } from 'node:test';
import type { KubernetesVersion } from '../../../engine/src/index';
import type { Finding } from '../../src/validation/finding';
import { expectFindings } from './expect-findings';

// Only API-server field errors: the message starts with the field path.
const isFieldError = (finding: Finding) => finding.field !== undefined && finding.message.startsWith(`${finding.field}: `);

interface Row {
  name: string;
  yaml: string;
  messages: string[];
  versions?: KubernetesVersion[];
  previous?: string;
}

function statefulSet(rollingUpdate: string): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  selector:
    matchLabels: {app: db}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
${rollingUpdate}  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: postgres
`;
}

/** A Deployment whose only container gets `container` lines and whose pod spec gets `pod` lines. */
export function deployment(container: string, pod = ''): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
${pod}      containers:
      - name: web
        image: nginx
${container}`;
}

const rows: Row[] = [
  // dropStatefulSetDisabledFields runs in PrepareForCreate, before Validate.
  {
    name: 'maxUnavailable 0 is validated while MaxUnavailableStatefulSet is on',
    yaml: statefulSet('      maxUnavailable: ⟦0⟧\n'),
    messages: ['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0'],
    versions: ['1.37'],
  },
  {
    name: 'maxUnavailable 0 is dropped, unvalidated, while the gate is off',
    yaml: statefulSet('      maxUnavailable: 0\n'),
    messages: [],
    versions: ['1.32', '1.36'],
  },
  {
    name: 'maxUnavailable 101% is validated on update when the stored object already uses it',
    yaml: statefulSet('      maxUnavailable: ⟦"101%"⟧\n'),
    previous: statefulSet('      maxUnavailable: 1\n'),
    messages: ['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "101%": must not be greater than 100%'],
    versions: ['1.36'],
  },
  // validateResourceRequirements: the request/limit errors sit on `requests`, valued by Quantity.String().
  {
    name: 'a cpu request above its limit',
    yaml: deployment('        resources:\n          limits: {cpu: 500m}\n          requests: ⟦{cpu: "1"}⟧\n'),
    messages: ['spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m'],
  },
  {
    name: 'quantities compare by value, not text (1000m equals 1)',
    yaml: deployment('        resources:\n          limits: {memory: 1Gi, cpu: "1"}\n          requests: {memory: 1024Mi, cpu: 1000m}\n'),
    messages: [],
  },
  {
    name: 'a memory request above its limit prints the canonical quantities',
    yaml: deployment('        resources:\n          limits: {memory: 0.5Gi}\n          requests: ⟦{memory: 1Gi}⟧\n'),
    messages: ['spec.template.spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 512Mi'],
  },
  {
    name: 'an extended resource request must equal its limit',
    yaml: deployment('        resources:\n          limits: {nvidia.com/gpu: 2}\n          requests: ⟦{nvidia.com/gpu: 1}⟧\n'),
    messages: ['spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2'],
  },
  {
    name: 'an extended resource request needs a limit',
    yaml: deployment('        ⟦resources⟧:\n          requests: {example.com/foo: 1}\n'),
    messages: ['spec.template.spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources'],
  },
  {
    name: 'a misspelt resource name fails both name checks',
    yaml: deployment('        resources:\n          limits: {memroy: ⟦1Gi⟧}\n'),
    messages: [
      'spec.template.spec.containers[0].resources.limits[memroy]: Invalid value: "memroy": must be a standard resource type or fully qualified',
      'spec.template.spec.containers[0].resources.limits[memroy]: Invalid value: "memroy": must be a standard resource for containers',
    ],
  },
  {
    name: 'a negative limit',
    yaml: deployment('        resources:\n          limits: {cpu: ⟦-1⟧}\n'),
    messages: ['spec.template.spec.containers[0].resources.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0'],
  },
  // AccumulateUniqueHostPorts keys ports by hostIP/protocol/hostPort.
  {
    name: 'two containers on the same host port',
    yaml: deployment('        ports: [{containerPort: 80, hostPort: 8080}]\n      - name: side\n        image: busybox\n        ports: [{containerPort: 81, hostPort: ⟦8080⟧}]\n'),
    messages: ['spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "/TCP/8080"'],
  },
  {
    name: 'the same host port on different protocols',
    yaml: deployment('        ports: [{containerPort: 80, hostPort: 8080}, {containerPort: 80, hostPort: 8080, protocol: UDP}]\n'),
    messages: [],
  },
  // validateHTTPGetAction / validateTCPSocketAction / ValidatePortNumOrName.
  {
    name: 'an httpGet probe without a port',
    // A missing field underlines the key of its deepest existing parent.
    yaml: deployment('        livenessProbe:\n          ⟦httpGet⟧: {path: /healthz}\n'),
    messages: ['spec.template.spec.containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive'],
  },
  {
    name: 'an httpGet scheme in lower case',
    yaml: deployment('        readinessProbe:\n          httpGet: {port: 80, scheme: ⟦http⟧}\n'),
    messages: ['spec.template.spec.containers[0].readinessProbe.httpGet.scheme: Unsupported value: "http": supported values: "HTTP", "HTTPS"'],
  },
  {
    name: 'a tcpSocket port name over 15 characters',
    yaml: deployment('        startupProbe:\n          tcpSocket: {port: ⟦metrics-endpoint⟧}\n'),
    messages: ['spec.template.spec.containers[0].startupProbe.tcpSocket.port: Invalid value: "metrics-endpoint": must be no more than 15 characters'],
  },
];

for (const row of rows) {
  for (const version of row.versions ?? ['1.33', '1.36']) {
    test(`${row.name} (${version})`, () => expectFindings(row.yaml, version, row.messages, isFieldError, row.previous));
  }
}
