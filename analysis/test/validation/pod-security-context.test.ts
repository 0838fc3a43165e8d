// Security-context field errors of a pod template, per release: expected messages written from
// validatePodSpecSecurityContext, ValidateSecurityContext, validateSeccompProfileField,
// ValidateAppArmorProfileField, validateSysctls and validateHostUsers (kubernetes
// pkg/apis/core/validation/validation.go) and apimachinery IsValidUserID/IsValidGroupID.
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';
import { deploymentWith as deployment } from './pod-manifest';

const isFieldError = (finding: Finding) => finding.field !== undefined && finding.message.startsWith(`${finding.field}: `);
const container = 'spec.template.spec.containers[0]';
const pod = 'spec.template.spec';

interface Row {
  name: string;
  yaml: string;
  messages: string[];
  versions?: KubernetesVersion[];
}

const rows: Row[] = [
  {
    name: 'a negative pod runAsUser',
    yaml: deployment('', '      securityContext:\n        runAsUser: ⟦-1⟧\n'),
    messages: [`${pod}.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`],
  },
  {
    name: 'a container runAsGroup past MaxInt32',
    yaml: deployment('        securityContext:\n          runAsGroup: ⟦2147483648⟧\n'),
    messages: [`${container}.securityContext.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive`],
  },
  {
    name: 'runAsNonRoot with runAsUser 0 is left to the kubelet',
    yaml: deployment(
      '        securityContext: {runAsNonRoot: true, runAsUser: 0}\n',
      '      securityContext: {runAsNonRoot: true, runAsUser: 0, fsGroup: 0}\n',
    ),
    messages: [],
  },
  {
    name: 'a negative supplemental group and fsGroup (findings in source order)',
    yaml: deployment('', '      securityContext:\n        supplementalGroups: [1, ⟦-5⟧]\n        fsGroup: ⟦-2⟧\n'),
    messages: [
      `${pod}.securityContext.supplementalGroups[1]: Invalid value: -5: must be between 0 and 2147483647, inclusive`,
      `${pod}.securityContext.fsGroup: Invalid value: -2: must be between 0 and 2147483647, inclusive`,
    ],
  },
  {
    name: 'allowPrivilegeEscalation false with privileged true (1.34+ prints the internal struct as JSON)',
    yaml: deployment('        securityContext: ⟦{privileged: true, allowPrivilegeEscalation: false}⟧\n'),
    messages: [
      `${container}.securityContext: Invalid value: {"Capabilities":null,"Privileged":true,"SELinuxOptions":null,"WindowsOptions":null,` +
        `"RunAsUser":null,"RunAsGroup":null,"RunAsNonRoot":null,"ReadOnlyRootFilesystem":null,"AllowPrivilegeEscalation":false,` +
        `"ProcMount":null,"SeccompProfile":null,"AppArmorProfile":null}: ` +
        `cannot set \`allowPrivilegeEscalation\` to false and \`privileged\` to true`,
    ],
    versions: ['1.34', '1.36'],
  },
  {
    name: 'capabilities are free-form',
    yaml: deployment('        securityContext:\n          capabilities: {add: [NET_ADMIN, whatever], drop: [ALL]}\n'),
    messages: [],
  },
  {
    name: 'a Localhost seccomp profile without its file',
    yaml: deployment('', '      securityContext:\n        ⟦seccompProfile⟧: {type: Localhost}\n'),
    messages: [`${pod}.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost`],
  },
  {
    name: 'an unknown seccomp type',
    yaml: deployment('        securityContext:\n          seccompProfile: {type: ⟦runtime/default⟧}\n'),
    messages: [
      `${container}.securityContext.seccompProfile.type: Unsupported value: "runtime/default": supported values: "Localhost", "RuntimeDefault", "Unconfined"`,
    ],
  },
  {
    name: 'a seccomp localhostProfile without type Localhost (the value is the whole profile)',
    yaml: deployment('        securityContext:\n          seccompProfile: {type: RuntimeDefault, localhostProfile: ⟦p.json⟧}\n'),
    messages: [
      `${container}.securityContext.seccompProfile.localhostProfile: Invalid value: {"Type":"RuntimeDefault","LocalhostProfile":"p.json"}: ` +
        `can only be set when seccomp type is Localhost`,
    ],
    versions: ['1.36'],
  },
  {
    name: 'an absolute seccomp localhostProfile',
    yaml: deployment('        securityContext:\n          seccompProfile: {type: Localhost, localhostProfile: ⟦/etc/p.json⟧}\n'),
    messages: [`${container}.securityContext.seccompProfile.localhostProfile: Invalid value: "/etc/p.json": must be a relative path`],
  },
  {
    name: 'an AppArmor localhostProfile on an Unconfined profile',
    yaml: deployment('        securityContext:\n          appArmorProfile: {type: Unconfined, localhostProfile: ⟦k8s-nginx⟧}\n'),
    messages: [`${container}.securityContext.appArmorProfile.localhostProfile: Invalid value: "k8s-nginx": can only be set when AppArmor type is Localhost`],
  },
  {
    name: 'an AppArmor profile without a type',
    yaml: deployment('', '      securityContext:\n        ⟦appArmorProfile⟧: {localhostProfile: k8s-nginx}\n'),
    messages: [`${pod}.securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set`],
  },
  {
    name: 'a sysctl name in upper case',
    yaml: deployment('', '      securityContext:\n        sysctls: [{name: ⟦Net.Core.somaxconn⟧, value: "1024"}]\n'),
    messages: [
      `${pod}.securityContext.sysctls[0].name: Invalid value: "Net.Core.somaxconn": must have at ` +
        `most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$`,
    ],
  },
  {
    name: 'a network sysctl on a host-network pod',
    yaml: deployment('', '      hostNetwork: true\n      securityContext:\n        sysctls: [{name: ⟦net.core.somaxconn⟧, value: "1024"}]\n'),
    messages: [`${pod}.securityContext.sysctls[0].name: Invalid value: "net.core.somaxconn": may not be specified when 'hostNetwork' is true`],
  },
  {
    name: 'shareProcessNamespace with hostPID (the internal path, under securityContext)',
    yaml: deployment('', '      hostPID: true\n      shareProcessNamespace: ⟦true⟧\n'),
    messages: [`${pod}.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled`],
  },
  {
    name: 'an unknown fsGroupChangePolicy',
    yaml: deployment('', '      securityContext:\n        fsGroupChangePolicy: ⟦Never⟧\n'),
    messages: [`${pod}.securityContext.fsGroupChangePolicy: Unsupported value: "Never": supported values: "Always", "OnRootMismatch"`],
  },
  {
    name: 'procMount Unmasked needs hostUsers false (ProcMountType on from 1.33)',
    yaml: deployment('        securityContext:\n          procMount: ⟦Unmasked⟧\n'),
    messages: [`${container}.securityContext.procMount: Invalid value: "Unmasked": \`hostUsers\` must be false to use \`Unmasked\``],
    versions: ['1.33', '1.36'],
  },
  {
    name: 'procMount is reset to Default while ProcMountType is off',
    yaml: deployment('        securityContext:\n          procMount: Unmasked\n'),
    messages: [],
    versions: ['1.32'],
  },
  {
    name: 'procMount Unmasked with hostUsers false',
    yaml: deployment('        securityContext:\n          procMount: Unmasked\n', '      hostUsers: false\n'),
    messages: [],
    versions: ['1.33', '1.36'],
  },
  {
    name: 'hostUsers false with hostNetwork (UserNamespacesSupport on from 1.33)',
    yaml: deployment('', '      hostUsers: false\n      hostNetwork: ⟦true⟧\n'),
    messages: [`${pod}.hostNetwork: Forbidden: when \`pod.Spec.HostUsers\` is false`],
    versions: ['1.33', '1.37'],
  },
  {
    name: 'hostUsers is dropped while UserNamespacesSupport is off',
    yaml: deployment('', '      hostUsers: false\n      hostNetwork: true\n'),
    messages: [],
    versions: ['1.32'],
  },
  {
    name: 'pod and container runAsUser are both checked',
    yaml: deployment('        securityContext: {runAsUser: ⟦-1⟧}\n', '      securityContext: {runAsUser: ⟦-1⟧}\n'),
    messages: [
      `${pod}.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`,
      `${container}.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`,
    ],
  },
];

for (const row of rows) {
  for (const version of row.versions ?? ['1.32', '1.36']) {
    test(`${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isFieldError));
  }
}
