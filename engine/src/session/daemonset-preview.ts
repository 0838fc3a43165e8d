// A DaemonSet's update node by node, as the engine's DaemonSet controller (daemonset/, pkg/controller/daemon) runs
// it: the old manifest settled on every eligible node, the new one applied, then the pods of each node after
// every controller pass until the update is done (maxSurge pods beside the old ones, maxUnavailable at a time).
// OnDelete replaces nothing until a pod is deleted, which the preview says.
import type { Cluster } from '../cluster/cluster';
import type { ClusterSpec } from '../model/cluster-spec';
import type { DaemonSet } from '../model/daemonset-objects';
import type { KubernetesObject } from '../model/objects';
import { applyDaemonSet } from '../kubectl/daemonset-apply';
import { daemonSetNames } from '../daemonset/daemonset-names';
import { DAEMONSET_HASH_LABEL } from '../daemonset/daemonset-util';
import { podStatusAt } from '../kubelet/pod-timeline';
import { createDeploymentCluster, runUntil } from './simulation-clock';
import { applyForPreview, secondsOf, type DaemonPodView, type DaemonSetFrameView, type DaemonSetPreview, type WorkloadPreviewResult } from './workload-preview';

/** Frames recorded at most (a 100-node update with maxUnavailable 1 takes about 300 passes). */
const MAX_FRAMES = 1000;
/** Simulated time a rollout may take before the preview stops waiting. */
const LIMIT_MS = 3600_000;

/** Input of previewDaemonSet. */
interface DaemonSetPreviewInput {
  /** The running version; absent: the preview shows the DaemonSet's creation. */
  oldManifest?: KubernetesObject;
  newManifest: KubernetesObject;
  cluster: ClusterSpec;
  seed?: number | string;
}

function storedDaemonSet(cluster: Cluster, manifest: KubernetesObject): DaemonSet | undefined {
  return cluster.daemonSets.get(manifest.metadata.name, manifest.metadata.namespace ?? 'default');
}

// Every desired node runs an updated, available pod and no other pod is left.
function isRolledOut(cluster: Cluster, daemonSet: DaemonSet | undefined): boolean {
  if (!daemonSet) return true;
  const status = daemonSet.status;
  const pods = cluster.podsOwnedBy(daemonSet.metadata.uid ?? '').reduce((total, cohort) => total + cohort.names.length, 0);
  return (
    status.updatedNumberScheduled === status.desiredNumberScheduled &&
    status.numberAvailable === status.desiredNumberScheduled &&
    pods === status.desiredNumberScheduled
  );
}

type NodeFrame = DaemonSetFrameView['nodes'][number];

function samePods(a: readonly DaemonPodView[], b: readonly DaemonPodView[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const x = a[index]!;
    const y = b[index]!;
    if (x.name !== y.name || x.revision !== y.revision || x.hash !== y.hash || x.state !== y.state) return false;
  }
  return true;
}

// The pods of each node at this pass. A node whose pods read the same as in the frame before keeps that frame's
// entry (frames are plain data nobody changes): a pass changes a few nodes, and 100 nodes by 200 passes of fresh
// entries cost more than the controller's own work.
function frameOf(cluster: Cluster, daemonSet: DaemonSet, newHash: string, second: number, summary: string, before?: DaemonSetFrameView): DaemonSetFrameView {
  const byNode = new Map<string, DaemonPodView[]>(cluster.nodes.map((node) => [node.name, []]));
  for (const cohort of cluster.podsOwnedBy(daemonSet.metadata.uid ?? '')) {
    const hash = cohort.labels[DAEMONSET_HASH_LABEL] ?? '';
    // One status per cohort (its pods share the kubelet timeline), not a full Pod object per pod and frame.
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    const state = cohort.deletedAt !== undefined ? 'Terminating' : status.ready ? 'Ready' : status.phase === 'Running' ? 'Running' : 'Pending';
    const list = byNode.get(cohort.nodeName ?? '') ?? [];
    for (const name of cohort.names) list.push({ name, revision: hash === newHash ? 'new' : 'old', hash, state });
    byNode.set(cohort.nodeName ?? '', list);
  }
  const nodes: NodeFrame[] = [];
  for (const [node, pods] of byNode) {
    const earlier = before?.nodes[nodes.length];
    nodes.push(earlier !== undefined && earlier.node === node && samePods(earlier.pods, pods) ? earlier : { node, pods });
  }
  return { second, summary, nodes };
}

function summaryOf(daemonSet: DaemonSet): string {
  const status = daemonSet.status;
  return `${status.updatedNumberScheduled ?? 0} of ${status.desiredNumberScheduled} nodes updated, ${status.numberAvailable ?? 0} available`;
}

/** Simulates applying `newManifest` over a settled `oldManifest` (or onto an empty cluster), node by node. */
export function previewDaemonSet(input: DaemonSetPreviewInput): WorkloadPreviewResult {
  const cluster = createDeploymentCluster({ spec: input.cluster, seed: input.seed });
  if (input.oldManifest && applyForPreview(cluster, applyDaemonSet, input.oldManifest) === undefined)
    runUntil(cluster, () => isRolledOut(cluster, storedDaemonSet(cluster, input.oldManifest!)), LIMIT_MS);
  const start = cluster.now;
  const rejection = applyForPreview(cluster, applyDaemonSet, input.newManifest);
  if (rejection !== undefined) return { rejection };
  const daemonSet = storedDaemonSet(cluster, input.newManifest)!;
  const names = daemonSetNames(input.newManifest as never, input.cluster, daemonSet.status.collisionCount)!;
  const hash = names.controllerRevisionHash;
  const frames: DaemonSetFrameView[] = [frameOf(cluster, daemonSet, hash, 0, 'The new manifest is applied.')];
  const record = (): void => {
    const current = storedDaemonSet(cluster, input.newManifest)!;
    if (frames.length < MAX_FRAMES) frames.push(frameOf(cluster, current, hash, secondsOf(cluster.now - start), summaryOf(current), frames.at(-1)));
  };
  const onDelete = names.updateStrategy === 'OnDelete';
  const done = runUntil(cluster, () => onDelete || isRolledOut(cluster, storedDaemonSet(cluster, input.newManifest)), LIMIT_MS, record);
  const final = storedDaemonSet(cluster, input.newManifest)!;
  const stale = final.status.desiredNumberScheduled - (final.status.updatedNumberScheduled ?? 0);
  const message = onDelete
    ? stale > 0
      ? `OnDelete: the controller replaces none of the ${stale} old pod${stale === 1 ? '' : 's'}; each node gets the new template when its pod is deleted.`
      : `OnDelete: every node already runs the new template (${final.status.desiredNumberScheduled} pods).`
    : done
      ? `Every eligible node runs the new template after ${secondsOf(cluster.now - start)}s (${final.status.desiredNumberScheduled} nodes).`
      : `The update is not done after ${secondsOf(LIMIT_MS)}s: ${summaryOf(final)}.`;
  const preview: DaemonSetPreview = {
    kind: 'DaemonSet',
    updateStrategy: names.updateStrategy,
    minReadySeconds: daemonSet.spec.minReadySeconds ?? 0,
    nodes: names.nodes.map((node) => (node.runs ? node : { ...node, reason: 'its labels or taints keep the pod out' })),
    revisionName: names.controllerRevisionName,
    revisionHash: hash,
    frames,
    message,
  };
  if (names.maxUnavailable !== undefined) preview.maxUnavailable = names.maxUnavailable;
  if (names.maxSurge !== undefined) preview.maxSurge = names.maxSurge;
  return { preview };
}
