// The controllers of kind's system pods as `kubectl get deploy|rs|ds` lists them: kubeadm's `coredns` Deployment
// (2 replicas, `k8s-app: kube-dns`, cmd/kubeadm/app/phases/addons/dns/manifests.go) and its ReplicaSet, kubeadm's
// `kube-proxy` DaemonSet (phases/addons/proxy/manifests.go: `k8s-app: kube-proxy`, nodeSelector
// `kubernetes.io/os: linux`), kind's `kindnet` DaemonSet (pkg/build/nodeimage/const_cni.go: labels tier, app and
// k8s-app, selector `app: kindnet`, nodeSelector `kubernetes.io/os: linux`) and its `local-path-provisioner`
// Deployment in local-path-storage (const_storage.go: 1 replica, selector `app: local-path-provisioner`). Their
// counts follow the system pods that still exist. They are read-only here: no controller runs them (a deleted
// system pod is not replaced), and their images depend on kind's release, so none is stated. The ReplicaSets'
// template hashes are the illustrative ones of the pods' names.
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort } from '../cluster/pod-cohort';
import { isReadyAt } from '../kubelet/pod-timeline';
import type { DaemonSet } from '../model/daemonset-objects';
import type { Deployment, JsonObject, ObjectMeta, ReplicaSet } from '../model/objects';
import { kindSystemControllers, type KindSystemController } from './kind-system-pods';

/** The system Deployments, ReplicaSets and DaemonSets of a namespace, as stored objects. */
interface KindSystemWorkloads {
  deployments: Deployment[];
  replicaSets: ReplicaSet[];
  daemonSets: DaemonSet[];
}

/** Each owner's Deployment (a ReplicaSet's), or the DaemonSet's own labels: name, replicas, labels and selector. */
const DEPLOYMENTS: Record<string, { name: string; replicas: number; labels: Record<string, string>; selector: Record<string, string> }> = {
  'kube-system': { name: 'coredns', replicas: 2, labels: { 'k8s-app': 'kube-dns' }, selector: { 'k8s-app': 'kube-dns' } },
  'local-path-storage': { name: 'local-path-provisioner', replicas: 1, labels: {}, selector: { app: 'local-path-provisioner' } },
};
const DAEMONSET_SELECTORS: Record<string, Record<string, string>> = { kindnet: { app: 'kindnet' }, 'kube-proxy': { 'k8s-app': 'kube-proxy' } };
const LINUX = { 'kubernetes.io/os': 'linux' };

function podCounts(cluster: Cluster, uid: string): { total: number; ready: number } {
  let total = 0;
  let ready = 0;
  for (const cohort of cluster.podsOwnedBy(uid)) {
    if (!isActiveCohort(cohort)) continue;
    total += cohort.names.length;
    if (isReadyAt(cohort.timeline, cluster.now)) ready += cohort.names.length;
  }
  return { total, ready };
}

function metadataOf(cluster: Cluster, owner: KindSystemController, name: string, labels: Record<string, string>, uid: string): ObjectMeta {
  const metadata: ObjectMeta = { name, namespace: owner.namespace, uid, generation: 1, creationTimestamp: cluster.timestamp(0) };
  if (Object.keys(labels).length > 0) metadata.labels = { ...labels };
  return metadata;
}

function templateOf(owner: KindSystemController, labels: Record<string, string>): { metadata: { labels: Record<string, string> }; spec: JsonObject } {
  return { metadata: { labels: { ...labels } }, spec: { ...owner.spec, nodeSelector: { ...LINUX } } };
}

/** kind's system workloads in `namespace` (none outside kube-system and local-path-storage). */
export function kindSystemWorkloads(cluster: Cluster, namespace: string): KindSystemWorkloads {
  const workloads: KindSystemWorkloads = { deployments: [], replicaSets: [], daemonSets: [] };
  for (const owner of kindSystemControllers(cluster)) {
    if (owner.namespace !== namespace) continue;
    const { total, ready } = podCounts(cluster, owner.uid);
    if (owner.kind === 'DaemonSet') {
      const selector = DAEMONSET_SELECTORS[owner.name] ?? {};
      const labels = owner.name === 'kindnet' ? owner.labels : selector;
      workloads.daemonSets.push({
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: metadataOf(cluster, owner, owner.name, labels, owner.uid),
        spec: { selector: { matchLabels: selector }, template: templateOf(owner, owner.labels) },
        status: {
          // kubesim runs kindnet's and kube-proxy's pods on the control plane only (a real multi-node kind cluster
          // runs one per node), so the counts are those of the pods that exist.
          desiredNumberScheduled: total,
          currentNumberScheduled: total,
          numberMisscheduled: 0,
          numberReady: ready,
          updatedNumberScheduled: total,
          numberAvailable: ready,
        },
      } as DaemonSet);
      continue;
    }
    const deployment = DEPLOYMENTS[owner.namespace]!;
    const template = templateOf(owner, owner.labels);
    workloads.replicaSets.push({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: metadataOf(cluster, owner, owner.name, owner.labels, owner.uid),
      spec: {
        replicas: deployment.replicas,
        selector: { matchLabels: { ...deployment.selector, 'pod-template-hash': owner.labels['pod-template-hash']! } },
        template,
      },
      status: { replicas: total, readyReplicas: ready, availableReplicas: ready },
    });
    const metadata = metadataOf(cluster, owner, deployment.name, deployment.labels, `${owner.uid}/deployment`);
    metadata.annotations = { 'deployment.kubernetes.io/revision': '1' };
    workloads.deployments.push({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata,
      spec: { replicas: deployment.replicas, selector: { matchLabels: deployment.selector }, template: templateOf(owner, deployment.selector) },
      status: { replicas: total, updatedReplicas: total, readyReplicas: ready, availableReplicas: ready },
    } as Deployment);
  }
  return workloads;
}
