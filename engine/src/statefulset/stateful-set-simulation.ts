// StatefulSet previews: apply a manifest to a simulated cluster and replay the controller pass by
// pass, listing the ordered pods with their identity (hostname, DNS name, claims, revision).
import { Cluster, type ClusterOptions } from '../cluster/cluster';
import type { PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import type { ClusterSpec } from '../model/cluster-spec';
import { cloneJson } from '../model/clone';
import type { RevisionCodec } from '../history/controller-history';
import { StatefulSetController } from './stateful-set-controller';
import { defaultStatefulSet } from '../defaulting/workload-defaults';
import { statefulSetRevisionCodec } from './revision-codec';
import type { StatefulSetStatus } from './stateful-set-status';
import { claimNamesForOrdinal, getOrdinal, getPodRevision, isTerminating, podDnsName } from './stateful-set-util';

/** One pod of a StatefulSet as the preview shows it. */
export interface StatefulSetPodView {
  name: string;
  ordinal: number;
  hostname: string;
  /** `<pod>.<service>.<namespace>.svc.<clusterDomain>`, absent without serviceName. */
  dnsName?: string;
  claims: string[];
  /** The controller-revision-hash label (the revision name). */
  revision: string;
  /** What `kubectl get pods` shows in STATUS. */
  status: string;
  ready: boolean;
  terminating: boolean;
}

/** One controller pass that changed something. */
export interface StatefulSetPreviewStep {
  /** Simulated ms since the start of the preview. */
  time: number;
  /** Event messages of the pass, in order (`create Pod web-0 in StatefulSet web successful`). */
  messages: string[];
  pods: StatefulSetPodView[];
  status?: StatefulSetStatus;
}

/** A whole preview. */
export interface StatefulSetPreview {
  steps: StatefulSetPreviewStep[];
  /** True when the controller stopped making progress before the rollout finished (e.g. a pod never Ready). */
  stuck: boolean;
  finalPods: StatefulSetPodView[];
  claims: string[];
}

/** Options of a preview. */
export interface StatefulSetPreviewOptions {
  /** The release, feature gates and cluster domain the preview runs with. */
  clusterSpec: ClusterSpec;
  /** Defaults to the release's byte-exact codec. */
  codec?: RevisionCodec;
  kubelet?: ClusterOptions['kubelet'];
  /** Stop after this many steps (default 10 000). */
  maxSteps?: number;
}

/**
 * Creates or updates a StatefulSet in the cluster like `kubectl apply`: the API server's defaults
 * for the cluster's release, uid, creationTimestamp and generation 1 for a new object; a changed
 * spec bumps the generation; status is kept.
 */
export function applyStatefulSet(cluster: Cluster, manifest: StatefulSet): StatefulSet {
  const namespace = manifest.metadata.namespace ?? 'default';
  const existing = cluster.statefulSets.get(manifest.metadata.name, namespace);
  const next = defaultStatefulSet(cloneJson(manifest), cluster.spec);
  if (existing === undefined) {
    next.metadata = { ...next.metadata, ...cluster.newObjectMeta(manifest.metadata.name, namespace) };
    delete next.status;
  } else {
    const specChanged = JSON.stringify(existing.spec) !== JSON.stringify(next.spec);
    next.metadata = {
      ...existing.metadata,
      labels: next.metadata.labels,
      annotations: next.metadata.annotations,
      generation: (existing.metadata.generation ?? 1) + (specChanged ? 1 : 0),
    };
    if (existing.status) next.status = existing.status;
  }
  cluster.statefulSets.put(next);
  return next;
}

/** The set's pods in ordinal order, as preview views. */
export function statefulSetPodViews(set: StatefulSet, pods: readonly Pod[], clusterDomain = 'cluster.local'): StatefulSetPodView[] {
  const namespace = set.metadata.namespace ?? 'default';
  return [...pods]
    .sort((a, b) => getOrdinal(a.metadata.name) - getOrdinal(b.metadata.name) || Number(isTerminating(b)) - Number(isTerminating(a)))
    .map((pod) => {
      const ordinal = getOrdinal(pod.metadata.name);
      const hostname = typeof pod.spec.hostname === 'string' ? pod.spec.hostname : pod.metadata.name;
      const view: StatefulSetPodView = {
        name: pod.metadata.name,
        ordinal,
        hostname,
        claims: [...claimNamesForOrdinal(set, ordinal)],
        revision: getPodRevision(pod),
        status: pod.status.displayStatus,
        ready: pod.status.ready,
        terminating: isTerminating(pod),
      };
      const subdomain = typeof pod.spec.subdomain === 'string' ? pod.spec.subdomain : undefined;
      if (subdomain) view.dnsName = podDnsName(hostname, subdomain, namespace, clusterDomain);
      return view;
    });
}

/** Runs the cluster until nothing is left to do, recording every pass that changed something. */
export function runStatefulSetUntilSettled(
  cluster: Cluster,
  controller: StatefulSetController,
  set: StatefulSet,
  options: { maxSteps?: number } = {},
): StatefulSetPreviewStep[] {
  const steps: StatefulSetPreviewStep[] = [];
  const maxSteps = options.maxSteps ?? 10_000;
  const namespace = set.metadata.namespace ?? 'default';
  for (;;) {
    const writeMark = cluster.recorder.writeMark;
    const changed = cluster.step();
    if (changed.length > 0) {
      const current = cluster.statefulSets.get(set.metadata.name, namespace) ?? set;
      steps.push({
        time: cluster.now,
        // Events created or patched in the pass (a repeat bumps the count of the event it repeats).
        messages: cluster.recorder.writtenSince(writeMark).map((event) => event.message),
        pods: statefulSetPodViews(current, controller.podsOf(cluster, current), cluster.spec.clusterDomain),
        status: controller.lastResults.get(`${namespace}/${set.metadata.name}`)?.status,
      });
      if (steps.length >= maxSteps) break;
      continue;
    }
    // Only the transitions the controller reads (Ready, termination end, its own wake-ups): a pod's
    // scheduling and container start change no StatefulSet decision, so they would add empty passes.
    if (!cluster.advance(Number.POSITIVE_INFINITY, false)) break;
  }
  return steps;
}

/**
 * Previews a StatefulSet from nothing (or from `before`, settled first and not recorded) to `after`:
 * each step lists the ordered pods with hostname, DNS name, claims and revision.
 */
export function simulateStatefulSetRollout(after: StatefulSet, options: StatefulSetPreviewOptions, before?: StatefulSet): StatefulSetPreview {
  const cluster = new Cluster({ spec: options.clusterSpec, kubelet: options.kubelet });
  const codec = options.codec ?? statefulSetRevisionCodec(options.clusterSpec);
  const controller = new StatefulSetController(() => codec);
  cluster.registerController(controller);
  if (before) {
    const initial = applyStatefulSet(cluster, before);
    runStatefulSetUntilSettled(cluster, controller, initial, { maxSteps: options.maxSteps });
  }
  const applied = applyStatefulSet(cluster, after);
  const steps = runStatefulSetUntilSettled(cluster, controller, applied, { maxSteps: options.maxSteps });
  const final = cluster.statefulSets.get(applied.metadata.name, applied.metadata.namespace ?? 'default') ?? applied;
  const finalPods = statefulSetPodViews(final, controller.podsOf(cluster, final), cluster.spec.clusterDomain);
  const status = final.status;
  const replicas = final.spec.replicas ?? 1;
  const stuck = !(status && status.readyReplicas === replicas && status.replicas === replicas);
  const claims = cluster.persistentVolumeClaims.list().map((claim: PersistentVolumeClaim) => claim.metadata.name);
  return { steps, stuck, finalPods, claims };
}
