// Service field errors per release: ValidateService / ValidateServiceUpdate
// (pkg/apis/core/validation/validation.go), SetDefaults_Service (pkg/apis/core/v1/defaults.go),
// and the allocator's IP-family checks (initIPFamilyFields, pkg/registry/core/service/storage/
// alloc.go) on a single-stack IPv4 cluster. Messages are written from the upstream source.
import { test } from 'node:test';
import type { ClusterDeclaration, KubernetesVersion } from '@kubesim/engine';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';

const isFieldError = (finding: Finding) =>
  finding.code.startsWith('service-') && finding.field !== undefined && finding.message.startsWith(`${finding.field}: `);

// The default Service network, declared: the API server's verdict is given as the error it is, in its own words.
const SINGLE_STACK_IPV4: ClusterDeclaration = { serviceCIDRs: ['10.96.0.0/12'] };

interface Row {
  name: string;
  yaml: string;
  messages: string[];
  versions?: KubernetesVersion[];
  previous?: string;
  /** The cluster as declared; undeclared, a rule that depends on it is a warning worded for the clusters it concerns. */
  declared?: ClusterDeclaration;
}

// A valid Service with one port; `spec` lines go first under spec, `port` lines under the port.
function service(spec: string, port = ''): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
${spec}  selector:
    app: web
  ports:
  - port: 80
${port}`;
}

const ALL: KubernetesVersion[] = ['1.32', '1.33', '1.34', '1.35', '1.36', '1.37'];

const rows: Row[] = [
  { name: 'a plain ClusterIP Service is valid', yaml: service(''), messages: [] },
  { name: 'a dual-stack-looking but valid single family', yaml: service('  ipFamilies: [IPv4]\n  ipFamilyPolicy: SingleStack\n'), messages: [] },
  // ipFamilies: values, duplicates.
  {
    name: 'an unknown IP family',
    yaml: service('  ipFamilies: [⟦IPv5⟧]\n'),
    messages: ['spec.ipFamilies[0]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6"'],
  },
  {
    name: 'a repeated IP family',
    yaml: service('  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4, ⟦IPv4⟧]\n'),
    messages: ['spec.ipFamilies[1]: Duplicate value: "IPv4"'],
  },
  {
    name: 'three IP families: the third repeats one',
    yaml: service('  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4, IPv6, ⟦IPv4⟧]\n'),
    messages: ['spec.ipFamilies[2]: Duplicate value: "IPv4"'],
  },
  // ipFamilyPolicy enum and the allocator's consistency checks.
  {
    name: 'an unknown IP family policy',
    yaml: service('  ipFamilyPolicy: ⟦DualStack⟧\n'),
    messages: ['spec.ipFamilyPolicy: Unsupported value: "DualStack": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"'],
  },
  {
    name: 'SingleStack with two families (allocator)',
    yaml: service('  ipFamilyPolicy: ⟦SingleStack⟧\n  ipFamilies: [IPv4, IPv6]\n'),
    messages: ["spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"],
  },
  {
    name: 'SingleStack with two cluster IPs (allocator)',
    yaml: service('  ipFamilyPolicy: ⟦SingleStack⟧\n  clusterIP: 10.96.0.20\n  clusterIPs: [10.96.0.20, ⟦"fd00::20"⟧]\n'),
    // The allocator still infers the second family before it bails out, so both are reported.
    declared: SINGLE_STACK_IPV4,
    messages: [
      "spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
      'spec.clusterIPs[1]: Invalid value: ["10.96.0.20","fd00::20"]: IPv6 is not configured on this cluster',
    ],
    versions: ['1.34', '1.36'],
  },
  {
    name: 'RequireDualStack on a single-stack cluster (allocator)',
    yaml: service('  ipFamilyPolicy: ⟦RequireDualStack⟧\n'),
    declared: SINGLE_STACK_IPV4,
    messages: ['spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services'],
  },
  { name: 'PreferDualStack on a single-stack cluster is fine', yaml: service('  ipFamilyPolicy: PreferDualStack\n'), messages: [] },
  {
    name: 'IPv6 on an IPv4 cluster (allocator)',
    yaml: service('  ipFamilies: [⟦IPv6⟧]\n'),
    declared: SINGLE_STACK_IPV4,
    messages: ['spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster'],
  },
  {
    name: 'a headless Service without a selector may ask for two families (allocator special case)',
    yaml: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  clusterIP: None\n  ipFamilies: [IPv4, IPv6]\n',
    messages: [],
  },
  // clusterIPs.
  {
    name: 'clusterIPs whose first value differs from clusterIP',
    yaml: service('  clusterIP: 10.96.0.10\n  clusterIPs: ⟦[10.96.0.11]⟧\n'),
    messages: ['spec.clusterIPs: Invalid value: ["10.96.0.11"]: first value must match `clusterIP`'],
    versions: ['1.34', '1.36'],
  },
  {
    name: 'clusterIPs value rendering before 1.34',
    yaml: service('  clusterIP: 10.96.0.10\n  clusterIPs: ⟦[10.96.0.11]⟧\n'),
    messages: ['spec.clusterIPs: Invalid value: []string{"10.96.0.11"}: first value must match `clusterIP`'],
    versions: ['1.32', '1.33'],
  },
  {
    name: 'clusterIPs without clusterIP',
    yaml: service('  clusterIPs: ⟦[10.96.0.11]⟧\n'),
    messages: ['spec.clusterIPs: Invalid value: ["10.96.0.11"]: must be empty when `clusterIP` is not specified'],
    versions: ['1.36'],
  },
  {
    name: 'a bad clusterIP is reported on clusterIPs[0]',
    yaml: service('  clusterIP: ⟦10.96.0.300⟧\n'),
    messages: ['spec.clusterIPs[0]: Invalid value: "10.96.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'],
  },
  {
    name: 'leading zeros parse sloppily (valid)',
    yaml: service('  clusterIP: 10.96.0.010\n'),
    messages: [],
  },
  {
    name: "'None' followed by an address",
    yaml: service('  clusterIP: None\n  clusterIPs: ⟦[None, 10.96.0.1]⟧\n'),
    messages: ['spec.clusterIPs: Invalid value: ["None","10.96.0.1"]: \'None\' must be the first and only value'],
    versions: ['1.36'],
  },
  {
    name: 'two IPv4 cluster IPs',
    yaml: service('  ipFamilyPolicy: PreferDualStack\n  clusterIP: 10.96.0.1\n  clusterIPs: ⟦[10.96.0.1, 10.96.0.2]⟧\n'),
    messages: ['spec.clusterIPs: Invalid value: ["10.96.0.1","10.96.0.2"]: may specify no more than one IP for each IP family'],
    versions: ['1.36'],
  },
  {
    name: 'a cluster IP of the other family than ipFamilies says',
    yaml: service('  ipFamilies: [IPv6]\n  clusterIP: ⟦10.96.0.1⟧\n'),
    messages: ['spec.clusterIPs[0]: Invalid value: "10.96.0.1": expected an IPv6 value as indicated by `ipFamilies[0]`'],
  },
  {
    name: 'an IPv6 cluster IP on an IPv4 cluster (allocator)',
    yaml: service('  clusterIP: ⟦"fd00::10"⟧\n'),
    declared: SINGLE_STACK_IPV4,
    messages: ['spec.clusterIPs[0]: Invalid value: ["fd00::10"]: IPv6 is not configured on this cluster'],
    versions: ['1.36'],
  },
  // Headless and ExternalName.
  {
    name: 'ipFamilies and ipFamilyPolicy on an ExternalName Service',
    yaml:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: ExternalName\n  externalName: ' +
      'db.example.com\n  ipFamilies: ⟦[IPv4]⟧\n  ipFamilyPolicy: ⟦SingleStack⟧\n',
    messages: [
      'spec.ipFamilies: Forbidden: may not be set for ExternalName services',
      'spec.ipFamilyPolicy: Forbidden: may not be set for ExternalName services',
    ],
  },
  // Traffic policies.
  {
    name: 'an unknown externalTrafficPolicy',
    yaml: service('  type: NodePort\n  externalTrafficPolicy: ⟦Global⟧\n'),
    messages: ['spec.externalTrafficPolicy: Unsupported value: "Global": supported values: "Cluster", "Local"'],
  },
  {
    name: 'externalTrafficPolicy on a ClusterIP Service with external IPs is allowed',
    yaml: service('  externalIPs: [203.0.113.10]\n  externalTrafficPolicy: Local\n'),
    messages: [],
  },
  {
    name: 'an unknown internalTrafficPolicy',
    yaml: service('  internalTrafficPolicy: ⟦Node⟧\n'),
    messages: ['spec.internalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"'],
  },
  // Session affinity.
  {
    name: 'a ClientIP timeout above one day',
    yaml: service('  sessionAffinity: ClientIP\n  sessionAffinityConfig:\n    clientIP:\n      timeoutSeconds: ⟦86401⟧\n'),
    messages: ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 86401: must be greater than 0 and less than 86400'],
  },
  {
    name: 'a ClientIP timeout of zero',
    yaml: service('  sessionAffinity: ClientIP\n  sessionAffinityConfig:\n    clientIP:\n      timeoutSeconds: ⟦0⟧\n'),
    messages: ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 0: must be greater than 0 and less than 86400'],
  },
  {
    name: 'a ClientIP timeout of exactly one day',
    yaml: service('  sessionAffinity: ClientIP\n  sessionAffinityConfig:\n    clientIP:\n      timeoutSeconds: 86400\n'),
    messages: [],
  },
  {
    name: 'ClientIP without a config is defaulted (10800 seconds)',
    yaml: service('  sessionAffinity: ClientIP\n  sessionAffinityConfig: {}\n'),
    messages: [],
  },
  {
    name: 'a config with affinity None is dropped by defaulting',
    yaml: service('  sessionAffinityConfig:\n    clientIP:\n      timeoutSeconds: 0\n'),
    messages: [],
  },
  {
    name: 'an unknown session affinity',
    yaml: service('  sessionAffinity: ⟦Sticky⟧\n'),
    messages: ['spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"'],
  },
  // loadBalancerSourceRanges, externalIPs, allocateLoadBalancerNodePorts, loadBalancerClass.
  {
    name: 'a bad source range (upstream capitalises the path)',
    yaml: service('  type: LoadBalancer\n  loadBalancerSourceRanges: [10.0.0.0/8, ⟦10.0.0.0/33⟧]\n'),
    messages: ['spec.LoadBalancerSourceRanges[1]: Invalid value: "10.0.0.0/33": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'],
  },
  { name: 'a space-padded source range is accepted', yaml: service('  type: LoadBalancer\n  loadBalancerSourceRanges: [" 10.0.0.0/8 "]\n'), messages: [] },
  {
    name: 'an external IP that is not an address',
    yaml: service('  externalIPs: [⟦example.com⟧]\n'),
    messages: ['spec.externalIPs[0]: Invalid value: "example.com": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'],
  },
  {
    name: 'a loopback external IP',
    yaml: service('  externalIPs: [⟦127.0.0.1⟧]\n'),
    messages: ['spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)'],
  },
  {
    name: 'a link-local external IP',
    yaml: service('  externalIPs: [⟦169.254.1.1⟧]\n'),
    messages: ['spec.externalIPs[0]: Invalid value: "169.254.1.1": may not be in the link-local range (169.254.0.0/16, fe80::/10)'],
  },
  {
    name: 'allocateLoadBalancerNodePorts on a ClusterIP Service',
    yaml: service('  allocateLoadBalancerNodePorts: ⟦false⟧\n'),
    messages: ["spec.allocateLoadBalancerNodePorts: Forbidden: may only be used when `type` is 'LoadBalancer'"],
  },
  {
    name: 'allocateLoadBalancerNodePorts on a LoadBalancer Service',
    yaml: service('  type: LoadBalancer\n  allocateLoadBalancerNodePorts: false\n'),
    messages: [],
  },
  {
    name: 'loadBalancerClass on a NodePort Service',
    yaml: service('  type: NodePort\n  loadBalancerClass: ⟦example.com/lb⟧\n'),
    messages: ["spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'"],
  },
  // Ports: protocol enum, appProtocol, nodePort range.
  {
    name: 'an unknown port protocol',
    yaml: service('', '    protocol: ⟦HTTP⟧\n'),
    messages: ['spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"'],
  },
  {
    name: 'an appProtocol that is not a qualified name',
    yaml: service('', '    appProtocol: ⟦-h2c⟧\n'),
    messages: [
      'spec.ports[0].appProtocol: Invalid value: "-h2c": name part must consist of alphanumeric ' +
        "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName', " +
        " or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ],
  },
  { name: 'a prefixed appProtocol', yaml: service('', '    appProtocol: kubernetes.io/h2c\n'), messages: [] },
  {
    name: 'a nodePort outside the default range (allocator)',
    yaml: service('  type: NodePort\n', '    nodePort: ⟦8080⟧\n'),
    messages: ['spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767'],
  },
  // trafficDistribution per release.
  {
    name: 'PreferSameNode before PreferSameTrafficDistribution is on by default',
    yaml: service('  trafficDistribution: ⟦PreferSameNode⟧\n'),
    messages: ['spec.trafficDistribution: Unsupported value: "PreferSameNode": supported values: "PreferClose"'],
    versions: ['1.32', '1.33'],
  },
  { name: 'PreferSameNode from 1.34', yaml: service('  trafficDistribution: PreferSameNode\n'), messages: [], versions: ['1.34', '1.35', '1.36', '1.37'] },
  {
    name: 'an unknown trafficDistribution from 1.34',
    yaml: service('  trafficDistribution: ⟦Nearest⟧\n'),
    messages: ['spec.trafficDistribution: Unsupported value: "Nearest": supported values: "PreferClose", "PreferSameZone", "PreferSameNode"'],
    versions: ['1.34', '1.37'],
  },
  {
    name: 'the topology-mode annotation disagreeing with the hints annotation',
    yaml: service('').replace(
      '  name: web\n',
      '  name: web\n  annotations:\n    service.kubernetes.io/topology-aware-hints: Auto\n    service.kubernetes.io/topology-mode: ⟦Disabled⟧\n',
    ),
    messages: [
      'metadata.annotations[service.kubernetes.io/topology-mode]: Invalid value: "Disabled": must ' +
        'match annotations[service.kubernetes.io/topology-aware-hints] when both are specified',
    ],
  },
  // Update.
  {
    name: 'a changed cluster IP',
    yaml: service('  clusterIP: ⟦10.96.0.11⟧\n'),
    previous: service('  clusterIP: 10.96.0.10\n'),
    messages: ['spec.clusterIPs[0]: Invalid value: ["10.96.0.11"]: may not change once set'],
    versions: ['1.36'],
  },
  { name: 'a cluster IP left out on update keeps the stored one', yaml: service(''), previous: service('  clusterIP: 10.96.0.10\n'), messages: [] },
  {
    name: 'a changed loadBalancerClass',
    yaml: service('  type: LoadBalancer\n  loadBalancerClass: ⟦example.com/b⟧\n'),
    previous: service('  type: LoadBalancer\n  loadBalancerClass: example.com/a\n'),
    messages: ['spec.loadBalancerClass: Invalid value: "example.com/b": may not change once set'],
  },
];

for (const row of rows) {
  for (const version of row.versions ?? ALL) {
    test(`service rules: ${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isFieldError, row.previous, row.declared));
  }
}
