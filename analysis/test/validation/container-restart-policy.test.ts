// Container-level restartPolicy and restartPolicyRules per release, through checkFile (defaults,
// gated drops, then validation), as a real API server of each release answers:
// - 1.32/1.33: no ContainerRestartRules gate; SidecarContainers on. Nothing is dropped, and
//   validateContainers forbids a regular container's restartPolicy ("may not be set for non-init
//   containers", read in the 1.33-era validation.go) while validateInitContainerRestartPolicy only
//   supports "Always". restartPolicyRules is no core/v1 field yet: strict decoding reports it.
// - 1.34: ContainerRestartRules declared, alpha off: dropContainerRestartRules (pkg/api/pod/util.go)
//   removes every restart field except an init container's Always before validation: no error.
// - 1.35+: beta on; AllowContainerRestartPolicyRules replaces the pre-gate errors (PR #132642).
//   The value rules that then apply are not modelled; these rows only check the pre-gate errors
//   are gone and a sidecar stays valid.
// Plus the StatefulSet pod template validated for the selected release (statefulset-spec.ts).
import { applyDefaults, defaultClusterSpec, type KubernetesVersion, validateStatefulSetSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';
import { deploymentWith as deployment } from './pod-manifest';

const isFieldError = (finding: Finding) => finding.field !== undefined && finding.message.startsWith(`${finding.field}: `);
const isRestartFinding = (finding: Finding) => /restartPolicy/.test(finding.message);

const container = 'spec.template.spec.containers[0]';
const init = 'spec.template.spec.initContainers[0]';
// kube-apiserver's decode failure (a 400 before validation runs), as kubectl prints it.
const UNKNOWN_RULES =
  'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containers[0].restartPolicyRules"';
const FORBIDDEN = `${container}.restartPolicy: Forbidden: may not be set for non-init containers`;

interface Row {
  name: string;
  yaml: string;
  byVersion: Partial<Record<KubernetesVersion, string[]>>;
  filter?: (finding: Finding) => boolean;
}

const rows: Row[] = [
  {
    name: 'a regular container restartPolicy',
    yaml: deployment('        restartPolicy: ⟦Never⟧\n'),
    byVersion: { '1.32': [FORBIDDEN], '1.33': [FORBIDDEN], '1.34': [], '1.36': [] },
  },
  {
    name: 'an init container restartPolicy Always (a sidecar)',
    yaml: deployment('', '      initContainers:\n      - name: proxy\n        image: envoy\n        restartPolicy: Always\n'),
    byVersion: { '1.32': [], '1.33': [], '1.34': [], '1.36': [] },
  },
  {
    name: 'an init container restartPolicy OnFailure',
    yaml: deployment('', '      initContainers:\n      - name: migrate\n        image: migrate\n        restartPolicy: ⟦OnFailure⟧\n'),
    byVersion: {
      '1.32': [`${init}.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"`],
      '1.33': [`${init}.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"`],
      '1.34': [],
      '1.36': [],
    },
  },
  {
    // Unknown to the 1.32/1.33 core/v1 Container: the strict decoding error, before any validation.
    name: 'restartPolicyRules on a regular container',
    yaml: deployment('        restartPolicy: Never\n        ⟦restartPolicyRules⟧: [{action: Restart, exitCodes: {operator: In, values: [42]}}]\n'),
    byVersion: {
      '1.32': [UNKNOWN_RULES],
      '1.33': [UNKNOWN_RULES],
      '1.34': [],
    },
    filter: (finding) => finding.message.includes('restartPolicyRules'),
  },
];

for (const row of rows) {
  for (const [version, messages] of Object.entries(row.byVersion) as [KubernetesVersion, string[]][]) {
    test(`${row.name} (${version}): ${messages.length === 0 ? 'accepted' : messages.join('; ')}`, () => {
      const filter = row.filter ?? ((finding: Finding) => isFieldError(finding) && isRestartFinding(finding));
      // An accepted row has nothing to underline.
      expectMessages(messages.length === 0 ? row.yaml.replace(/[⟦⟧]/g, '') : row.yaml, version, messages, filter);
    });
  }
}

// The StatefulSet template rules take the release (validatePodTemplateSpec's 4th argument). The
// spec is defaulted for 1.36 (restartPolicy kept) so the rule alone is compared: with 1.34 it
// takes the pre-gate branch (AllowContainerRestartPolicyRules false), with 1.36 it does not.
const STATEFUL_SET = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'db' },
  spec: {
    serviceName: 'db',
    selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres', restartPolicy: 'Never' }] } },
  },
};

const STATEFUL_SET_ROWS: { version: KubernetesVersion; paths: string[] }[] = [
  { version: '1.34', paths: ['spec.template.spec.containers[0].restartPolicy'] },
  { version: '1.36', paths: [] },
];
for (const row of STATEFUL_SET_ROWS) {
  test(`StatefulSet pod template restart rules follow the selected release (${row.version}): ${row.paths.join(', ') || 'none'}`, () => {
    const defaulted = applyDefaults('StatefulSet', structuredClone(STATEFUL_SET), defaultClusterSpec('1.36'));
    const errors = validateStatefulSetSpec(defaulted, { clusterSpec: defaultClusterSpec(row.version) }).filter((error) =>
      error.path.text.endsWith('restartPolicy'),
    );
    assert.deepEqual(
      errors.map((error) => error.path.text),
      row.paths,
    );
  });
}
