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
];

for (const row of rows) {
  for (const version of row.versions ?? ['1.33', '1.36']) {
    test(`${row.name} (${version})`, () => expectFindings(row.yaml, version, row.messages, isFieldError, row.previous));
  }
}
