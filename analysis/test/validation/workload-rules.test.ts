// API-server field errors of workloads and Services, per release: inline YAML through
// parseManifestFile and checkFile, each expected message and underlined span written from
// upstream pkg/apis/{core,apps}/validation/validation.go and pkg/registry/apps/*/strategy.go.
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';
import { deploymentWith as deployment } from './pod-manifest';

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
  // AccumulateUniqueHostPorts keys ports by protocol/hostIP/hostPort ("%s/%s/%d").
  {
    name: 'two containers on the same host port',
    yaml: deployment(
      '        ports: [{containerPort: 80, hostPort: 8080}]\n      - name: side\n        image: busybox\n ' +
        '       ports: [{containerPort: 81, hostPort: ⟦8080⟧}]\n',
    ),
    messages: ['spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"'],
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
  // validateVolumeSource.
  {
    name: 'a volume with two sources',
    yaml: deployment('', '      volumes:\n      - name: config\n        emptyDir: {}\n        configMap: ⟦{name: cfg}⟧\n'),
    messages: ['spec.template.spec.volumes[0].configMap: Forbidden: may not specify more than 1 volume type'],
  },
  {
    name: 'a volume mount naming no volume',
    yaml: deployment('        volumeMounts:\n        - {name: ⟦data⟧, mountPath: /data}\n'),
    messages: ['spec.template.spec.containers[0].volumeMounts[0].name: Not found: "data"'],
  },
  // validateObjectFieldSelector / validateContainerResourceFieldSelector on env valueFrom.
  {
    name: 'an env fieldRef the downward API cannot convert',
    yaml: deployment('        env:\n        - name: IP\n          valueFrom:\n            fieldRef: {fieldPath: ⟦metadata.podIP⟧}\n'),
    messages: [
      'spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.podIP": ' +
        'error converting fieldPath: field label not supported: metadata.podIP',
    ],
  },
  {
    name: 'an env fieldRef that only volumes support',
    yaml: deployment('        env:\n        - name: PHASE\n          valueFrom:\n            fieldRef: {fieldPath: ⟦status.phase⟧}\n'),
    messages: [
      'spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": ' +
        'supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", ' +
        '"spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"',
    ],
  },
  {
    name: 'env fieldRefs that are valid (a label subscript, the old spec.host)',
    yaml: deployment(
      '        env:\n        - name: APP\n          valueFrom:\n            fieldRef: {fieldPath: ' +
        '"metadata.labels[\'app\']"}\n        - name: NODE\n          valueFrom:\n            fieldRef: ' +
        '{fieldPath: spec.host}\n',
    ),
    messages: [],
  },
  {
    name: 'an env resourceFieldRef on an unknown resource',
    yaml: deployment('        env:\n        - name: CPU\n          valueFrom:\n            resourceFieldRef: {resource: ⟦cpu⟧}\n'),
    messages: [
      'spec.template.spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Unsupported value: ' +
        '"cpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", ' +
        '"requests.ephemeral-storage", "requests.memory"',
    ],
  },
  // ValidateService and validateServicePort.
  {
    name: 'a second Service port without a name',
    yaml: service('  ports:\n  - {name: http, port: 80}\n  - ⟦{port: 443}⟧\n'),
    messages: ['spec.ports[1].name: Required value'],
  },
  {
    name: 'the same port and protocol twice (1.34+ prints the ServicePort key as JSON)',
    yaml: service('  ports:\n  - {name: a, port: 80}\n  - ⟦{name: b, port: 80}⟧\n'),
    messages: ['spec.ports[1]: Duplicate value: {"Name":"","Protocol":"TCP","AppProtocol":null,"Port":80,"TargetPort":0,"NodePort":0}'],
    versions: ['1.36'],
  },
  {
    name: 'the same port and protocol twice (before 1.34, Go syntax)',
    yaml: service('  ports:\n  - {name: a, port: 80}\n  - ⟦{name: b, port: 80}⟧\n'),
    messages: [
      'spec.ports[1]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), ' +
        'Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
    ],
    versions: ['1.33'],
  },
  {
    name: 'a headless NodePort Service',
    yaml: service('  type: NodePort\n  clusterIP: ⟦None⟧\n  ports: [{port: 80}]\n'),
    messages: ['spec.clusterIPs[0]: Invalid value: "None": may not be set to \'None\' for NodePort services'],
  },
  {
    name: 'a node port outside the default range (reported by the allocator)',
    yaml: service('  type: NodePort\n  ports: [{port: 80, nodePort: ⟦8080⟧}]\n'),
    messages: ['spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767'],
  },
  {
    name: 'the same node port twice',
    yaml: service('  type: NodePort\n  ports:\n  - {name: a, port: 80, nodePort: 30080}\n  - {name: b, port: 81, nodePort: ⟦30080⟧}\n'),
    messages: ['spec.ports[1].nodePort: Duplicate value: 30080'],
  },
  {
    name: 'externalTrafficPolicy on a ClusterIP Service',
    yaml: service('  externalTrafficPolicy: ⟦Local⟧\n  ports: [{port: 80}]\n'),
    messages: ['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services'],
  },
  {
    name: 'an unknown externalTrafficPolicy',
    yaml: service('  type: LoadBalancer\n  externalTrafficPolicy: ⟦local⟧\n  ports: [{port: 80}]\n'),
    messages: ['spec.externalTrafficPolicy: Unsupported value: "local": supported values: "Cluster", "Local"'],
  },
  {
    name: 'an unknown internalTrafficPolicy',
    yaml: service('  internalTrafficPolicy: ⟦Node⟧\n  ports: [{port: 80}]\n'),
    messages: ['spec.internalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"'],
  },
  {
    name: 'loadBalancerSourceRanges on a NodePort Service (upstream capitalises the path)',
    yaml: service('  type: NodePort\n  loadBalancerSourceRanges: ⟦[10.0.0.0/8]⟧\n  ports: [{port: 80}]\n'),
    messages: ["spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'"],
  },
  {
    name: 'an ExternalName Service without externalName',
    yaml: service('  type: ExternalName\n').replace('\nspec:', '\n⟦spec⟧:'),
    messages: ['spec.externalName: Required value'],
  },
  {
    name: 'an ExternalName Service with a clusterIP',
    yaml: service('  type: ExternalName\n  externalName: db.example.com\n  clusterIP: ⟦10.0.0.10⟧\n'),
    messages: ['spec.clusterIPs: Forbidden: may not be set for ExternalName services'],
  },
];

function service(spec: string): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
${spec}`;
}

for (const row of rows) {
  for (const version of row.versions ?? ['1.33', '1.36']) {
    test(`${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isFieldError, row.previous));
  }
}
