// The cluster of a command: `.kubesim.yaml` found upward from each file, overridden field by field by
// the flags `--ip-families`, `--service-cidrs`, `--node-port-range` and `--cluster-domain`, and gate by
// gate by `--feature-gates Name=true,Other=false` (kube-apiserver's syntax); `--nodes N` declares kind's
// control plane and N workers. The analysis's
// ClusterResolver does the resolving; this file only reads the flags and words the problems.
import type { KubernetesVersion } from '@kubesim/engine';
import { ClusterResolver } from '@kubesim/analysis';
import { UsageError } from './usage-error';

/** The parseArgs options every command that checks manifests takes. */
export const CLUSTER_FLAGS = {
  'ip-families': { type: 'string' },
  'service-cidrs': { type: 'string' },
  'node-port-range': { type: 'string' },
  'cluster-domain': { type: 'string' },
  'feature-gates': { type: 'string' },
  nodes: { type: 'string' },
} as const;

type ClusterFlagValues = { [K in keyof typeof CLUSTER_FLAGS]?: string | undefined };

/**
 * The resolver of one run for release `version`: the flags over the nearest `.kubesim.yaml` of each
 * file. A bad flag is a usage error; problems in a profile file, and feature gates the release cannot
 * take, are written once each with `warn` (the checks ignore those values).
 */
export function clusterResolverOf(values: ClusterFlagValues, version: KubernetesVersion, warn: (text: string) => void): ClusterResolver {
  const resolver = new ClusterResolver(version, (notice) => {
    if (notice.kind !== 'found') warn(`kubesim: ${notice.text}`);
  });
  const problems = resolver.setOverrides(
    {
      ...(values['ip-families'] !== undefined ? { ipFamilies: values['ip-families'] } : {}),
      ...(values['service-cidrs'] !== undefined ? { serviceCIDRs: values['service-cidrs'] } : {}),
      ...(values['node-port-range'] !== undefined ? { nodePortRange: values['node-port-range'] } : {}),
      ...(values['cluster-domain'] !== undefined ? { clusterDomain: values['cluster-domain'] } : {}),
      ...(values['feature-gates'] !== undefined ? { featureGates: values['feature-gates'] } : {}),
      ...(values.nodes !== undefined ? { nodes: values.nodes } : {}),
    },
    'flags',
  );
  if (problems.length > 0) throw new UsageError(problems[0]!.replace(/^flags: /, ''));
  return resolver;
}
