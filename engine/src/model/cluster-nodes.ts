// The nodes of the simulated cluster, as the scheduler, the DaemonSet controller and `kubectl describe
// node` see them. Undeclared, the cluster is kind's default: one control-plane node that runs pods
// (kind removes the control-plane taint when a cluster has no workers), with an allocatable that is
// illustrative, since it is the machine's in a real kind cluster. A count declares kind's layout with
// that many workers (`kind-worker`, `kind-worker2`, ...) beside a tainted control plane; a list
// declares each node. Allocatable values stay quantity text as a Node's `status.allocatable` holds them.

/** A node taint (`spec.taints[*]`). */
export interface NodeTaint {
  readonly key: string;
  readonly value?: string;
  readonly effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
}

/** One node as declared in a `.kubesim.yaml` (`nodes:` list items); absent fields take kind's values. */
export interface NodeDeclaration {
  readonly name?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly taints?: readonly NodeTaint[];
  /** Resource name to quantity text: `cpu`, `memory`, `ephemeral-storage`, `pods`, extended resources. */
  readonly allocatable?: Readonly<Record<string, string>>;
  readonly unschedulable?: boolean;
}

/** `nodes:` of a profile: a count of kind workers, or the nodes themselves. */
export type NodesDeclaration = number | readonly NodeDeclaration[];

/** A node of the simulated cluster, every field resolved. */
export interface ClusterNode {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly NodeTaint[];
  readonly allocatable: Readonly<Record<string, string>>;
  readonly unschedulable: boolean;
}

/** kind's control-plane node name. */
export const KIND_CONTROL_PLANE = 'kind-control-plane';

/** The taint kubeadm puts on control-plane nodes (kind keeps it when the cluster has workers). */
export const CONTROL_PLANE_TAINT: NodeTaint = Object.freeze({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' });

/**
 * The allocatable of an undeclared node: a plausible laptop-sized kind node, and the kubelet's default
 * `--max-pods` of 110. Outputs that depend on it say it is illustrative.
 */
export const ILLUSTRATIVE_ALLOCATABLE: Readonly<Record<string, string>> = Object.freeze({
  cpu: '4',
  memory: '16Gi',
  'ephemeral-storage': '100Gi',
  pods: '110',
});

/** The labels the kubelet and kubeadm put on every node of a kind cluster. */
function kindNodeLabels(name: string, controlPlane: boolean): Record<string, string> {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
  };
  if (controlPlane) {
    labels['node-role.kubernetes.io/control-plane'] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
  }
  return labels;
}

function kindNode(name: string, controlPlane: boolean, tainted: boolean): ClusterNode {
  return {
    name,
    labels: kindNodeLabels(name, controlPlane),
    taints: tainted ? [CONTROL_PLANE_TAINT] : [],
    allocatable: ILLUSTRATIVE_ALLOCATABLE,
    unschedulable: false,
  };
}

/** kind's worker names: `kind-worker`, `kind-worker2`, `kind-worker3`, ... */
function kindWorkerName(index: number): string {
  return index === 0 ? 'kind-worker' : `kind-worker${index + 1}`;
}

/** The nodes a declaration gives (undeclared: kind's single untainted control plane). */
export function clusterNodesOf(declared: NodesDeclaration | undefined): readonly ClusterNode[] {
  if (declared === undefined) return [kindNode(KIND_CONTROL_PLANE, true, false)];
  if (typeof declared === 'number') {
    const workers = Math.max(0, Math.floor(declared));
    if (workers === 0) return [kindNode(KIND_CONTROL_PLANE, true, false)];
    return [kindNode(KIND_CONTROL_PLANE, true, true), ...Array.from({ length: workers }, (_, index) => kindNode(kindWorkerName(index), false, false))];
  }
  return declared.map((node, index) => {
    const name = node.name ?? kindWorkerName(index);
    return {
      name,
      labels: { ...kindNodeLabels(name, false), ...node.labels },
      taints: node.taints ?? [],
      allocatable: { ...ILLUSTRATIVE_ALLOCATABLE, ...node.allocatable },
      unschedulable: node.unschedulable ?? false,
    };
  });
}

/** Stable text for cache keys. */
export function nodesKey(nodes: readonly ClusterNode[]): string {
  return JSON.stringify(nodes);
}
