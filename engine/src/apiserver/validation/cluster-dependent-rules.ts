// Which API-server verdicts depend on how the cluster was set up rather than on the object alone:
// the Service network's IP families (`--service-cluster-ip-range`, validateIPFamilies and the
// ClusterIP allocation of the registry) and the node-port range (`--service-node-port-range`,
// the portallocator). Such a refusal is certain only where the cluster declares the setting; where it
// does not, kubeadm's default was assumed and another cluster may accept the object.
import type { ClusterDeclaration, ClusterSpec } from '../../model/cluster-spec';

/** The declared setting each cluster-dependent rule reads. */
const SETTING_OF_RULE: Readonly<Record<string, keyof ClusterDeclaration>> = {
  'dual-stack-not-configured': 'serviceCIDRs',
  'ip-family-not-configured': 'serviceCIDRs',
  'cluster-ip-family-not-configured': 'serviceCIDRs',
  'node-port-range': 'nodePortRange',
};

/** The cluster setting an error of `rule` depends on, if it depends on one. */
export function clusterSettingOfRule(rule: string): keyof ClusterDeclaration | undefined {
  return SETTING_OF_RULE[rule];
}

/** True when an error of `rule` holds for `cluster` for certain: the rule reads no cluster setting, or the one it reads is declared. */
export function isCertainRefusal(rule: string, cluster: ClusterSpec): boolean {
  const setting = clusterSettingOfRule(rule);
  return setting === undefined || cluster.declared[setting] !== undefined;
}
