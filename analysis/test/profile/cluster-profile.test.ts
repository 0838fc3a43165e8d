// The cluster profile: what a declared cluster changes in the API server's verdict on Services, and
// how an undeclared one turns "only some clusters reject this" into a warning saying which.
import { clusterSpecOf } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { parseProfileText, type ClusterProfile } from '../../src/profile/cluster-profile';

function service(spec: string): string {
  return `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n${spec}  selector:\n    app: web\n  ports:\n  - port: 80\n`;
}

function nodePortService(nodePort: number): string {
  const ports = `  ports:\n  - port: 80\n    nodePort: ${nodePort}\n`;
  return `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: NodePort\n  selector:\n    app: web\n${ports}`;
}

interface Row {
  name: string;
  yaml: string;
  profile?: ClusterProfile;
  expected: string[];
}

const DUAL_STACK: ClusterProfile = { serviceCIDRs: ['10.96.0.0/12', 'fd00:10:96::/112'] };
const IPV4: ClusterProfile = { serviceCIDRs: ['10.96.0.0/12'] };
const IPV6: ClusterProfile = { serviceCIDRs: ['fd00:10:96::/112'] };

const rows: Row[] = [
  {
    name: 'RequireDualStack, cluster not declared: a warning (single-stack clusters reject it)',
    yaml: service('  ipFamilyPolicy: RequireDualStack\n'),
    expected: ['warning spec.ipFamilyPolicy: Invalid value: "RequireDualStack": a single-stack cluster is not configured for dual-stack services'],
  },
  {
    name: 'RequireDualStack on a declared dual-stack cluster: accepted',
    yaml: service('  ipFamilyPolicy: RequireDualStack\n'),
    profile: DUAL_STACK,
    expected: [],
  },
  {
    name: 'RequireDualStack on a declared single-stack cluster: the API server error',
    yaml: service('  ipFamilyPolicy: RequireDualStack\n'),
    profile: IPV4,
    expected: ['error spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services'],
  },
  {
    name: 'IPv4 asked of an IPv6-only cluster',
    yaml: service('  ipFamilies: [IPv4]\n'),
    profile: IPV6,
    expected: ['error spec.ipFamilies[0]: Invalid value: "IPv4": not configured on this cluster'],
  },
  {
    name: 'an IPv4 cluster IP on an IPv6-only cluster names the inferred family',
    yaml: service('  clusterIP: 10.96.0.10\n'),
    profile: IPV6,
    expected: ['error spec.clusterIPs[0]: Invalid value: ["10.96.0.10"]: IPv4 is not configured on this cluster'],
  },
  {
    name: 'IPv6 first on a dual-stack cluster: accepted',
    yaml: service('  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv6, IPv4]\n'),
    profile: DUAL_STACK,
    expected: [],
  },
  {
    name: 'a nodePort outside the default range, range not declared: a warning',
    yaml: nodePortService(20000),
    expected: ['warning spec.ports[0].nodePort: Invalid value: 20000: provided port is not in the valid range. The range of valid ports is 30000-32767'],
  },
  {
    name: 'a nodePort outside a declared range: the API server error with that range',
    yaml: nodePortService(30000),
    profile: { nodePortRange: { base: 20000, size: 2768 } },
    expected: ['error spec.ports[0].nodePort: Invalid value: 30000: provided port is not in the valid range. The range of valid ports is 20000-22767'],
  },
  { name: 'a nodePort inside a declared range: accepted', yaml: nodePortService(20000), profile: { nodePortRange: { base: 20000, size: 2768 } }, expected: [] },
  {
    name: 'declaring only the node ports leaves the families undeclared',
    yaml: service('  ipFamilies: [IPv6]\n'),
    profile: { nodePortRange: { base: 30000, size: 2768 } },
    expected: ['warning spec.ipFamilies[0]: Invalid value: "IPv6": not configured on a cluster without this IP family'],
  },
];

for (const row of rows) {
  test(`profile: ${row.name}`, () => {
    const findings = checkFile(parseManifestFile(row.yaml), { cluster: clusterSpecOf('1.36', row.profile) });
    assert.deepEqual(
      findings.map((finding) => `${finding.severity} ${finding.message}`),
      row.expected,
    );
    for (const finding of findings.filter((item) => item.severity === 'warning')) assert.match(finding.hint ?? '', /Only clusters .* \.kubesim\.yaml/);
  });
}

const files: { name: string; text: string; profile: ClusterProfile; problems: number }[] = [
  { name: 'empty file', text: '', profile: {}, problems: 0 },
  { name: 'ipFamilies shorthand', text: 'ipFamilies: [IPv4, IPv6]\n', profile: DUAL_STACK, problems: 0 },
  {
    name: 'the flag form of serviceCIDRs',
    text: 'serviceCIDRs: "10.0.0.0/16,fd00::/108"\n',
    profile: { serviceCIDRs: ['10.0.0.0/16', 'fd00::/108'] },
    problems: 0,
  },
  {
    name: 'node ports and domain',
    text: 'nodePortRange: 20000-20999\nclusterDomain: corp.example\n',
    profile: { nodePortRange: { base: 20000, size: 1000 }, clusterDomain: 'corp.example' },
    problems: 0,
  },
  { name: 'two CIDRs of one family', text: 'serviceCIDRs: [10.0.0.0/16, 10.1.0.0/16]\n', profile: {}, problems: 1 },
  { name: 'an unknown family and an unknown key', text: 'ipFamilies: [IPv5]\nfeatureGate: {}\n', profile: {}, problems: 2 },
  {
    name: 'feature gates as a map',
    text: 'featureGates:\n  MaxUnavailableStatefulSet: true\n  ContainerRestartRules: false\n',
    profile: { featureGates: { MaxUnavailableStatefulSet: true, ContainerRestartRules: false } },
    problems: 0,
  },
  {
    name: "feature gates in the flag's syntax, ParseBool words",
    text: 'featureGates: "MaxUnavailableStatefulSet=T, ImageVolume=0"\n',
    profile: { featureGates: { MaxUnavailableStatefulSet: true, ImageVolume: false } },
    problems: 0,
  },
  {
    name: 'a gate value that is not a boolean, a bad name, an empty map',
    text: 'featureGates: {MaxUnavailableStatefulSet: maybe, "not a gate": true, ImageVolume: yes}\n',
    profile: {},
    problems: 3,
  },
  { name: 'feature gates as a list', text: 'featureGates: [MaxUnavailableStatefulSet]\n', profile: {}, problems: 1 },
  { name: 'a backwards range', text: 'nodePortRange: 32767-30000\n', profile: {}, problems: 1 },
  { name: 'not a map', text: '- a\n', profile: {}, problems: 1 },
];

for (const row of files) {
  test(`.kubesim.yaml: ${row.name}`, () => {
    const reading = parseProfileText(row.text, '.kubesim.yaml');
    assert.deepEqual(reading.profile, row.profile);
    assert.equal(reading.problems.length, row.problems, reading.problems.join('\n'));
  });
}
