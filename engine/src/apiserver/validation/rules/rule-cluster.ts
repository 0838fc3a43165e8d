// The cluster one kind's rules are checked against, passed whole: the release and its feature gates
// (the fields of the coming ClusterSpec that validation reads).
import { versionOfGates, type GateSource } from '../../../defaulting/feature-gates';
import type { KubernetesVersion } from '../../../model/kubernetes-version';

/** The release and the feature gates (the release's own, or a cluster's overrides) a verdict is for. */
export interface RuleCluster {
  readonly version: KubernetesVersion;
  readonly gates: GateSource;
}

/** The cluster of a gate source: its release with those gates. */
export function ruleClusterOf(gates: GateSource): RuleCluster {
  return { version: versionOfGates(gates), gates };
}
