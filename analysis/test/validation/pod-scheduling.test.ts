// Scheduling field errors of a pod template: expected messages written from validateAffinity,
// ValidateNodeSelectorRequirement, validatePodAffinityTerm, validateTopologySpreadConstraints,
// ValidateTolerations, ValidateHostAliases and ValidatePodSpec (kubernetes
// pkg/apis/core/validation/validation.go) and apimachinery's name checks.
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';
import { deploymentWith } from './pod-manifest';

const isFieldError = (finding: Finding) => finding.field !== undefined && finding.message.startsWith(`${finding.field}: `);
const pod = 'spec.template.spec';
const nodeTerms = `${pod}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
const keyMessage =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end " +
  "with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for " +
  "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

interface Row {
  name: string;
  /** Pod-spec lines (six spaces of indent). */
  pod: string;
  messages: string[];
  versions?: KubernetesVersion[];
}

function nodeAffinity(expression: string): string {
  return (
    `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n ` +
    `           nodeSelectorTerms:\n            - matchExpressions:\n              - ${expression}\n`
  );
}

const rows: Row[] = [
  {
    name: 'a nodeSelector key with a space',
    pod: '      nodeSelector: ⟦{"disk type": ssd}⟧\n',
    messages: [`${pod}.nodeSelector: Invalid value: "disk type": ${keyMessage}`],
  },
  {
    name: 'required node affinity without terms',
    pod: '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms: ⟦[]⟧\n',
    messages: [`${nodeTerms}: Required value: must have at least one node selector term`],
  },
  {
    name: 'operator In without values',
    pod: nodeAffinity('⟦{key: zone, operator: In}⟧'),
    messages: [`${nodeTerms}[0].matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`],
  },
  {
    name: 'operator Exists with values',
    pod: nodeAffinity('{key: zone, operator: Exists, values: ⟦[a]⟧}'),
    messages: [`${nodeTerms}[0].matchExpressions[0].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`],
  },
  {
    name: 'operator Gt with two values',
    pod: nodeAffinity('{key: cores, operator: Gt, values: ⟦["4", "8"]⟧}'),
    messages: [`${nodeTerms}[0].matchExpressions[0].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`],
  },
  {
    name: 'an unknown node selector operator',
    pod: nodeAffinity('{key: zone, operator: ⟦in⟧, values: [a]}'),
    messages: [`${nodeTerms}[0].matchExpressions[0].operator: Invalid value: "in": not a valid selector operator`],
  },
  {
    name: 'a preferred node term with weight 0',
    pod:
      '      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n ' +
      '         - weight: ⟦0⟧\n            preference: {matchExpressions: [{key: zone, operator: ' +
      'In, values: [a]}]}\n',
    messages: [`${pod}.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100`],
  },
  {
    name: 'a pod anti-affinity term with an invalid topologyKey',
    pod:
      '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n ' +
      '         - labelSelector: {matchLabels: {app: web}}\n            topologyKey: ⟦kubernetes.io/host/name⟧\n',
    messages: [
      `${pod}.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: ` +
        `Invalid value: "kubernetes.io/host/name": a valid label key must consist of alphanumeric characters, ` +
        `'-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or ` +
        `'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') ` +
        `with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
  },
  {
    name: 'a weighted pod affinity term with weight 101',
    pod:
      '      affinity:\n        podAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n ' +
      '         - weight: ⟦101⟧\n            podAffinityTerm: {labelSelector: {matchLabels: {app: ' +
      'db}}, topologyKey: zone}\n',
    messages: [`${pod}.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100`],
  },
  {
    name: 'matchLabelKeys without a labelSelector',
    pod:
      '      affinity:\n        podAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n ' +
      '         - topologyKey: zone\n            matchLabelKeys: ⟦[pod-template-hash]⟧\n',
    messages: [
      `${pod}.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys: ` +
        `Forbidden: must not be specified when labelSelector is not set`,
    ],
  },
  {
    name: 'a toleration with operator Exists and a value (the error sits on operator)',
    pod: '      tolerations:\n      - {key: gpu, operator: ⟦Exists⟧, value: "true"}\n',
    messages: [`${pod}.tolerations[0].operator: Invalid value: "true": value must be empty when \`operator\` is 'Exists'`],
  },
  {
    name: 'tolerationSeconds with a NoSchedule effect',
    pod: '      tolerations:\n      - {key: node.kubernetes.io/unreachable, operator: Exists, effect: ⟦NoSchedule⟧, tolerationSeconds: 60}\n',
    messages: [`${pod}.tolerations[0].effect: Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set`],
  },
  {
    name: 'an unknown toleration operator and effect',
    pod: '      tolerations:\n      - {key: gpu, operator: ⟦Equals⟧, effect: ⟦NoExec⟧}\n',
    messages: [
      `${pod}.tolerations[0].operator: Unsupported value: "Equals": supported values: "Equal", "Exists"`,
      `${pod}.tolerations[0].effect: Unsupported value: "NoExec": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
    ],
  },
  {
    name: 'a toleration without key needs operator Exists',
    pod: '      tolerations:\n      - {operator: ⟦Equal⟧, value: x}\n',
    messages: [
      `${pod}.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when \`key\` is empty, which means "match all values and all keys"`,
    ],
  },
  {
    name: 'topology spread: maxSkew 0 and an unknown whenUnsatisfiable',
    pod: '      topologySpreadConstraints:\n      - {maxSkew: ⟦0⟧, topologyKey: zone, whenUnsatisfiable: ⟦Schedule⟧}\n',
    messages: [
      `${pod}.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero`,
      `${pod}.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Schedule": supported values: "DoNotSchedule", "ScheduleAnyway"`,
    ],
  },
  {
    name: 'topology spread: the same key and action twice (reported on the first)',
    pod:
      '      topologySpreadConstraints:\n      - ⟦{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ' +
      'DoNotSchedule}⟧\n      - {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n',
    messages: [`${pod}.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"`],
  },
  {
    name: 'topology spread: minDomains with ScheduleAnyway',
    pod: '      topologySpreadConstraints:\n      - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway, minDomains: ⟦2⟧}\n',
    messages: [
      `${pod}.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`,
    ],
  },
  {
    name: 'topology spread: an unknown nodeTaintsPolicy',
    pod: '      topologySpreadConstraints:\n      - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, nodeTaintsPolicy: ⟦honor⟧}\n',
    messages: [`${pod}.topologySpreadConstraints[0].nodeTaintsPolicy: Unsupported value: "honor": supported values: "Honor", "Ignore"`],
  },
  {
    name: 'a host alias with a bad IP and an upper-case host name',
    pod: '      hostAliases:\n      - ip: ⟦10.0.0.300⟧\n        hostnames: [⟦Foo.local⟧]\n',
    messages: [
      `${pod}.hostAliases[0].ip: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
      `${pod}.hostAliases[0].hostnames[0]: Invalid value: "Foo.local": a lowercase RFC 1123 subdomain ` +
        `must consist of lower case alphanumeric characters, '-' or '.', and must start and end with ` +
        `an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ],
  },
  {
    name: 'a priorityClassName in upper case',
    pod: '      priorityClassName: ⟦High⟧\n',
    messages: [
      `${pod}.priorityClassName: Invalid value: "High": a lowercase RFC 1123 subdomain must consist ` +
        `of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric ` +
        `character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ],
  },
  {
    name: 'dnsPolicy None without dnsConfig',
    pod: '      dnsPolicy: ⟦None⟧\n',
    messages: [`${pod}.dnsConfig: Required value: must provide \`dnsConfig\` when \`dnsPolicy\` is None`],
  },
  {
    name: 'four DNS nameservers (1.34+ prints the list as JSON)',
    pod: '      dnsConfig:\n        nameservers: ⟦[1.1.1.1, 8.8.8.8, 9.9.9.9, 8.8.4.4]⟧\n',
    messages: [`${pod}.dnsConfig.nameservers: Invalid value: ["1.1.1.1","8.8.8.8","9.9.9.9","8.8.4.4"]: must not have more than 3 nameservers`],
    versions: ['1.36'],
  },
  {
    name: 'four DNS nameservers (before 1.34, Go syntax)',
    pod: '      dnsConfig:\n        nameservers: ⟦[1.1.1.1, 8.8.8.8, 9.9.9.9, 8.8.4.4]⟧\n',
    messages: [`${pod}.dnsConfig.nameservers: Invalid value: []string{"1.1.1.1", "8.8.8.8", "9.9.9.9", "8.8.4.4"}: must not have more than 3 nameservers`],
    versions: ['1.33'],
  },
  {
    name: 'a DNS nameserver that is not an IP',
    pod: '      dnsConfig:\n        nameservers: [⟦dns.local⟧]\n',
    messages: [`${pod}.dnsConfig.nameservers[0]: Invalid value: "dns.local": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`],
  },
  {
    name: 'a search domain with an underscore before RelaxedDNSSearchValidation is on',
    pod: '      dnsConfig:\n        searches: [⟦_srv.example.com⟧]\n',
    messages: [
      `${pod}.dnsConfig.searches[0]: Invalid value: "_srv.example.com": a lowercase RFC 1123 subdomain ` +
        `must consist of lower case alphanumeric characters, '-' or '.', and must start and end with ` +
        `an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ],
    versions: ['1.32'],
  },
  {
    name: 'a search domain with an underscore, and the root domain, once RelaxedDNSSearchValidation is on',
    pod: '      dnsConfig:\n        searches: [_srv.example.com, .]\n',
    messages: [],
    versions: ['1.33', '1.36'],
  },
  {
    name: 'a scheduling gate named twice',
    pod: '      schedulingGates:\n      - {name: example.com/quota}\n      - ⟦{name: example.com/quota}⟧\n',
    messages: [`${pod}.schedulingGates[1]: Duplicate value: "example.com/quota"`],
  },
  {
    name: 'Windows options on a linux pod',
    pod: '      os: {name: linux}\n      securityContext:\n        windowsOptions: ⟦{runAsUserName: ContainerUser}⟧\n',
    messages: [`${pod}.securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod`],
  },
  {
    name: 'an unknown os name',
    pod: '      os: {name: ⟦Linux⟧}\n',
    messages: [`${pod}.os: Unsupported value: "Linux": supported values: "linux", "windows"`],
  },
  {
    name: 'a valid scheduling setup',
    pod: `      nodeSelector: {kubernetes.io/os: linux}
      priorityClassName: high-priority
      hostAliases:
      - {ip: "2001:db8::1", hostnames: [db.local]}
      tolerations:
      - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 30}
      - {operator: Exists}
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions: [{key: cores, operator: Gt, values: ["4"]}]
              matchFields: [{key: metadata.name, operator: In, values: [node-1]}]
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            podAffinityTerm:
              labelSelector: {matchLabels: {app: web}}
              matchLabelKeys: [pod-template-hash]
              topologyKey: kubernetes.io/hostname
      topologySpreadConstraints:
      - maxSkew: 1
        minDomains: 3
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector: {matchLabels: {app: web}}
        matchLabelKeys: [pod-template-hash]
        nodeAffinityPolicy: Honor
      securityContext:
        runAsNonRoot: true
        seccompProfile: {type: RuntimeDefault}
`,
    messages: [],
    versions: ['1.32', '1.34', '1.37'],
  },
];

for (const row of rows) {
  for (const version of row.versions ?? ['1.32', '1.36']) {
    test(`${row.name} (${version})`, () => expectMessages(deploymentWith('', row.pod), version, row.messages, isFieldError));
  }
}
