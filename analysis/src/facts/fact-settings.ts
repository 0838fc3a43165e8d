// The settings that change computed facts: the Kubernetes release and the cluster DNS domain.
import { DEFAULT_KUBERNETES_VERSION, featureGatesOf, type FeatureGateOverrides, type FeatureGates, type KubernetesVersion } from '@kubesim/engine';

/** What hovers and code lenses compute against (`kubesim.kubernetesVersion`, `kubesim.clusterDomain`). */
export interface FactSettings {
  kubernetesVersion: KubernetesVersion;
  clusterDomain: string;
  /** The cluster profile's `featureGates` (absent: the release defaults). */
  featureGates?: FeatureGateOverrides;
}

/** The feature gates facts are computed with: the release's, with the profile's overrides. */
export function gatesOfSettings(settings: FactSettings): FeatureGates {
  return featureGatesOf(settings.kubernetesVersion, settings.featureGates);
}

/** The kubelet and CoreDNS default cluster domain. */
export const DEFAULT_CLUSTER_DOMAIN = 'cluster.local';

/** Settings used when the client sends none. */
export const DEFAULT_FACT_SETTINGS: FactSettings = { kubernetesVersion: DEFAULT_KUBERNETES_VERSION, clusterDomain: DEFAULT_CLUSTER_DOMAIN };
