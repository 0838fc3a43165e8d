// Findings that only some clusters give. The API server's answer to a dual-stack Service or a node
// port depends on its flags (`--service-cluster-ip-range`, `--service-node-port-range`): with the
// cluster declared (a `.kubesim.yaml`, settings or flags) kubesim gives that cluster's verdict; with
// nothing declared it says which clusters would reject the object, as a warning. Which rules depend on
// which setting is the engine's table (clusterSettingOfRule).
import { clusterSettingOfRule, type ClusterDeclaration, type ClusterSpec } from '@kubesim/engine';
import type { Finding } from './validation/finding';

/** Which clusters reject the object, and how to declare the cluster, per setting. */
const HINTS: Partial<Record<keyof ClusterDeclaration, string>> = {
  serviceCIDRs:
    'Only clusters set up without this IP family reject it: kind and kubeadm clusters are single-stack IPv4 unless told otherwise, ' +
    "and a dual-stack cluster accepts it. Declare serviceCIDRs or ipFamilies in .kubesim.yaml to get your cluster's verdict.",
  nodePortRange:
    'Only clusters whose --service-node-port-range leaves out this port reject it (the default range is 30000-32767). ' +
    "Declare nodePortRange in .kubesim.yaml to get your cluster's verdict.",
};

const SERVICE_PREFIX = 'service-';

/** `finding`, or a warning saying which clusters give it when the cluster setting it depends on is not declared. */
export function qualifyByCluster(finding: Finding, cluster: ClusterSpec): Finding {
  if (!finding.code.startsWith(SERVICE_PREFIX)) return finding;
  const setting = clusterSettingOfRule(finding.code.slice(SERVICE_PREFIX.length));
  const hint = setting === undefined ? undefined : HINTS[setting];
  if (setting === undefined || hint === undefined || cluster.declared[setting] !== undefined) return finding;
  return { ...finding, severity: 'warning', hint, message: undeclaredWording(finding.message) };
}

// The API server speaks of "this cluster", which is right once the cluster is declared; undeclared, the message
// says which clusters answer so (the hint says which those are).
function undeclaredWording(message: string): string {
  return message
    .replace('this cluster is not configured for dual-stack services', 'a single-stack cluster is not configured for dual-stack services')
    .replace('not configured on this cluster', 'not configured on a cluster without this IP family');
}
