// The cluster a manifest is checked against and a simulation runs in, as one value: the release, the
// `--feature-gates` overrides of its API server and controller manager, the Service network, the
// cluster domain, and what of these was declared (a `.kubesim.yaml`, settings or flags) rather than
// assumed. Defaulting, validation, hashing, admission, the controllers, the checks and the preview
// all take it whole, so the release and the gates can never disagree and a new cluster setting
// (nodes, CRDs, chart values) is a new field here, not a new parameter everywhere.
import { DEFAULT_CLUSTER_NETWORK, networkKey, type ClusterNetwork, type PortRange } from './cluster-network';
import { clusterNodesOf, nodesKey, type ClusterNode, type NodesDeclaration } from './cluster-nodes';
import type { KubernetesVersion } from './kubernetes-version';

/** `--feature-gates` values a cluster sets (kube-apiserver and kube-controller-manager alike). */
export type FeatureGateOverrides = Readonly<Record<string, boolean>>;

/** What is declared about a cluster; an absent field is not known (its default is assumed). */
export interface ClusterDeclaration {
  /** `--service-cluster-ip-range`, primary family first: one CIDR (single-stack) or two (dual-stack). */
  readonly serviceCIDRs?: readonly string[];
  /** `--service-node-port-range`. */
  readonly nodePortRange?: PortRange;
  readonly clusterDomain?: string;
  /** `--feature-gates` overrides of the release defaults. */
  readonly featureGates?: FeatureGateOverrides;
  /** CustomResourceDefinition files or folders (absolute paths) the cluster has besides the workspace's own. */
  readonly crds?: readonly string[];
  /** How each Helm chart is rendered, keyed by its folder (absolute once resolved): `helm.charts` of a `.kubesim.yaml`. */
  readonly helmCharts?: Readonly<Record<string, HelmChartDeclaration>>;
  /** `nodes:` of a profile: a count of kind workers or the nodes themselves (undeclared: kind's single node). */
  readonly nodes?: NodesDeclaration;
}

/** How one chart is installed: values files (in order), `--set` values, release name and namespace. */
export interface HelmChartDeclaration {
  readonly values?: readonly string[];
  readonly releaseName?: string;
  readonly namespace?: string;
  readonly set?: Readonly<Record<string, string>>;
}

/**
 * One cluster: the declared parts with the defaults of kubeadm and kind for the rest. Plain readonly
 * data (it crosses to the check worker as JSON); make it with `clusterSpecOf` or `defaultClusterSpec`.
 */
export interface ClusterSpec {
  readonly version: KubernetesVersion;
  /** The overrides of the release's gate defaults (gates a release does not declare are ignored by lookups). */
  readonly featureGates: FeatureGateOverrides;
  readonly network: ClusterNetwork;
  /** The kubelet's and CoreDNS's cluster domain (`cluster.local` unless declared). */
  readonly clusterDomain: string;
  /** The nodes pods are scheduled on; `declared.nodes` undefined means kind's single illustrative node. */
  readonly nodes: readonly ClusterNode[];
  /** What was declared: a finding that only some clusters give is a warning while its setting is not. */
  readonly declared: ClusterDeclaration;
}

/** The kubelet and CoreDNS default cluster domain. */
export const DEFAULT_CLUSTER_DOMAIN = 'cluster.local';

const NOTHING_DECLARED: ClusterDeclaration = Object.freeze({});
const NO_OVERRIDES: FeatureGateOverrides = Object.freeze({});

/** The cluster of release `version` as `declared`: kubeadm's network and `cluster.local` where nothing is declared. */
export function clusterSpecOf(version: KubernetesVersion, declared: ClusterDeclaration = NOTHING_DECLARED): ClusterSpec {
  const network =
    declared.serviceCIDRs === undefined && declared.nodePortRange === undefined
      ? DEFAULT_CLUSTER_NETWORK
      : {
          serviceCidrs: declared.serviceCIDRs ?? DEFAULT_CLUSTER_NETWORK.serviceCidrs,
          nodePortRange: declared.nodePortRange ?? DEFAULT_CLUSTER_NETWORK.nodePortRange,
        };
  return {
    version,
    featureGates: declared.featureGates ?? NO_OVERRIDES,
    network,
    clusterDomain: declared.clusterDomain ?? DEFAULT_CLUSTER_DOMAIN,
    nodes: clusterNodesOf(declared.nodes),
    declared,
  };
}

/** The release's own cluster: its gate defaults, kubeadm's network, `cluster.local`, nothing declared. */
export function defaultClusterSpec(version: KubernetesVersion): ClusterSpec {
  return clusterSpecOf(version);
}

/** The gate overrides as stable text (`A=true,B=false`, sorted): empty without overrides. */
export function featureGatesKey(spec: Pick<ClusterSpec, 'featureGates'>): string {
  return Object.keys(spec.featureGates)
    .sort()
    .map((gate) => `${gate}=${String(spec.featureGates[gate])}`)
    .join(',');
}

/**
 * A stable text naming everything a verdict may depend on (for cache keys): two specs with the same
 * key give the same defaulting, validation, hashes and simulation. What was declared is part of it.
 */
export function clusterSpecKey(spec: ClusterSpec): string {
  // A spec is never changed once made, so its key is computed once (100 declared nodes make a long key).
  const cached = specKeys.get(spec);
  if (cached !== undefined) return cached;
  const key = computeClusterSpecKey(spec);
  specKeys.set(spec, key);
  return key;
}

const specKeys = new WeakMap<ClusterSpec, string>();

function computeClusterSpecKey(spec: ClusterSpec): string {
  const declared = ['serviceCIDRs', 'nodePortRange', 'clusterDomain'].filter((key) => spec.declared[key as keyof ClusterDeclaration] !== undefined);
  const crds = spec.declared.crds && spec.declared.crds.length > 0 ? `|crds=${spec.declared.crds.join(',')}` : '';
  const nodes = spec.declared.nodes === undefined ? '' : `|nodes=${nodesKey(spec.nodes)}`;
  return `${spec.version}|${featureGatesKey(spec)}|${networkKey(spec.network)}|${spec.clusterDomain}|${declared.join(',')}${crds}${nodes}`;
}
