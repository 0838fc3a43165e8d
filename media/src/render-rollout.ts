// Pure rendering of the rollout preview: RolloutView in, HTML text out (every manifest string escaped).
import type { RolloutView, SourceSpan, WhatIf } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { aggregateSteps } from './step-aggregation';
import { renderStepDetail, type StepUiState } from './render-step';
import { renderRejection } from './render-rejection';

export { renderStepDetail, type StepUiState } from './render-step';

/** Overview columns drawn for the whole timeline, whatever its length. */
export const OVERVIEW_COLUMNS = 240;

/** A button that reveals `span` in the editor; `label` is already escaped HTML. */
export function revealButton(span: SourceSpan | undefined, label: string, description: string): string {
  if (!span) return `<span>${label}</span>`;
  return `<button type="button" class="link" data-action="reveal" data-start="${span.start}" data-end="${span.end}"${span.uri ? ` data-uri="${esc(span.uri)}"` : ''} title="${esc(description)}">${label}</button>`;
}

function renderChange(view: RolloutView): string {
  const change = view.change;
  const trigger = change.triggersRollout
    ? '<span class="chip chip-rollout">Triggers a rollout</span>'
    : '<span class="chip chip-none">No rollout: the pod template is unchanged</span>';
  const reuse = change.reusedReplicaSet
    ? `<span class="chip chip-reuse">Reuses old ReplicaSet ${esc(change.reusedReplicaSet)} (rollback to a known template)</span>`
    : '';
  const paths =
    change.changedPaths.length > 0
      ? `<details class="changed-paths"><summary>${change.changedPaths.length} changed field${change.changedPaths.length === 1 ? '' : 's'}</summary><ul>${change.changedPaths.map((item) => `<li><code>${esc(item)}</code></li>`).join('')}</ul></details>`
      : '';
  return `<section class="change" aria-label="What changes"><p class="change-summary">Compared with <strong>${esc(change.baseLabel)}</strong>: ${esc(change.summary)}</p><p class="chips">${trigger}${reuse}</p>${paths}</section>`;
}

function renderOutcome(view: RolloutView): string {
  const outcome = view.outcome;
  const details: string[] = [];
  if (outcome.stalledAtSecond !== undefined) details.push(`Stalls at ${outcome.stalledAtSecond}s: nothing changes after that.`);
  if (outcome.deadlineExceededAtSecond !== undefined) {
    details.push(
      `progressDeadlineSeconds (${outcome.progressDeadlineSeconds ?? 600}s) marks it failed at ${outcome.deadlineExceededAtSecond}s (ProgressDeadlineExceeded).`,
    );
  } else if (outcome.progressDeadlineSeconds !== undefined && view.kind === 'Deployment') {
    details.push(`progressDeadlineSeconds: ${outcome.progressDeadlineSeconds}s.`);
  }
  return `<section class="outcome outcome-${esc(outcome.kind)}" role="status" aria-label="Outcome"><strong>${esc(outcome.message)}</strong>${details.map((line) => ` <span>${esc(line)}</span>`).join('')}</section>`;
}

function renderBaseSelect(view: RolloutView): string {
  const base = view.base;
  const option = (value: string, label: string) => `<option value="${value}"${base.kind === value ? ' selected' : ''}>${label}</option>`;
  const revision = base.kind === 'revision' ? base.revision : '';
  return `<form class="base-form" data-form="base"><label for="base-kind">Base</label>
<select id="base-kind" name="kind">${option('head', 'git HEAD')}${option('saved', 'Saved file')}${option('revision', 'Git revision…')}${option('fresh', 'Fresh create')}</select>
<input id="base-revision" name="revision" type="text" placeholder="HEAD~1" aria-label="Git revision" value="${esc(revision)}"${base.kind === 'revision' ? '' : ' hidden'}>
<button type="submit">Compare</button></form>`;
}

function renderWhatIf(view: RolloutView): string {
  const whatIf: WhatIf = view.whatIf;
  const never = whatIf.readiness.kind === 'neverReady';
  const seconds = whatIf.readiness.kind === 'ready' ? whatIf.readiness.afterSeconds : 5;
  const number = (name: string, label: string, value: number | undefined, placeholder: string) =>
    `<label>${label} <input type="number" min="0" name="${name}" value="${value ?? ''}" placeholder="${esc(placeholder)}"></label>`;
  const undo =
    view.kind === 'Deployment'
      ? `<label>Undo to revision <select name="undoToRevision"><option value="">—</option>${view.revisions.map((revision) => `<option value="${revision}"${whatIf.undoToRevision === revision ? ' selected' : ''}>${revision}</option>`).join('')}</select></label>`
      : '';
  const pause =
    view.kind === 'Deployment'
      ? `${number('pauseAtSecond', 'Pause at (s)', whatIf.pauseAtSecond, 'never')}${number('resumeAtSecond', 'Resume at (s)', whatIf.resumeAtSecond, 'never')}`
      : '';
  return `<details class="what-if"${hasWhatIf(whatIf) ? ' open' : ''}><summary>What if…</summary><form data-form="whatIf">
${number('replicas', 'Scale to', whatIf.replicas, 'spec.replicas')}
<label>New pods <select name="readiness"><option value="ready"${never ? '' : ' selected'}>become ready</option><option value="neverReady"${never ? ' selected' : ''}>never become ready (bad image)</option></select></label>
${number('readySeconds', 'after (s)', seconds, '5')}${pause}${undo}
<button type="submit">Recompute</button><button type="button" data-action="resetWhatIf" class="secondary">Reset</button></form></details>`;
}

function hasWhatIf(whatIf: WhatIf): boolean {
  return whatIf.replicas !== undefined || whatIf.readiness.kind === 'neverReady' || whatIf.pauseAtSecond !== undefined || whatIf.undoToRevision !== undefined;
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
    return (
      `<g data-from="${bucket.fromIndex}" data-to="${bucket.toIndex}"><title>${esc(`steps ${bucket.fromIndex + 1}–${bucket.toIndex + 1}, ${bucket.startTime}s–${bucket.endTime}s: ${bucket.available} available (min ${bucket.minAvailable}), ${bucket.total} pods`)}</title>` +
      `<rect class="bar-new" x="${column}" width="1" y="${height - newHeight}" height="${newHeight}"></rect>` +
      `<rect class="bar-old" x="${column}" width="1" y="${height - newHeight - oldHeight}" height="${oldHeight}"></rect>` +
      `<rect class="bar-unavailable" x="${column}" width="1" y="${height - newHeight - oldHeight - unavailableHeight}" height="${unavailableHeight}"></rect></g>`
    );
  });
  return `<svg class="overview" data-columns="${buckets.length}" data-steps="${view.steps.length}" viewBox="0 0 ${buckets.length} ${height}" preserveAspectRatio="none" role="img" aria-label="${esc(`Timeline overview: ${view.steps.length} steps in ${buckets.length} columns`)}">${columns.join('')}</svg>`;
}

function renderControls(view: RolloutView, ui: StepUiState): string {
  const last = Math.max(0, view.steps.length - 1);
  const button = (action: string, label: string, text: string) =>
    `<button type="button" data-action="${action}" aria-label="${label}" title="${label}">${text}</button>`;
  return `<div class="controls" role="toolbar" aria-label="Timeline controls">
${button('first', 'First step', '|◀')}${button('prev', 'Previous step', '◀')}<button type="button" data-action="play" class="play" aria-label="${ui.playing ? 'Pause' : 'Play'}" title="${ui.playing ? 'Pause' : 'Play'}" aria-pressed="${ui.playing}">${ui.playing ? '❚❚ Pause' : '▶ Play'}</button>${button('next', 'Next step', '▶')}${button('last', 'Last step', '▶|')}
<input id="scrubber" class="scrubber" type="range" min="0" max="${last}" step="1" value="${Math.min(ui.selectedStep, last)}" aria-label="Step" aria-valuetext="Step ${Math.min(ui.selectedStep, last) + 1} of ${view.steps.length}">
<span class="position" id="position" aria-live="polite">${positionText(view, ui.selectedStep)}</span></div>`;
}

/** "Step 3 of 12 · 10s" for the scrubber label. */
export function positionText(view: RolloutView, selectedStep: number): string {
  const step = view.steps[selectedStep];
  return step ? `Step ${selectedStep + 1} of ${view.steps.length} · ${step.time}s` : 'No steps';
}

/** The whole preview: header, change, outcome, controls, overview and the selected step. */
export function renderRollout(view: RolloutView, ui: StepUiState, banner?: string): string {
  const title = `${view.kind} ${revealButton(view.spans['metadata.name'], esc(view.name), 'Reveal metadata.name')}`;
  return `<header class="title"><h1>${title}</h1><p class="meta">namespace ${esc(view.namespace)} · Kubernetes ${esc(view.kubernetesVersion)} · ${esc(view.strategy)}</p></header>
<div id="banner" class="banner" role="alert"${banner ? '' : ' hidden'}>${banner ? esc(banner) : ''}</div>
<div class="forms">${renderBaseSelect(view)}${renderWhatIf(view)}</div>
${view.rejection ? renderRejection(view) : `${renderChange(view)}\n${renderBody(view, ui)}`}`;
}

// The outcome, the timeline and the selected step of a rollout the API server accepted.
function renderBody(view: RolloutView, ui: StepUiState): string {
  return `${renderOutcome(view)}
<section class="timeline" aria-label="Timeline">${renderOverview(view)}${renderControls(view, ui)}</section>
<div id="step-detail">${renderStepDetail(view, ui)}</div>`;
}

/** Shown when there is nothing to preview. */
export function renderEmpty(message: string): string {
  return `<p class="empty" role="status">${esc(message)}</p>`;
}
