// Findings that only some clusters give. The API server's answer to a dual-stack Service or a node
// port depends on its flags (`--service-cluster-ip-range`, `--service-node-port-range`): with the
// cluster declared (a `.kubesim.yaml`, settings or flags) kubesim gives that cluster's verdict; with
// nothing declared it says which clusters would reject the object, as a warning.
import type { ClusterDeclaration, ClusterSpec } from '@kubesim/engine';
import type { Finding } from './validation/finding';

interface Dependence {
  /** The profile field that settles it. */
  declared: (declared: ClusterDeclaration) => boolean;
  /** Which clusters reject the object, and how to declare the cluster. */
  hint: string;
}

const FAMILIES: Dependence = {
  declared: (declared) => declared.serviceCIDRs !== undefined,
  hint:
    'Only clusters set up without this IP family reject it: kind and kubeadm clusters are single-stack IPv4 unless told otherwise, ' +
    "and a dual-stack cluster accepts it. Declare serviceCIDRs or ipFamilies in .kubesim.yaml to get your cluster's verdict.",
};

const NODE_PORTS: Dependence = {
  declared: (declared) => declared.nodePortRange !== undefined,
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
export function qualifyByCluster(finding: Finding, cluster: ClusterSpec): Finding {
  const dependence = DEPENDENT_CODES[finding.code];
  if (!dependence || dependence.declared(cluster.declared)) return finding;
  return { ...finding, severity: 'warning', hint: dependence.hint };
}
