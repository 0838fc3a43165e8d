// Pure rendering of the rollout preview: RolloutView in, HTML text out (every manifest string escaped).
import type { RolloutView, SourceSpan, WhatIf } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { aggregateSteps, type StepBucket } from './step-aggregation';
import { renderStepDetail, type StepUiState } from './render-step';
import { renderRejection } from './render-rejection';
import { renderOverviewLegend } from './render-legend';
import { timeText } from './render-step-list';
import { renderWorkloadBody, renderWorkloadWhatIf } from './render-workload';

export { renderStepDetail, type StepUiState } from './render-step';

/** Overview columns drawn for the whole timeline, whatever its length. */
const OVERVIEW_COLUMNS = 240;

/** A button that reveals `span` in the editor; `label` is already escaped HTML. */
function revealButton(span: SourceSpan | undefined, label: string, description: string): string {
  if (!span) return `<span>${label}</span>`;
  const at = `data-start="${esc(span.start)}" data-end="${esc(span.end)}"${span.uri ? ` data-uri="${esc(span.uri)}"` : ''}`;
  return `<button type="button" class="link" data-action="reveal" ${at} title="${esc(description)}">${label}</button>`;
}

function renderChange(view: RolloutView): string {
  const change = view.change;
  const trigger = change.triggersRollout
    ? '<span class="chip chip-rollout">Triggers a rollout</span>'
    : '<span class="chip chip-none">No rollout: the pod template is unchanged</span>';
  const reuse = change.reusedReplicaSet
    ? `<span class="chip chip-reuse">Reuses old ReplicaSet ${esc(change.reusedReplicaSet)} (rollback to a known template)</span>`
    : '';
  const count = change.changedPaths.length;
  const items = change.changedPaths.map((item) => `<li><code>${esc(item)}</code></li>`).join('');
  const paths =
    count > 0 && !change.createsWorkload
      ? `<details class="changed-paths"><summary>${count} changed field${count === 1 ? '' : 's'}</summary><ul>${items}</ul></details>`
      : '';
  // Fresh create is one click away, and so is the way back to what is running (when there is one).
  const backTo = change.unchangedFrom ?? (view.base.kind === 'fresh' ? 'git HEAD' : undefined);
  let other = '';
  if (backTo !== undefined) other = `<button type="button" class="secondary" data-action="setBase" data-base="head">Compare with ${esc(backTo)}</button>`;
  else if (!change.createsWorkload) other = '<button type="button" class="secondary" data-action="setBase" data-base="fresh">Show a fresh create</button>';
  const compared =
    change.unchangedFrom !== undefined
      ? `Unchanged since <strong>${esc(change.unchangedFrom)}</strong>`
      : `Compared with <strong>${esc(change.baseLabel)}</strong>`;
  const summary = `<p class="change-summary">${compared}: ${esc(change.summary)}</p>`;
  return `<section class="change" aria-label="What changes">${summary}<p class="chips">${trigger}${reuse}${other}</p>${paths}</section>`;
}

// The engine's message says the outcome once (when it stalls, and when the deadline fails it).
// A Pending pod that holds the rollout back shows the scheduler's FailedScheduling message as it was sent.
function renderOutcome(view: RolloutView): string {
  const outcome = view.outcome;
  const pending = outcome.pendingPod
    ? `<p class="pending-pod">Warning FailedScheduling (default-scheduler) on pod <code>${esc(outcome.pendingPod.name)}</code>:</p>` +
      `<pre class="scheduler-message">${esc(outcome.pendingPod.message)}</pre>`
    : '';
  const message = `<strong>${esc(outcome.message)}</strong>`;
  return `<section class="outcome outcome-${esc(outcome.kind)}" role="status" aria-label="Outcome">${message}${pending}</section>`;
}

function renderBaseSelect(view: RolloutView): string {
  const base = view.base;
  const option = (value: string, label: string) => `<option value="${value}"${base.kind === value ? ' selected' : ''}>${label}</option>`;
  const revision = base.kind === 'revision' ? base.revision : '';
  const options = [
    option('head', 'git HEAD (what is running)'),
    option('opened', 'The file as opened'),
    option('revision', 'Git revision…'),
    option('fresh', 'Fresh create'),
  ].join('');
  const hidden = base.kind === 'revision' ? '' : ' hidden';
  return `<form class="base-form" data-form="base"><label for="base-kind">Base</label>
<select id="base-kind" name="kind">${options}</select>
<input id="base-revision" name="revision" type="text" placeholder="HEAD~1" aria-label="Git revision" value="${esc(revision)}"${hidden}>
<button type="submit">Compare</button></form>`;
}

function renderWhatIf(view: RolloutView): string {
  const whatIf: WhatIf = view.whatIf;
  const readinessKind = whatIf.readiness.kind;
  const seconds = whatIf.readiness.kind === 'ready' ? whatIf.readiness.afterSeconds : undefined;
  const number = (name: string, label: string, value: number | undefined, placeholder: string) =>
    `<label>${label} <input type="number" min="0" name="${name}" value="${esc(value ?? '')}" placeholder="${esc(placeholder)}"></label>`;
  const revisions = view.revisions.map(
    (revision) => `<option value="${esc(revision)}"${whatIf.undoToRevision === revision ? ' selected' : ''}>${esc(revision)}</option>`,
  );
  const undoSelect = `<select name="undoToRevision"><option value="">—</option>${revisions.join('')}</select>`;
  const undo = view.kind === 'Deployment' ? `<label>Undo to revision ${undoSelect}</label>` : '';
  const pause =
    view.kind === 'Deployment'
      ? `${number('pauseAtSecond', 'Pause at (s)', whatIf.pauseAtSecond, 'never')}${number('resumeAtSecond', 'Resume at (s)', whatIf.resumeAtSecond, 'never')}`
      : '';
  const choice = (value: WhatIf['readiness']['kind'], label: string) =>
    `<option value="${value}"${readinessKind === value ? ' selected' : ''}>${label}</option>`;
  const readiness =
    `<label>New pods <select name="readiness">${choice('probes', 'become ready when their probes pass')}` +
    `${choice('ready', 'become ready after a fixed time')}${choice('probeFails', 'fail their readiness probe')}` +
    `${choice('initFails', 'have an init container that keeps failing')}` +
    `${choice('neverReady', 'never become ready (bad image)')}</select></label>`;
  return `<details class="what-if"${hasWhatIf(whatIf) ? ' open' : ''}><summary>What if…</summary><form data-form="whatIf">
${number('replicas', 'Scale to', whatIf.replicas, 'spec.replicas')}
${readiness}
${number('readySeconds', 'after (s)', seconds, 'probes')}${number('imagePullSeconds', 'Image pull (s)', whatIf.imagePullSeconds, 'assumed 1')}${pause}${undo}
<button type="submit">Recompute</button><button type="button" data-action="resetWhatIf" class="secondary">Reset</button></form></details>`;
}

function hasWhatIf(whatIf: WhatIf): boolean {
  const { replicas, readiness, pauseAtSecond, undoToRevision, imagePullSeconds } = whatIf;
  return replicas !== undefined || readiness.kind !== 'probes' || pauseAtSecond !== undefined || undoToRevision !== undefined || imagePullSeconds !== undefined;
}

/** The overview strip: one SVG column per bucket of steps (available new, available old, unavailable). */
export function renderOverview(view: RolloutView): string {
  const buckets = aggregateSteps(view.steps, OVERVIEW_COLUMNS);
  const top = Math.max(1, ...buckets.map((bucket) => Math.max(bucket.total, bucket.available)));
  const height = 40;
  const scale = (count: number) => Math.round((count / top) * height * 100) / 100;
  const columns = buckets.map((bucket, column) => {
    const oldAvailable = Math.max(0, bucket.available - bucket.newAvailable);
    const unavailable = Math.max(0, bucket.total - bucket.available);
    const newHeight = scale(bucket.newAvailable);
    const oldHeight = scale(oldAvailable);
    const unavailableHeight = scale(unavailable);
    const steps = `steps ${bucket.fromIndex + 1}–${bucket.toIndex + 1}, ${bucketTime(view, bucket)}`;
    const title = `${steps}: ${bucket.available} available (min ${bucket.minAvailable}), ${bucket.total} pods`;
    return (
      `<g data-from="${bucket.fromIndex}" data-to="${bucket.toIndex}"><title>${esc(title)}</title>` +
      `<rect class="bar-new" x="${column}" width="1" y="${height - newHeight}" height="${newHeight}"></rect>` +
      `<rect class="bar-old" x="${column}" width="1" y="${height - newHeight - oldHeight}" height="${oldHeight}"></rect>` +
      `<rect class="bar-unavailable" x="${column}" width="1" y="${height - newHeight - oldHeight - unavailableHeight}" ` +
      `height="${unavailableHeight}"></rect></g>`
    );
  });
  const label = esc(`Timeline overview: ${view.steps.length} steps in ${buckets.length} columns`);
  return (
    `<svg class="overview" data-columns="${buckets.length}" data-steps="${view.steps.length}" viewBox="0 0 ${buckets.length} ${height}" ` +
    `preserveAspectRatio="none" role="img" aria-label="${label}">${columns.join('')}${actionMarks(view, buckets, height)}</svg>`
  );
}

function bucketTime(view: RolloutView, bucket: StepBucket): string {
  const from = timeText(view.steps[bucket.fromIndex]!);
  const to = timeText(view.steps[bucket.toIndex]!);
  return from === to ? from : `${from}–${to}`;
}

// Pause, resume and undo as vertical lines at the left edge of the column of the step after them.
function actionMarks(view: RolloutView, buckets: readonly StepBucket[], height: number): string {
  return (view.actions ?? [])
    .map((action) => {
      const column = Math.max(
        0,
        buckets.findIndex((bucket) => action.stepIndex >= bucket.fromIndex && action.stepIndex <= bucket.toIndex),
      );
      const title = `kubectl rollout ${action.action} at ${action.atSecond}s`;
      return (
        `<line class="mark mark-${esc(action.action)}" x1="${column}" x2="${column}" y1="0" y2="${height}" vector-effect="non-scaling-stroke">` +
        `<title>${esc(title)}</title></line>`
      );
    })
    .join('');
}

function renderControls(view: RolloutView, ui: StepUiState): string {
  const last = Math.max(0, view.steps.length - 1);
  const button = (action: string, label: string, text: string) =>
    `<button type="button" data-action="${action}" aria-label="${label}" title="${label}">${text}</button>`;
  const playLabel = ui.playing ? 'Pause' : 'Play';
  const play =
    `<button type="button" data-action="play" class="play" aria-label="${playLabel}" title="${playLabel}" aria-pressed="${ui.playing}">` +
    `${ui.playing ? '❚❚ Pause' : '▶ Play'}</button>`;
  const at = Math.min(ui.selectedStep, last);
  const scrubber =
    `<input id="scrubber" class="scrubber" type="range" min="0" max="${last}" step="1" value="${at}" ` +
    `aria-label="Step" aria-valuetext="Step ${at + 1} of ${view.steps.length}">`;
  return `<div class="controls" role="toolbar" aria-label="Timeline controls">
${button('first', 'First step', '|◀')}${button('prev', 'Previous step', '◀')}${play}
${button('next', 'Next step', '▶')}${button('last', 'Last step', '▶|')}
${scrubber}
<span class="position" id="position" aria-live="polite">${esc(positionText(view, ui.selectedStep))}</span></div>`;
}

/** "Step 3 of 12 · 10s" for the scrubber label. */
export function positionText(view: RolloutView, selectedStep: number): string {
  const step = view.steps[selectedStep];
  return step ? `Step ${selectedStep + 1} of ${view.steps.length} · ${timeText(step)}` : 'No steps';
}

/** How the panel holds the view: pinned to its workload, or greyed because the workload cannot be read now. */
export interface PanelState {
  pinned?: boolean;
  /** Why the view is the last good one, e.g. "This Deployment cannot be read: YAML error at line 7.". */
  unreadable?: string;
}

function renderPin(view: RolloutView, pinned: boolean): string {
  const label = pinned ? `Pinned to ${view.kind} ${view.name}: click to follow the editor again` : `Pin the preview to ${view.kind} ${view.name}`;
  return (
    `<button type="button" class="secondary pin" data-action="pin" aria-pressed="${pinned}" title="${esc(label)}" aria-label="${esc(label)}">` +
    `${pinned ? 'Pinned' : 'Pin'}</button>`
  );
}

/** The whole preview: header, change, outcome, controls, overview and the selected step. */
export function renderRollout(view: RolloutView, ui: StepUiState, banner?: string, panel: PanelState = {}): string {
  const title = `${esc(view.kind)} ${revealButton(view.spans['metadata.name'], esc(view.name), 'Reveal metadata.name')}`;
  const meta = `namespace ${esc(view.namespace)} · Kubernetes ${esc(view.kubernetesVersion)}${view.strategy ? ` · ${esc(view.strategy)}` : ''}`;
  const unreadable = panel.unreadable
    ? `<div id="unreadable" class="unreadable" role="alert">${esc(panel.unreadable)} The preview shows its last version that could be read.</div>`
    : '';
  // Deployments and StatefulSets roll out; the other kinds play their controllers (only a DaemonSet has a base).
  const rollout = view.kind === 'Deployment' || view.kind === 'StatefulSet';
  const forms = rollout
    ? `${renderBaseSelect(view)}${renderWhatIf(view)}`
    : `${view.kind === 'DaemonSet' ? renderBaseSelect(view) : ''}${renderWorkloadWhatIf(view)}`;
  const content = view.rejection
    ? renderRejection(view)
    : view.workload
      ? renderWorkloadBody(view, view.workload)
      : `${renderChange(view)}\n${renderBody(view, ui)}`;
  const body = `<div class="forms">${forms}</div>\n${content}`;
  return `<header class="title"><h1>${title}</h1>${renderPin(view, panel.pinned === true)}<p class="meta">${meta}</p></header>
${unreadable}<div id="banner" class="banner" role="alert"${banner ? '' : ' hidden'}>${banner ? esc(banner) : ''}</div>
${panel.unreadable ? `<div class="stale" aria-disabled="true" inert>${body}</div>` : body}`;
}

// The outcome, the timeline and the selected step of a rollout the API server accepted.
function renderBody(view: RolloutView, ui: StepUiState): string {
  return `${renderOutcome(view)}
${view.assumptions ? `<p class="assumptions">${esc(view.assumptions)}</p>` : ''}
<section class="timeline" aria-label="Timeline">${renderOverview(view)}${renderOverviewLegend(view)}${renderControls(view, ui)}</section>
<div id="step-detail">${renderStepDetail(view, ui)}</div>`;
}

/** Shown when there is nothing to preview. */
export function renderEmpty(message: string): string {
  return `<p class="empty" role="status">${esc(message)}</p>`;
}
