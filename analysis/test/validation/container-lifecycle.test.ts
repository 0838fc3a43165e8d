// Lifecycle hooks and init-container rules of a pod template, per release: expected messages
// written from validateLifecycle, validateHandler, validateSleepAction, validateContainers and
// validateInitContainers (kubernetes pkg/apis/core/validation/validation.go).
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';
import { deploymentWith as deployment } from './pod-manifest';

const isFieldError = (finding: Finding) => finding.field !== undefined && finding.message.startsWith(`${finding.field}: `);
const container = 'spec.template.spec.containers[0]';
const init = 'spec.template.spec.initContainers[0]';

interface Row {
  name: string;
  yaml: string;
  messages: string[];
  versions?: KubernetesVersion[];
}

const rows: Row[] = [
  {
    name: 'a preStop hook without a handler',
    yaml: deployment('        lifecycle:\n          preStop: ⟦{}⟧\n'),
    messages: [`${container}.lifecycle.preStop: Required value: must specify a handler type`],
  },
  {
    name: 'a preStop hook with two handlers (the second is forbidden)',
    yaml: deployment('        lifecycle:\n          preStop:\n            exec: {command: [drain]}\n            sleep: ⟦{seconds: 5}⟧\n'),
    messages: [`${container}.lifecycle.preStop.sleep: Forbidden: may not specify more than 1 handler type`],
  },
  {
    name: 'an exec hook without a command',
    yaml: deployment('        lifecycle:\n          postStart:\n            ⟦exec⟧: {}\n'),
    messages: [`${container}.lifecycle.postStart.exec.command: Required value`],
  },
  {
    name: 'an httpGet hook on a port name over 15 characters',
    yaml: deployment('        lifecycle:\n          postStart:\n            httpGet: {port: ⟦metrics-endpoint⟧}\n'),
    messages: [`${container}.lifecycle.postStart.httpGet.port: Invalid value: "metrics-endpoint": must be no more than 15 characters`],
  },
  {
    name: 'a zero sleep before PodLifecycleSleepActionAllowZero is on (the error names the action)',
    yaml: deployment('        lifecycle:\n          preStop:\n            sleep: {seconds: ⟦0⟧}\n'),
    messages: [
      `${container}.lifecycle.preStop.sleep: Invalid value: 0: must be greater than 0 and less than ` +
        `terminationGracePeriodSeconds (30). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`,
    ],
    versions: ['1.32'],
  },
  {
    name: 'a zero sleep once PodLifecycleSleepActionAllowZero is on',
    yaml: deployment('        lifecycle:\n          preStop:\n            sleep: {seconds: 0}\n'),
    messages: [],
    versions: ['1.33', '1.37'],
  },
  {
    name: 'a sleep longer than the default grace period',
    yaml: deployment('        lifecycle:\n          preStop:\n            sleep: {seconds: ⟦45⟧}\n'),
    messages: [`${container}.lifecycle.preStop.sleep: Invalid value: 45: must be non-negative and less than terminationGracePeriodSeconds (30)`],
    versions: ['1.36'],
  },
  {
    name: 'a sleep within a longer grace period',
    yaml: deployment('        lifecycle:\n          preStop:\n            sleep: {seconds: 45}\n', '      terminationGracePeriodSeconds: 60\n'),
    messages: [],
  },
  {
    name: 'a plain init container may not have hooks or probes',
    yaml: deployment(
      '',
      '      initContainers:\n      - name: migrate\n        image: busybox\n        lifecycle: ⟦{postStart: ' +
        '{exec: {command: [x]}}}⟧\n        readinessProbe: ⟦{exec: {command: [x]}}⟧\n',
    ),
    messages: [
      `${init}.lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always`,
      `${init}.readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always`,
    ],
  },
  {
    name: 'a sidecar may have hooks and probes, and they are validated',
    yaml: deployment(
      '',
      '      initContainers:\n      - name: proxy\n        image: envoy\n        restartPolicy: Always\n ' +
        '       readinessProbe: {tcpSocket: {port: 9901}}\n        lifecycle:\n          preStop: ⟦{}⟧\n',
    ),
    messages: [`${init}.lifecycle.preStop: Required value: must specify a handler type`],
  },
  {
    name: 'host ports are checked per init container, and upstream prints index 0 for each',
    yaml: deployment(
      '',
      '      initContainers:\n      - name: a\n        image: busybox\n      - name: b\n        image: ' +
        'busybox\n        ports: [{containerPort: 80, hostPort: 8080}, {containerPort: 81, hostPort: ⟦8080⟧}]\n',
    ),
    messages: [`${init}.ports[1].hostPort: Duplicate value: "TCP//8080"`],
  },
  {
    name: 'an init container named like a regular container (reported on the init container)',
    yaml: deployment('', '      initContainers:\n      - name: ⟦web⟧\n        image: busybox\n'),
    messages: [`${init}.name: Duplicate value: "web"`],
  },
];

for (const row of rows) {
  for (const version of row.versions ?? ['1.32', '1.36']) {
    test(`${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isFieldError));
  }
}
