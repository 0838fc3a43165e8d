// The cluster a team applies its manifests to, as far as kubesim's verdicts depend on it: the Service
// network (IP families and service CIDRs, node-port range), the cluster domain and the feature-gate
// overrides of its API server and controller manager (`--feature-gates`). Declared in a
// `.kubesim.yaml` the team commits, in editor settings or by CLI flags; whatever is not declared is
// unknown, and a finding that only some clusters give becomes a warning naming those clusters.
import { parseDocument } from 'yaml';
import {
  type ClusterSpec,
  DEFAULT_CLUSTER_NETWORK,
  DEFAULT_IPV6_SERVICE_CIDR,
  formatPortRange,
  ipFamiliesOf,
  parsePortRange,
  type HelmChartDeclaration,
  type IPFamily,
  type NodesDeclaration,
  type PortRange,
} from '@kubesim/engine';
import { readFeatureGates } from './feature-gate-overrides';
import { readHelmDeclaration } from './helm-declaration';
import { readNodesDeclaration } from './nodes-declaration';

/** The file name kubesim looks for, upward from a checked file. */
export const PROFILE_FILE_NAME = '.kubesim.yaml';

/**
 * What is declared about the cluster; an absent field is not known. It is the engine's
 * `ClusterDeclaration` as it is read (writable while a reading builds it); `clusterSpecOf` makes the
 * cluster the checks run against from it (cluster-resolver.ts).
 */
export interface ClusterProfile {
  /** `--service-cluster-ip-range`, primary family first: one CIDR (single-stack) or two (dual-stack). */
  serviceCIDRs?: string[];
  /** `--service-node-port-range`. */
  nodePortRange?: PortRange;
  clusterDomain?: string;
  /** `--feature-gates` overrides of the release defaults (kube-apiserver and kube-controller-manager alike). */
  featureGates?: Record<string, boolean>;
  /** `helm.charts`: how each chart is rendered (folders and values files absolute once the profile's folder is known). */
  helmCharts?: Record<string, HelmChartDeclaration>;
  /** CustomResourceDefinition files or folders (relative to the `.kubesim.yaml` that lists them, absolute once found). */
  crds?: string[];
  /** `nodes:`: a count of kind workers or the nodes themselves (undeclared: kind's single illustrative node). */
  nodes?: NodesDeclaration;
}

/** The profile and what was wrong in its text (each problem names the key). */
export interface ProfileReading {
  profile: ClusterProfile;
  problems: string[];
}

const DEFAULT_IPV4_SERVICE_CIDR = DEFAULT_CLUSTER_NETWORK.serviceCidrs[0] ?? '10.96.0.0/12';
const CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*\/\d{1,3})$/;
const DOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** The service CIDRs of `ipFamilies: [IPv6, IPv4]` when no CIDRs are given: kind's defaults per family. */
function cidrsOfFamilies(families: readonly IPFamily[]): string[] {
  return families.map((family) => (family === 'IPv6' ? DEFAULT_IPV6_SERVICE_CIDR : DEFAULT_IPV4_SERVICE_CIDR));
}

/**
 * `profile` with every field `override` declares replaced (flags and settings over the file); feature
 * gates are merged gate by gate, as repeated `--feature-gates` flags are.
 */
export function mergeProfiles(base: ClusterProfile | undefined, override: ClusterProfile | undefined): ClusterProfile {
  const merged = { ...(base ?? {}), ...stripUndefined(override ?? {}) };
  if (base?.featureGates && override?.featureGates) merged.featureGates = { ...base.featureGates, ...override.featureGates };
  return merged;
}

function stripUndefined(profile: ClusterProfile): ClusterProfile {
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined)) as ClusterProfile;
}

/** One line for logs: what the checks assume about `cluster` (what it does not declare is said so). */
export function describeCluster(cluster: ClusterSpec): string {
  const { declared, network } = cluster;
  const families = declared.serviceCIDRs ? `${ipFamiliesOf(network).join('/')} (${network.serviceCidrs.join(', ')})` : 'IP families not declared';
  const ports = declared.nodePortRange ? `node ports ${formatPortRange(network.nodePortRange)}` : 'node-port range not declared';
  const gates = Object.entries(cluster.featureGates).map(([gate, enabled]) => `${gate}=${String(enabled)}`);
  const nodes = declared.nodes === undefined ? 'nodes not declared' : `${cluster.nodes.length} node(s)`;
  return `${families}, ${ports}, cluster domain ${cluster.clusterDomain}, ${nodes}${gates.length > 0 ? `, feature gates ${gates.join(',')}` : ''}`;
}

/**
 * Reads the declared values, wherever they come from (a file's map, settings, flags):
 * `serviceCIDRs` (a list or a comma-separated string, as the API server's flag), `ipFamilies`
 * (shorthand for kind's default CIDR of each family), `nodePortRange` (`30000-32767`), `clusterDomain`,
 * `featureGates` (a map of gate names to booleans, or `Name=true,Other=false`), `crds` (a list of paths),
 * `nodes` (a count of kind workers or a list of nodes, nodes-declaration.ts).
 */
export function readProfileFields(fields: Record<string, unknown>, where: string): ProfileReading {
  const profile: ClusterProfile = {};
  const problems: string[] = [];
  const cidrs = listOf(fields.serviceCIDRs);
  const families = listOf(fields.ipFamilies);
  if (cidrs && cidrs.length > 0) {
    const bad = cidrs.filter((cidr) => !CIDR.test(cidr));
    if (bad.length > 0 || cidrs.length > 2 || (cidrs.length === 2 && ipFamiliesOf({ ...DEFAULT_CLUSTER_NETWORK, serviceCidrs: cidrs }).length < 2)) {
      problems.push(`${where}: serviceCIDRs ${JSON.stringify(cidrs)} must be one CIDR, or two of different IP families (e.g. 10.96.0.0/12, fd00:10:96::/112)`);
    } else profile.serviceCIDRs = cidrs;
  } else if (families && families.length > 0) {
    const valid = families.every((family) => family === 'IPv4' || family === 'IPv6') && families.length <= 2 && new Set(families).size === families.length;
    if (valid) profile.serviceCIDRs = cidrsOfFamilies(families as IPFamily[]);
    else problems.push(`${where}: ipFamilies ${JSON.stringify(families)} must be [IPv4], [IPv6], [IPv4, IPv6] or [IPv6, IPv4]`);
  }
  if (fields.nodePortRange !== undefined && fields.nodePortRange !== null && fields.nodePortRange !== '') {
    const range = parsePortRange(String(fields.nodePortRange));
    if (range) profile.nodePortRange = range;
    else problems.push(`${where}: nodePortRange ${JSON.stringify(fields.nodePortRange)} must be a port range such as 30000-32767`);
  }
  if (fields.clusterDomain !== undefined && fields.clusterDomain !== null && fields.clusterDomain !== '') {
    const domain = String(fields.clusterDomain);
    if (DOMAIN.test(domain)) profile.clusterDomain = domain;
    else problems.push(`${where}: clusterDomain ${JSON.stringify(fields.clusterDomain)} is not a domain name`);
  }
  if (fields.featureGates !== undefined && fields.featureGates !== null && fields.featureGates !== '') {
    const gates = readFeatureGates(fields.featureGates, where);
    problems.push(...gates.problems);
    if (Object.keys(gates.gates).length > 0) profile.featureGates = gates.gates;
  }
  if (fields.helm !== undefined && fields.helm !== null) {
    const helm = readHelmDeclaration(fields.helm, where);
    problems.push(...helm.problems);
    if (Object.keys(helm.charts).length > 0) profile.helmCharts = helm.charts;
  }
  if (fields.crds !== undefined && fields.crds !== null) {
    const crds = listOf(fields.crds);
    if (Array.isArray(fields.crds) && fields.crds.every((item) => typeof item === 'string' && item.trim() !== '') && crds) profile.crds = crds;
    else problems.push(`${where}: crds must be a list of files or folders holding CustomResourceDefinitions`);
  }
  if (fields.nodes !== undefined && fields.nodes !== null && fields.nodes !== '') {
    const nodes = readNodesDeclaration(fields.nodes, where);
    problems.push(...nodes.problems);
    if (nodes.nodes !== undefined) profile.nodes = nodes.nodes;
  }
  const known = new Set(['serviceCIDRs', 'ipFamilies', 'nodePortRange', 'clusterDomain', 'featureGates', 'crds', 'helm', 'nodes']);
  for (const key of Object.keys(fields)) if (!known.has(key)) problems.push(`${where}: unknown key ${JSON.stringify(key)}`);
  return { profile, problems };
}

/** Parses the text of a `.kubesim.yaml`. */
export function parseProfileText(text: string, where: string): ProfileReading {
  const document = parseDocument(text);
  if (document.errors.length > 0) return { profile: {}, problems: [`${where}: ${document.errors[0]!.message.split('\n')[0]}`] };
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return { profile: {}, problems: [] };
  if (typeof value !== 'object' || Array.isArray(value)) return { profile: {}, problems: [`${where}: expected a map of cluster settings`] };
  return readProfileFields(value as Record<string, unknown>, where);
}

function listOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String).map((item) => item.trim());
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return [String(value)];
}
