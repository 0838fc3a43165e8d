// The `kubesim/simulateRollout` request: a thin adapter from the LSP parameters to the engine's
// simulateRollout (base -> edited manifest, what-ifs, workspace Services and Ingresses) and from its steps to the
// RolloutView the webview renders (source spans, the change summary).
import { LSPErrorCodes, ResponseError, type CancellationToken, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  MAX_PREVIEW_STEPS,
  simulateRollout,
  type ClusterSpec,
  type Ingress,
  type ReadonlyJsonValue,
  type RolloutEventSummary,
  type RolloutSimulation,
  type RolloutStep as EngineRolloutStep,
  type RolloutWhatIf,
  type RolloutWorkload,
  type Service,
} from '@kubesim/engine';
import {
  EVENTS_PER_STEP,
  Methods,
  type EventView,
  type RolloutChange,
  type RolloutOutcome,
  type RolloutStep,
  type RolloutView,
  type SimulateRolloutParams,
  type SimulateRolloutResult,
  type SourceSpan,
  type WhatIf,
} from '../../../protocol/src/index';
import {
  type IndexedObject,
  type OpenedTexts,
  pathOfUri,
  previewTargetOf,
  sameObjectIn,
  trafficCompanions,
  resolveRolloutBase,
  type RolloutBaseChoice,
  rolloutBaseSources,
  rolloutVerdict,
  spanForPath,
  type ManifestObject,
  objectsOf,
  isWorkloadPreviewObject,
  parseManifestFile,
  type ManifestFile,
  writableCopyAs,
} from '@kubesim/analysis';
import type { ManifestStore } from './document-store';
import type { KustomizePreviewSource } from './kustomize-preview';
import type { Log } from './server-log';
import { workloadViewFor } from './workload-preview-view';

/** The request with its base resolved: the base's name and text (absent for a fresh create). */
export interface ResolvedRolloutParams extends SimulateRolloutParams {
  baseLabel: string;
  baseText?: string;
  /** The editor's clock for a CronJob's next runs (ms since the epoch; default now). */
  nowEpochMs?: number;
}

/** Pods listed per step; the rest are counted in `podsOmitted`. */
const POD_LIMIT = 60;
/** Simulated seconds after the last change we keep waiting for progress (covers the default 600 s deadline). */
const TAIL_SECONDS = 3600;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Paths where two JSON values differ, e.g. `spec.template.spec.containers[0].image`. */
export function changedPaths(before: ReadonlyJsonValue | undefined, after: ReadonlyJsonValue | undefined, path = ''): string[] {
  if (stableJson(before) === stableJson(after)) return [];
  const bothObjects = before && after && typeof before === 'object' && typeof after === 'object' && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) return [path || '(document)'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) => {
    const child = Array.isArray(after) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    return changedPaths((before as Readonly<Record<string, ReadonlyJsonValue>>)[key], (after as Readonly<Record<string, ReadonlyJsonValue>>)[key], child);
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

function engineWhatIf(whatIf: WhatIf): RolloutWhatIf {
  const result: RolloutWhatIf = {};
  const readiness = whatIf.readiness;
  if (readiness.kind === 'neverReady') result.readyAfterSeconds = 'never';
  else if (readiness.kind === 'ready') result.readyAfterSeconds = readiness.afterSeconds;
  else if (readiness.kind === 'probeFails') result.readinessProbeFails = true;
  else if (readiness.kind === 'initFails') result.initContainerFails = true;
  if (whatIf.imagePullSeconds !== undefined) result.imagePullSeconds = whatIf.imagePullSeconds;
  if (whatIf.replicas !== undefined) result.replicas = whatIf.replicas;
  if (whatIf.pauseAtSecond !== undefined) result.pauseAtSecond = whatIf.pauseAtSecond;
  if (whatIf.resumeAtSecond !== undefined) result.resumeAtSecond = whatIf.resumeAtSecond;
  if (whatIf.undoToRevision !== undefined) result.undoToRevision = whatIf.undoToRevision;
  return result;
}

function eventView(event: RolloutEventSummary, spans: Record<string, SourceSpan>): EventView {
  const span = event.reason === 'ScalingReplicaSet' ? (spans['spec.template'] ?? spans['metadata.name']) : spans['metadata.name'];
  return span ? { ...event, span } : { ...event };
}

function stepView(step: EngineRolloutStep, spans: Record<string, SourceSpan>): RolloutStep {
  const { controllers: _controllers, events, ...rest } = step;
  return { ...rest, events: events.map((event) => eventView(event, spans)) };
}

/** The v1 Services among `objects` (the workspace index, or the previewed file without one). */
function servicesOf(objects: readonly ManifestObject[]): Service[] {
  return objects
    .filter((object) => object.apiVersion === 'v1' && object.kind === 'Service' && typeof object.name === 'string')
    .map((object) => writableCopyAs<Service>(object.value));
}

/** The networking.k8s.io/v1 Ingresses among `objects` (their routes to the workload join the traffic lane). */
function ingressesOf(objects: readonly ManifestObject[]): Ingress[] {
  return objects
    .filter((object) => object.apiVersion === 'networking.k8s.io/v1' && object.kind === 'Ingress' && typeof object.name === 'string')
    .map((object) => writableCopyAs<Ingress>(object.value));
}

// ---- The request ------------------------------------------------------------------------------

/**
 * Simulates the workload the analysis picks for the request (pinned, at `params.offset`, shown so far) of `text`;
 * pure apart from the engine run. Services, Ingresses and the workloads beside it are looked up in `workspace`
 * (the workspace index, this file included), or in this file alone when there is no index.
 */
export function simulateRolloutFor(
  text: string,
  params: ResolvedRolloutParams,
  cluster: ClusterSpec,
  file = parseManifestFile(text),
  workspace?: readonly IndexedObject[],
): SimulateRolloutResult {
  const request: Parameters<typeof previewTargetOf>[1] = { offset: params.offset };
  if (params.shown) request.shown = params.shown;
  if (params.pinned) request.pinned = params.pinned;
  const target = previewTargetOf(file, request);
  if (target.kind === 'unreadable') return { kind: 'unreadable', message: target.message };
  if (target.kind === 'none') return { kind: target.hasErrors ? 'brokenDocument' : 'noWorkload', message: target.message };
  const object = target.object;
  const baseFile = params.baseText !== undefined ? parseManifestFile(params.baseText) : undefined;
  const baseObject = baseFile && sameObjectIn(baseFile, object);
  const inSight = workspace?.map((entry) => entry.object) ?? objectsOf(file);
  const spans = spansOf(object);
  if (isWorkloadPreviewObject(object)) {
    const request: Parameters<typeof workloadViewFor>[1] = {
      uri: params.uri,
      baseChoice: params.base,
      baseLabel: params.baseLabel,
      whatIf: params.whatIf,
      cluster,
      inSight,
      nowEpochMs: params.nowEpochMs ?? Date.now(),
      spans,
      changedPaths: changedPaths(baseObject?.value, object.value),
    };
    if (baseObject) request.base = baseObject;
    return workloadViewFor(object, request);
  }
  // The engine's run changes what it is given: it gets copies, never the cached parsed values.
  const after = writableCopyAs<RolloutWorkload>(object.value);
  let before = baseObject ? writableCopyAs<RolloutWorkload>(baseObject.value) : undefined;
  let paths = changedPaths(baseObject?.value, object.value);
  // An unchanged file opens on something worth seeing: what creating it does.
  let unchangedFrom: string | undefined;
  if (before && paths.length === 0 && params.freshWhenUnchanged) {
    unchangedFrom = params.baseLabel;
    before = undefined;
    paths = changedPaths(undefined, object.value);
  }
  // Whether the template changed is the analysis's one verdict (the defaulted pod-template-hash), the one the
  // rollout-will-start / rollout-not-started diagnostic gives; a manifest that does not decode falls back to the paths.
  const verdict = before && baseObject ? rolloutVerdict(object, baseObject, cluster) : undefined;
  const templateChanged = !before || (verdict ? verdict.changed : paths.some((path) => path.startsWith('spec.template')));
  let simulation: RolloutSimulation;
  try {
    simulation = simulateRollout({
      oldManifest: before,
      newManifest: after,
      cluster,
      options: {
        whatIf: engineWhatIf(params.whatIf),
        services: servicesOf(inSight),
        ingresses: ingressesOf(inSight),
        companions: trafficCompanions(object, { file, uri: params.uri, ...(baseFile ? { baseFile } : {}), ...(workspace ? { workspace } : {}) }),
        podListLimit: POD_LIMIT,
        eventsPerStep: EVENTS_PER_STEP,
        maxSteps: MAX_PREVIEW_STEPS,
        maxSeconds: TAIL_SECONDS,
      },
    });
  } catch (error) {
    return { kind: 'brokenDocument', message: `The manifest cannot be simulated: ${error instanceof Error ? error.message : String(error)}.` };
  }
  const change = describeChange(params.baseLabel, before !== undefined, templateChanged, paths, simulation.reusedReplicaSet);
  if (unchangedFrom !== undefined) {
    change.unchangedFrom = unchangedFrom;
    change.baseLabel = 'fresh create';
    change.summary = 'Here is what creating it does; edit it to see its rollout.';
  }
  let outcome: RolloutOutcome = simulation.outcome;
  if (simulation.kind === 'Deployment' && !change.triggersRollout && outcome.kind === 'complete') {
    outcome = { ...outcome, kind: 'noRollout', message: 'No rollout: the controller keeps the current ReplicaSet.' };
  }
  const view: RolloutView = {
    uri: params.uri,
    kind: simulation.kind,
    name: after.metadata.name,
    namespace: after.metadata.namespace ?? 'default',
    kubernetesVersion: cluster.version,
    strategy: simulation.strategy,
    base: params.base,
    whatIf: params.whatIf,
    change,
    steps: simulation.steps.map((step) => stepView(step, spans)),
    outcome,
    podLimit: POD_LIMIT,
    spans,
    revisions: simulation.revisions,
    groups: simulation.groups,
    actions: simulation.actions,
  };
  if (simulation.assumptions) view.assumptions = simulation.assumptions;
  if (simulation.rejection) view.rejection = { kubectl: simulation.rejection.kubectl, errors: [...simulation.rejection.errors] };
  return { kind: 'view', view };
}

function describeChange(baseLabel: string, hasBase: boolean, templateChanged: boolean, paths: string[], reusedReplicaSet: string | undefined): RolloutChange {
  let summary: string;
  if (!hasBase) summary = 'Nothing exists yet: the controller creates the workload and its first pods.';
  else if (paths.length === 0) summary = 'Nothing changed.';
  else if (templateChanged)
    summary = reusedReplicaSet
      ? 'The pod template is back to an earlier one: the old ReplicaSet scales up again.'
      : 'The pod template changed: new pods roll out.';
  else if (paths.some((path) => path.startsWith('spec.template')))
    summary = "The pod template is unchanged once the API server's defaults are filled in: no rollout, existing pods stay.";
  else summary = 'Only fields outside the pod template changed: no rollout, existing pods stay.';
  const change: RolloutChange = { baseLabel, triggersRollout: !hasBase || templateChanged, summary, changedPaths: paths };
  if (reusedReplicaSet) change.reusedReplicaSet = reusedReplicaSet;
  if (!hasBase) change.createsWorkload = true;
  return change;
}

/** What the request handler needs of the server besides the documents: the cluster, the workspace, the bases. */
interface SimulateRolloutContext {
  clusterOf: (uri?: string) => ClusterSpec;
  /** The workspace index objects for a file (a StatefulSet's governing Service, Ingress routes). */
  candidates?: (uri: string, file: ManifestFile) => readonly IndexedObject[] | undefined;
  /** Swaps a kustomization's file for the overlay it renders (with its own baseline). */
  kustomizeSource?: (document: TextDocument, params: SimulateRolloutParams) => Promise<KustomizePreviewSource | undefined>;
  /** The documents as the editor first opened them: the base when git has none. */
  opened: OpenedTexts;
  /** False in an untrusted workspace or with `kubesim.git.enabled: false`: no git runs for the base. */
  canRunGit: () => boolean;
  log?: Log;
}

/** Registers the request handler on the connection. */
export function registerSimulateRollout(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  store: ManifestStore,
  context: SimulateRolloutContext,
): void {
  const { clusterOf, candidates, kustomizeSource } = context;
  // One preview at a time: each waits for the one before it to settle, then reads its token, so a request
  // cancelled while it waited (the editor asks again after an edit) is not simulated. A running simulation is
  // not interrupted; it is bounded instead (engine simulation-budget.ts: at most about 2 s).
  let previous: Promise<unknown> = Promise.resolve();
  const handler = (params: SimulateRolloutParams, token: CancellationToken): Promise<SimulateRolloutResult | ResponseError<void>> => {
    const turn = previous.then(() => preview(params, token));
    previous = turn.catch(() => undefined);
    return turn;
  };
  const preview = async (params: SimulateRolloutParams, token: CancellationToken): Promise<SimulateRolloutResult | ResponseError<void>> => {
    // One turn of the event loop first, so that a cancel sent right after the request has been read.
    await new Promise((resolve) => setImmediate(resolve));
    if (token.isCancellationRequested) return cancelled();
    const document = documents.get(params.uri);
    if (!document) return { kind: 'noWorkload', message: 'The document is not open.' };
    const source = await kustomizeSource?.(document, params);
    if (token.isCancellationRequested) return cancelled();
    if (source?.kind === 'failed') return { kind: 'brokenDocument', message: source.message };
    if (source) {
      const { uri, base, whatIf } = params;
      const renderedParams: ResolvedRolloutParams = { uri, offset: source.offset, base, baseLabel: source.baseLabel, whatIf };
      if (params.freshWhenUnchanged) renderedParams.freshWhenUnchanged = true;
      if (params.pinned) renderedParams.pinned = params.pinned;
      if (source.baseText !== undefined) renderedParams.baseText = source.baseText;
      const result = simulateRolloutFor(source.text, renderedParams, clusterOf(params.uri));
      // Spans point into the rendered text, which no editor shows.
      if (result.kind === 'view') result.view.spans = {};
      return result;
    }
    // The protocol's RolloutBase is the analysis's choice as the editor sends it (and the resolved base goes back as one).
    const choice: RolloutBaseChoice = params.base;
    const resolved = await resolveRolloutBase(
      choice,
      rolloutBaseSources({
        path: pathOfUri(document.uri),
        canRunGit: context.canRunGit(),
        openedText: context.opened.textOf(document.uri),
        onGitFailure: (message) => context.log?.warn(`${message}; the preview compares with the file as opened`),
      }),
    );
    if (token.isCancellationRequested) return cancelled();
    // The document may have changed while git answered: the preview shows it as it is now.
    const current = documents.get(params.uri) ?? document;
    const file = store.get(current);
    const resolvedParams: ResolvedRolloutParams = { ...params, base: resolved.base, baseLabel: resolved.label };
    if (resolved.text !== undefined) resolvedParams.baseText = resolved.text;
    return simulateRolloutFor(current.getText(), resolvedParams, clusterOf(current.uri), file, candidates?.(current.uri, file));
  };
  connection.onRequest<SimulateRolloutResult, void>(Methods.simulateRollout, handler);
}

/** Tells the client that the cluster may have changed (settings, a saved `.kubesim.yaml`): an open preview simulates again. */
export function announceClusterChange(connection: Connection): void {
  void connection.sendNotification(Methods.clusterChanged);
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'The rollout preview request was cancelled.');
}
