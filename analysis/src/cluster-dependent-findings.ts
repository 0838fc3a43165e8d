// Findings that only some clusters give. The API server's answer to a dual-stack Service or a node
// port depends on its flags (`--service-cluster-ip-range`, `--service-node-port-range`): with the
// cluster declared (a `.kubesim.yaml`, settings or flags) kubesim gives that cluster's verdict; with
// nothing declared it says which clusters would reject the object, as a warning.
import type { ClusterProfile } from './profile/cluster-profile';
import type { Finding } from './validation/finding';

interface Dependence {
  /** The profile field that settles it. */
  declared: (profile: ClusterProfile) => boolean;
  /** Which clusters reject the object, and how to declare the cluster. */
  hint: string;
}

const FAMILIES: Dependence = {
  declared: (profile) => profile.serviceCIDRs !== undefined,
  hint:
    'Only clusters set up without this IP family reject it: kind and kubeadm clusters are single-stack IPv4 unless told otherwise, ' +
    "and a dual-stack cluster accepts it. Declare serviceCIDRs or ipFamilies in .kubesim.yaml to get your cluster's verdict.",
};

const NODE_PORTS: Dependence = {
  declared: (profile) => profile.nodePortRange !== undefined,
  hint:
    'Only clusters whose --service-node-port-range leaves out this port reject it (the default range is 30000-32767). ' +
    "Declare nodePortRange in .kubesim.yaml to get your cluster's verdict.",
};

const DEPENDENT_CODES: Record<string, Dependence> = {
  'service-dual-stack-not-configured': FAMILIES,
  'service-ip-family-not-configured': FAMILIES,
  'service-cluster-ip-family-not-configured': FAMILIES,
  'service-node-port-range': NODE_PORTS,
};

/** `finding`, or a warning saying which clusters give it when the cluster it depends on is not declared. */
export function qualifyByCluster(finding: Finding, profile: ClusterProfile | undefined): Finding {
  const dependence = DEPENDENT_CODES[finding.code];
  if (!dependence || (profile && dependence.declared(profile))) return finding;
  return { ...finding, severity: 'warning', hint: dependence.hint };
}
