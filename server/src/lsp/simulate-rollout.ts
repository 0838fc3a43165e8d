// The `kubesim/simulateRollout` request: runs the engine's controllers on base -> edited manifest and
// converts every controller pass into the RolloutView the webview renders.
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  applyDeployment, createDeploymentCluster, defaultKubeletOptions, imagesOf, maxSurge, maxUnavailable, podStatusAt, revisionOf,
  rollbackDeployment, rolloutStatusMessage, replicaSetsForDeployment, setPaused, simulateStatefulSetRollout, statefulSetRevisionCodec,
  POD_TEMPLATE_HASH_LABEL, getDeploymentCondition, TIMED_OUT_REASON,
  type Cluster, type Deployment, type JsonValue, type KubeEvent, type StatefulSet,
} from '../../../engine/src/index';
import {
  EVENTS_PER_STEP, Methods, type EventView, type PodView, type ReplicaSetView, type RolloutChange, type RolloutOutcome, type RolloutStep, type RolloutView,
  type SimulateRolloutParams, type SimulateRolloutResult, type SourceSpan, type WhatIf,
} from '../../../protocol/src/index';
import type { FactSettings } from '../facts/fact-settings';
import { spanForPath, type ManifestObject } from '../manifest/manifest-document';
import { objectsOf, parseManifestFile, problemsOf, type ManifestFile } from '../manifest/manifest-file';
import type { ManifestStore } from './document-store';

/** Pods listed per step; the rest are counted in `podsOmitted`. */
export const POD_LIMIT = 60;
/** Controller passes recorded at most (a 100,000-replica rollout takes a few thousand). */
export const MAX_STEPS = 10_000;
/** Simulated time after the last change we keep waiting for progress (covers the default 600 s deadline). */
const TAIL_MS = 3_600_000;

type Workload = Deployment | StatefulSet;

function isWorkload(object: ManifestObject): boolean {
  return object.apiVersion === 'apps/v1' && (object.kind === 'Deployment' || object.kind === 'StatefulSet') && typeof object.name === 'string';
}

/** The workload containing `offset`, else the file's first workload. */
export function workloadAt(file: ManifestFile, offset: number): ManifestObject | undefined {
  const workloads = objectsOf(file).filter(isWorkload);
  return workloads.find((object) => object.document.start <= offset && offset <= object.document.end) ?? workloads[0];
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Paths where two JSON values differ, e.g. `spec.template.spec.containers[0].image`. */
export function changedPaths(before: JsonValue | undefined, after: JsonValue | undefined, path = ''): string[] {
  if (stableJson(before) === stableJson(after)) return [];
  const bothObjects = before && after && typeof before === 'object' && typeof after === 'object' && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) return [path || '(document)'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) => {
    const child = Array.isArray(after) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    return changedPaths((before as Record<string, JsonValue>)[key], (after as Record<string, JsonValue>)[key], child);
  });
}

function spansOf(object: ManifestObject): Record<string, SourceSpan> {
  const spans: Record<string, SourceSpan> = {};
  const add = (key: string, path: (string | number)[]) => {
    try {
      const span = spanForPath(object, [...object.basePath, ...path]);
      spans[key] = { start: span.start, end: span.end };
    } catch {
      // The path is absent from this manifest: nothing to reveal.
    }
  };
  add('metadata.name', ['metadata', 'name']);
  add('spec.replicas', ['spec', 'replicas']);
  add('spec.template', ['spec', 'template']);
  add('image', ['spec', 'template', 'spec', 'containers', 0, 'image']);
  add('kind', ['kind']);
  return spans;
}

function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

// ---- Deployments ----------------------------------------------------------------------------

interface DeploymentRun {
  steps: RolloutStep[];
  outcome: RolloutOutcome;
  revisions: number[];
  reusedReplicaSet?: string;
  newReplicaSetChanged: boolean;
  strategy: string;
}

function podViews(cluster: Cluster, owners: Set<string>, startMs: number): { pods: PodView[]; total: number } {
  const pods: PodView[] = [];
  let total = 0;
  for (const cohort of cluster.allCohorts()) {
    if (!owners.has(cohort.owner.uid)) continue;
    total += cohort.names.length;
    if (pods.length >= POD_LIMIT) continue;
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    const containers = Math.max(1, imagesOf(cohort.spec).length);
    for (const name of cohort.names.slice(0, POD_LIMIT - pods.length)) {
      pods.push({
        name, phase: status.phase, status: status.displayStatus, ready: status.ready, readyContainers: status.ready ? containers : 0, totalContainers: containers,
        restarts: status.restarts, owner: cohort.owner.name, createdAt: seconds(cohort.timeline.createdAt - startMs),
      });
    }
  }
  return { pods, total };
}

function eventView(event: KubeEvent, startMs: number, spans: Record<string, SourceSpan>): EventView {
  const time = seconds(event.time - startMs);
  const span = event.reason === 'ScalingReplicaSet' ? spans['spec.template'] ?? spans['metadata.name'] : spans['metadata.name'];
  const view: EventView = {
    type: event.type, reason: event.reason, source: event.source, message: event.message,
    involvedObject: `${event.involvedObject.kind}/${event.involvedObject.name}`, firstSeen: time, lastSeen: time, count: 1,
  };
  if (span) view.span = span;
  return view;
}

function stepSummary(events: EventView[], deployment: Deployment): string {
  if (events.length > 3) return `${events.slice(0, 3).map((event) => event.message).join('; ')}; …`;
  if (events.length > 0) return events.map((event) => event.message).join('; ');
  const status = deployment.status ?? {};
  return `${status.availableReplicas ?? 0} of ${deployment.spec.replicas ?? 1} available, ${status.updatedReplicas ?? 0} updated`;
}

function snapshotDeployment(cluster: Cluster, name: string, namespace: string, startMs: number, eventsFrom: number, spans: Record<string, SourceSpan>, index: number): RolloutStep {
  const deployment = cluster.deployments.get(name, namespace)!;
  const replicaSets = replicaSetsForDeployment(cluster, deployment);
  const templateHash = replicaSets.find((rs) => stableJson(withoutHash(rs.spec.template)) === stableJson(withoutHash(deployment.spec.template)))?.metadata.name;
  const replicaSetViews: ReplicaSetView[] = replicaSets
    .map((rs): ReplicaSetView => {
      const view: ReplicaSetView = {
        name: rs.metadata.name, podTemplateHash: rs.metadata.labels?.[POD_TEMPLATE_HASH_LABEL] ?? '', isNew: rs.metadata.name === templateHash,
        desired: rs.spec.replicas ?? 0, current: rs.status?.replicas ?? 0, ready: rs.status?.readyReplicas ?? 0, available: rs.status?.availableReplicas ?? 0,
        createdAt: seconds(cluster.timeOf(rs.metadata.creationTimestamp) - startMs), images: imagesOf(rs.spec.template.spec),
      };
      const revision = revisionOf(rs);
      if (!Number.isNaN(revision)) view.revision = revision;
      return view;
    })
    .sort((a, b) => Number(b.isNew) - Number(a.isNew) || (b.revision ?? 0) - (a.revision ?? 0));
  const { pods, total } = podViews(cluster, new Set(replicaSets.map((rs) => rs.metadata.uid ?? '')), startMs);
  const status = deployment.status ?? {};
  const desired = deployment.spec.replicas ?? 1;
  const recorded = cluster.events.slice(eventsFrom);
  const own = recorded.filter((event) => event.involvedObject.kind === 'Deployment');
  const others = recorded.filter((event) => event.involvedObject.kind !== 'Deployment');
  const events = [...own, ...others].slice(0, EVENTS_PER_STEP).map((event) => eventView(event, startMs, spans));
  const step: RolloutStep = {
    index, time: seconds(cluster.now - startMs), summary: stepSummary(events, deployment),
    workload: {
      replicas: status.replicas ?? 0, updatedReplicas: status.updatedReplicas ?? 0, readyReplicas: status.readyReplicas ?? 0, availableReplicas: status.availableReplicas ?? 0,
      desiredReplicas: desired, createdAt: seconds(cluster.timeOf(deployment.metadata.creationTimestamp) - startMs),
      conditions: (status.conditions ?? []).map((condition) => ({ type: condition.type, status: condition.status, reason: condition.reason, message: condition.message })),
    },
    replicaSets: replicaSetViews, pods, podsOmitted: total - pods.length, events, rolloutStatus: rolloutStatusMessage(deployment).message,
  };
  if (recorded.length > events.length) step.eventsOmitted = recorded.length - events.length;
  if (deployment.spec.strategy?.type !== 'Recreate') {
    const surge = maxSurge(deployment);
    const unavailable = maxUnavailable(deployment);
    const podsNow = replicaSetViews.reduce((sum, rs) => sum + rs.current, 0);
    step.budget = { maxSurge: surge, maxUnavailable: unavailable, surgeInUse: Math.max(0, podsNow - desired), unavailableInUse: Math.max(0, desired - (status.availableReplicas ?? 0)) };
  }
  return step;
}

function withoutHash(template: Deployment['spec']['template']): unknown {
  const labels = { ...(template.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  return { ...template, metadata: { ...(template.metadata ?? {}), labels } };
}

function simulateDeployment(before: Deployment | undefined, after: Deployment, whatIf: WhatIf, settings: FactSettings, spans: Record<string, SourceSpan>): DeploymentRun {
  const cluster = createDeploymentCluster({ version: settings.kubernetesVersion, kubelet: defaultKubeletOptions() });
  const name = after.metadata.name;
  const namespace = after.metadata.namespace ?? 'default';
  if (before) {
    applyDeployment(cluster, { ...before, metadata: { ...before.metadata, name, namespace } }, { mode: 'apply' });
    cluster.settle();
    while (cluster.advance(cluster.now + TAIL_MS)) cluster.settle();
  }
  const baseReplicaSets = new Set(cluster.replicaSets.list().map((rs) => rs.metadata.name));
  // What-if knobs act on pods created from now on; the base pods are already running.
  const readiness = whatIf.readiness;
  if (readiness.kind === 'neverReady') cluster.kubelet = { ...cluster.kubelet, failingImages: imagesOf(after.spec.template.spec) };
  else cluster.kubelet = { ...cluster.kubelet, podRunningAfterSeconds: Math.min(1, readiness.afterSeconds), podReadyAfterSeconds: readiness.afterSeconds };
  const edited: Deployment = whatIf.replicas === undefined ? after : { ...after, spec: { ...after.spec, replicas: whatIf.replicas } };
  const startMs = cluster.now;
  const eventsBefore = cluster.events.length;
  applyDeployment(cluster, edited, { mode: 'apply' });

  const steps: RolloutStep[] = [];
  let eventsFrom = eventsBefore;
  const record = () => {
    steps.push(snapshotDeployment(cluster, name, namespace, startMs, eventsFrom, spans, steps.length));
    eventsFrom = cluster.events.length;
  };
  const actions: { atMs: number; run: () => void }[] = [];
  if (whatIf.pauseAtSecond !== undefined) actions.push({ atMs: startMs + whatIf.pauseAtSecond * 1000, run: () => setPaused(cluster, name, true, namespace) });
  if (whatIf.resumeAtSecond !== undefined) actions.push({ atMs: startMs + whatIf.resumeAtSecond * 1000, run: () => setPaused(cluster, name, false, namespace) });
  actions.sort((a, b) => a.atMs - b.atMs);
  let undoPending = whatIf.undoToRevision !== undefined;
  let limit = startMs + TAIL_MS;
  while (steps.length < MAX_STEPS) {
    const changed = cluster.step();
    if (changed.length > 0) {
      record();
      continue;
    }
    const nextAction = actions[0];
    if (cluster.advance(Math.min(limit, nextAction?.atMs ?? Number.POSITIVE_INFINITY))) continue;
    if (nextAction && nextAction.atMs <= limit) {
      cluster.advanceTo(nextAction.atMs);
      actions.shift()!.run();
      limit = cluster.now + TAIL_MS;
      continue;
    }
    if (undoPending) {
      undoPending = false;
      rollbackDeployment(cluster, name, whatIf.undoToRevision, namespace);
      limit = cluster.now + TAIL_MS;
      continue;
    }
    break;
  }
  if (steps.length === 0) record();

  const final = cluster.deployments.get(name, namespace)!;
  const finalReplicaSets = replicaSetsForDeployment(cluster, final);
  const newReplicaSet = steps.at(-1)!.replicaSets.find((rs) => rs.isNew);
  const run: DeploymentRun = {
    steps,
    outcome: deploymentOutcome(cluster, final, steps, startMs),
    revisions: finalReplicaSets.map(revisionOf).filter((revision) => !Number.isNaN(revision)).sort((a, b) => b - a),
    newReplicaSetChanged: newReplicaSet !== undefined && !(baseReplicaSets.has(newReplicaSet.name) && before !== undefined && stableJson(withoutHash(before.spec.template)) === stableJson(withoutHash(after.spec.template))),
    strategy: final.spec.strategy?.type ?? 'RollingUpdate',
  };
  if (newReplicaSet && baseReplicaSets.has(newReplicaSet.name) && run.newReplicaSetChanged) run.reusedReplicaSet = newReplicaSet.name;
  return run;
}

function deploymentOutcome(cluster: Cluster, deployment: Deployment, steps: RolloutStep[], startMs: number): RolloutOutcome {
  const last = steps.at(-1)!;
  const deadline = deployment.spec.progressDeadlineSeconds;
  const outcome = (kind: RolloutOutcome['kind'], message: string, atSecond: number): RolloutOutcome => {
    const result: RolloutOutcome = { kind, message, atSecond };
    if (deadline !== undefined) result.progressDeadlineSeconds = deadline;
    return result;
  };
  const progressing = getDeploymentCondition(deployment.status, 'Progressing');
  if (progressing?.reason === TIMED_OUT_REASON) {
    const at = seconds(cluster.timeOf(progressing.lastUpdateTime) - startMs);
    const failed = outcome('failed', `The rollout fails: progressDeadlineSeconds (${deadline}s) passes without progress (ProgressDeadlineExceeded).`, at);
    failed.deadlineExceededAtSecond = at;
    const lastProgress = [...steps].reverse().find((step) => step.events.some((event) => event.reason === 'ScalingReplicaSet'));
    if (lastProgress) failed.stalledAtSecond = lastProgress.time;
    return failed;
  }
  if (deployment.spec.paused) return outcome('paused', `The Deployment is paused at ${last.time}s; the rollout waits for \`kubectl rollout resume\`.`, last.time);
  const status = rolloutStatusMessage(deployment);
  if (status.done) return outcome('complete', `Rollout complete after ${last.time}s.`, last.time);
  const stalled = outcome('stalled', `The rollout stalls at ${last.time}s: ${status.message}`, last.time);
  stalled.stalledAtSecond = last.time;
  return stalled;
}

// ---- StatefulSets ---------------------------------------------------------------------------

function simulateStatefulSet(before: StatefulSet | undefined, after: StatefulSet, whatIf: WhatIf, settings: FactSettings, spans: Record<string, SourceSpan>): { steps: RolloutStep[]; outcome: RolloutOutcome } {
  const edited: StatefulSet = whatIf.replicas === undefined ? after : { ...after, spec: { ...after.spec, replicas: whatIf.replicas } };
  const kubelet = whatIf.readiness.kind === 'neverReady'
    ? { failingImages: imagesOf(after.spec.template.spec) }
    : { podRunningAfterSeconds: Math.min(1, whatIf.readiness.afterSeconds), podReadyAfterSeconds: whatIf.readiness.afterSeconds };
  const preview = simulateStatefulSetRollout(edited, { version: settings.kubernetesVersion, codec: statefulSetRevisionCodec(settings.kubernetesVersion), kubelet, clusterDomain: settings.clusterDomain, maxSteps: MAX_STEPS }, before);
  const desired = edited.spec.replicas ?? 1;
  const startMs = preview.steps[0]?.time ?? 0;
  let firstSeen = new Map<string, number>();
  const steps = preview.steps.map((item, index): RolloutStep => {
    const time = seconds(item.time - startMs);
    const seen = new Map<string, number>();
    const pods = item.pods.slice(0, POD_LIMIT).map((pod): PodView => {
      seen.set(pod.name, firstSeen.get(pod.name) ?? time);
      const view: PodView = {
        name: pod.name, phase: pod.status === 'Running' ? 'Running' : 'Pending', status: pod.terminating ? 'Terminating' : pod.status, ready: pod.ready,
        readyContainers: pod.ready ? 1 : 0, totalContainers: 1, restarts: 0, owner: after.metadata.name, createdAt: firstSeen.get(pod.name) ?? time,
        ordinal: pod.ordinal, hostname: pod.hostname, persistentVolumeClaims: pod.claims, revision: pod.revision,
      };
      if (pod.dnsName) view.dnsName = pod.dnsName;
      return view;
    });
    firstSeen = new Map([...firstSeen, ...seen]);
    const status = item.status;
    const events = item.messages.map((message): EventView => ({
      type: 'Normal', reason: message.startsWith('delete') ? 'SuccessfulDelete' : 'SuccessfulCreate', source: 'statefulset-controller', message,
      involvedObject: `StatefulSet/${after.metadata.name}`, firstSeen: time, lastSeen: time, count: 1, ...(spans['metadata.name'] ? { span: spans['metadata.name'] } : {}),
    }));
    const readyReplicas = status?.readyReplicas ?? item.pods.filter((pod) => pod.ready).length;
    return {
      index, time, summary: item.messages.join('; ') || `${readyReplicas} of ${desired} ready`,
      workload: {
        replicas: status?.replicas ?? item.pods.length, updatedReplicas: status?.updatedReplicas ?? 0, readyReplicas, availableReplicas: status?.availableReplicas ?? readyReplicas,
        desiredReplicas: desired, createdAt: 0, conditions: [],
      },
      replicaSets: [], pods, podsOmitted: Math.max(0, item.pods.length - pods.length), events,
      statefulSet: {
        serviceName: after.spec.serviceName ?? '', headlessService: 'found', podManagementPolicy: after.spec.podManagementPolicy ?? 'OrderedReady',
        partition: after.spec.updateStrategy?.rollingUpdate?.partition ?? 0, currentRevision: status?.currentRevision ?? '', updateRevision: status?.updateRevision ?? '',
        claims: [...new Set(item.pods.flatMap((pod) => pod.claims))].map((claim) => ({ name: claim, status: 'Bound', volume: `pvc-${claim}`, capacity: '', accessModes: 'RWO', storageClass: 'standard', createdAt: 0 })),
      },
      rolloutStatus: readyReplicas < desired
        ? `Waiting for ${desired - readyReplicas} pods to be ready...`
        : `partitioned roll out complete: ${status?.updatedReplicas ?? desired} new pods have been updated...`,
    };
  });
  const lastTime = steps.at(-1)?.time ?? 0;
  const outcome: RolloutOutcome = preview.stuck
    ? { kind: 'stalled', message: `The rollout stalls at ${lastTime}s: a pod never becomes Ready, so the controller waits.`, atSecond: lastTime, stalledAtSecond: lastTime }
    : { kind: 'complete', message: `Rollout complete after ${lastTime}s.`, atSecond: lastTime };
  return { steps, outcome };
}

// ---- The request ------------------------------------------------------------------------------

function findSame(file: ManifestFile, object: ManifestObject): ManifestObject | undefined {
  return objectsOf(file).find((candidate) => candidate.kind === object.kind && candidate.name === object.name && (candidate.namespace ?? 'default') === (object.namespace ?? 'default'));
}

/** Simulates the workload at `params.offset` of `text`; pure apart from the engine run. */
export function simulateRolloutFor(text: string, params: SimulateRolloutParams, settings: FactSettings, file = parseManifestFile(text)): SimulateRolloutResult {
  const object = workloadAt(file, params.offset);
  if (!object) {
    if (problemsOf(file).some((problem) => problem.severity === 'error')) return { kind: 'brokenDocument', message: 'The manifest has YAML errors (see the Problems panel).' };
    return { kind: 'noWorkload', message: 'No apps/v1 Deployment or StatefulSet in this file.' };
  }
  const baseObject = params.baseText !== undefined ? findSame(parseManifestFile(params.baseText), object) : undefined;
  const spans = spansOf(object);
  const before = baseObject?.value as Workload | undefined;
  const after = object.value as unknown as Workload;
  const paths = changedPaths(before as unknown as JsonValue, after as unknown as JsonValue);
  const templateChanged = !before || stableJson(before.spec?.template) !== stableJson(after.spec?.template);
  let view: RolloutView;
  try {
    const common = {
      uri: params.uri, name: after.metadata.name, namespace: after.metadata.namespace ?? 'default', kubernetesVersion: settings.kubernetesVersion,
      base: params.base, whatIf: params.whatIf, podLimit: POD_LIMIT, spans,
    };
    if (after.kind === 'Deployment') {
      const run = simulateDeployment(before as Deployment | undefined, after, params.whatIf, settings, spans);
      const change = describeChange(params.baseLabel, before !== undefined, templateChanged, paths, run.reusedReplicaSet);
      if (!change.triggersRollout && run.outcome.kind === 'complete') run.outcome = { ...run.outcome, kind: 'noRollout', message: 'No rollout: the controller keeps the current ReplicaSet.' };
      view = { ...common, kind: 'Deployment', strategy: run.strategy, change, steps: run.steps, outcome: run.outcome, revisions: run.revisions };
    } else {
      const run = simulateStatefulSet(before as StatefulSet | undefined, after as StatefulSet, params.whatIf, settings, spans);
      const change = describeChange(params.baseLabel, before !== undefined, templateChanged, paths, undefined);
      view = { ...common, kind: 'StatefulSet', strategy: (after as StatefulSet).spec.updateStrategy?.type ?? 'RollingUpdate', change, steps: run.steps, outcome: run.outcome, revisions: [] };
    }
  } catch (error) {
    return { kind: 'brokenDocument', message: `The manifest cannot be simulated: ${error instanceof Error ? error.message : String(error)}.` };
  }
  return { kind: 'view', view };
}

function describeChange(baseLabel: string, hasBase: boolean, templateChanged: boolean, paths: string[], reusedReplicaSet: string | undefined): RolloutChange {
  let summary: string;
  if (!hasBase) summary = 'Nothing exists yet: the controller creates the workload and its first pods.';
  else if (paths.length === 0) summary = 'Nothing changed.';
  else if (templateChanged) summary = reusedReplicaSet ? 'The pod template is back to an earlier one: the old ReplicaSet scales up again.' : 'The pod template changed: new pods roll out.';
  else summary = 'Only fields outside the pod template changed: no rollout, existing pods stay.';
  const change: RolloutChange = { baseLabel, triggersRollout: !hasBase || templateChanged, summary, changedPaths: paths };
  if (reusedReplicaSet) change.reusedReplicaSet = reusedReplicaSet;
  return change;
}

/** Registers the request handler on the connection. */
export function registerSimulateRollout(connection: Connection, documents: TextDocuments<TextDocument>, store: ManifestStore, settings: () => FactSettings): void {
  connection.onRequest<SimulateRolloutResult, void>(Methods.simulateRollout, (params: SimulateRolloutParams): SimulateRolloutResult => {
    const document = documents.get(params.uri);
    if (!document) return { kind: 'noWorkload', message: 'The document is not open.' };
    return simulateRolloutFor(document.getText(), params, settings(), store.get(document));
  });
}
