// The pods a new kind cluster runs before the first command, stored as pods (no controller manages them
// here): CoreDNS (2 replicas of kubeadm's coredns Deployment, cmd/kubeadm/app/phases/addons/dns), the
// kube-proxy DaemonSet's pod (kubeadm phases/addons/proxy), kind's kindnet DaemonSet pod (kubernetes-sigs/kind
// images/kindnetd), the four control-plane static pods named `<component>-<node>` (kubeadm phases/controlplane
// and etcd; their mirror pods are owned by the Node), and kind's local-path-provisioner in local-path-storage
// (kind pkg/cluster/internal/create/actions/installstorage). kube-proxy, kindnet and the static pods use the
// host network (the node's address); CoreDNS and the provisioner take the first pod addresses of the node's
// range in that order, as they do on kind. Name suffixes and template hashes are illustrative.
import { KIND_CONTROL_PLANE } from '../model/cluster-nodes';
import type { Cluster } from '../cluster/cluster';
import { SeededRandom } from '../cluster/name-generator';
import type { JsonObject } from '../model/objects';
import { serviceNetworkOf } from './service-network';

/** The node every pod runs on (a single-node kind cluster). */
const NODE = KIND_CONTROL_PLANE;

interface SystemPod {
  namespace: string;
  owner: { kind: 'ReplicaSet' | 'DaemonSet' | 'Node'; name: string };
  names: string[];
  labels: Record<string, string>;
  spec: JsonObject;
}

function container(name: string, ports: JsonObject[] = []): JsonObject {
  return { name, ...(ports.length > 0 ? { ports } : {}) };
}

function hostPod(namespace: string, owner: SystemPod['owner'], names: string[], labels: Record<string, string>, containerName: string): SystemPod {
  return { namespace, owner, names, labels, spec: { hostNetwork: true, nodeName: NODE, containers: [container(containerName)] } };
}

function systemPods(random: SeededRandom): SystemPod[] {
  const corednsHash = random.nameSuffix(10);
  const provisionerHash = random.nameSuffix(10);
  const dnsPorts: JsonObject[] = [
    { containerPort: 53, name: 'dns', protocol: 'UDP' },
    { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
    { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
  ];
  const staticPod = (component: string): SystemPod =>
    hostPod('kube-system', { kind: 'Node', name: NODE }, [`${component}-${NODE}`], { component, tier: 'control-plane' }, component);
  return [
    {
      namespace: 'kube-system',
      owner: { kind: 'ReplicaSet', name: `coredns-${corednsHash}` },
      names: [`coredns-${corednsHash}-${random.nameSuffix()}`, `coredns-${corednsHash}-${random.nameSuffix()}`],
      labels: { 'k8s-app': 'kube-dns', 'pod-template-hash': corednsHash },
      spec: { dnsPolicy: 'Default', nodeName: NODE, containers: [container('coredns', dnsPorts)] },
    },
    {
      namespace: 'local-path-storage',
      owner: { kind: 'ReplicaSet', name: `local-path-provisioner-${provisionerHash}` },
      names: [`local-path-provisioner-${provisionerHash}-${random.nameSuffix()}`],
      labels: { app: 'local-path-provisioner', 'pod-template-hash': provisionerHash },
      spec: { nodeName: NODE, containers: [container('local-path-provisioner')] },
    },
    staticPod('etcd'),
    staticPod('kube-apiserver'),
    staticPod('kube-controller-manager'),
    staticPod('kube-scheduler'),
    hostPod(
      'kube-system',
      { kind: 'DaemonSet', name: 'kindnet' },
      [`kindnet-${random.nameSuffix()}`],
      { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' },
      'kindnet-cni',
    ),
    hostPod('kube-system', { kind: 'DaemonSet', name: 'kube-proxy' }, [`kube-proxy-${random.nameSuffix()}`], { 'k8s-app': 'kube-proxy' }, 'kube-proxy'),
  ];
}

const SYSTEM_OWNERS = new WeakMap<Cluster, Set<string>>();
const SYSTEM_CONTROLLERS = new WeakMap<Cluster, KindSystemController[]>();

/** A ReplicaSet or DaemonSet of kind's system pods: the owner their pods name, and their template. */
export interface KindSystemController {
  namespace: string;
  kind: 'ReplicaSet' | 'DaemonSet';
  name: string;
  uid: string;
  labels: Record<string, string>;
  spec: JsonObject;
}

/** The owner uids of kind's system pods in `cluster` (the session's final summary lists the user's pods only). */
export function kindSystemOwnerUids(cluster: Cluster): ReadonlySet<string> {
  return SYSTEM_OWNERS.get(cluster) ?? new Set();
}

/** The ReplicaSets and DaemonSets that own kind's system pods in `cluster` (the static pods' Node aside). */
export function kindSystemControllers(cluster: Cluster): readonly KindSystemController[] {
  return SYSTEM_CONTROLLERS.get(cluster) ?? [];
}

/** Stores kind's system pods, Running and Ready since the cluster started (simulated time 0). */
export function bootstrapSystemPods(cluster: Cluster): void {
  const random = new SeededRandom(`${String(cluster.seed)}/kind-system-pods`);
  const network = serviceNetworkOf(cluster);
  const owners = new Set<string>();
  const controllers: KindSystemController[] = [];
  SYSTEM_OWNERS.set(cluster, owners);
  SYSTEM_CONTROLLERS.set(cluster, controllers);
  for (const pod of systemPods(random)) {
    const owner = { apiVersion: pod.owner.kind === 'Node' ? 'v1' : 'apps/v1', kind: pod.owner.kind, name: pod.owner.name, uid: random.uid(), controller: true };
    owners.add(owner.uid);
    if (pod.owner.kind !== 'Node')
      controllers.push({ namespace: pod.namespace, kind: pod.owner.kind, name: pod.owner.name, uid: owner.uid, labels: pod.labels, spec: pod.spec });
    const cohort = cluster.createPods(owner, pod.namespace, { metadata: { labels: pod.labels }, spec: pod.spec }, { names: pod.names }, KIND_CONTROL_PLANE);
    cohort.timeline = { createdAt: 0, scheduledAt: 0, runningAt: 0, readyAt: 0 };
    for (const name of cohort.names) network.podIp(cohort, name);
  }
}
