// The `kubesim.cluster` and `kubesim.clusterDomain` settings read into profile fields, for the
// analysis's ClusterResolver (which merges them over each document's `.kubesim.yaml`).

/** The `kubesim.cluster` settings section as the client sends it (untrusted). */
export interface ClusterSettings {
  ipFamilies?: unknown;
  serviceClusterIPRange?: unknown;
  /** The setting's name before it was titled after the flag (VS Code showed it as "Service CID Rs"); still read. */
  serviceCIDRs?: unknown;
  nodePortRange?: unknown;
  featureGates?: unknown;
  /** A count of kind workers (0 declares kind's single node); unset or null declares nothing. */
  nodes?: unknown;
}

/** The declared fields of the settings: unset or empty values declare nothing. */
export function clusterSettingsFields(cluster: ClusterSettings | null | undefined, clusterDomain: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const ipFamilies = cluster?.ipFamilies;
  const range = cluster?.serviceClusterIPRange;
  const serviceCIDRs = Array.isArray(range) && range.length > 0 ? range : cluster?.serviceCIDRs;
  if (Array.isArray(ipFamilies) && ipFamilies.length > 0) fields.ipFamilies = ipFamilies;
  if (Array.isArray(serviceCIDRs) && serviceCIDRs.length > 0) fields.serviceCIDRs = serviceCIDRs;
  if (typeof cluster?.nodePortRange === 'string' && cluster.nodePortRange !== '') fields.nodePortRange = cluster.nodePortRange;
  if (typeof clusterDomain === 'string' && clusterDomain !== '') fields.clusterDomain = clusterDomain;
  const gates = cluster?.featureGates;
  if (gates !== null && typeof gates === 'object' && Object.keys(gates).length > 0) fields.featureGates = gates;
  if (typeof cluster?.nodes === 'number') fields.nodes = cluster.nodes;
  return fields;
}
