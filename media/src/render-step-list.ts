// Pure rendering of the step list: by default one row per group of controller passes (the server's
// groups: a pass with events, or the status-only passes between two), or every pass on request.
import type { RolloutStep, RolloutView, StepGroupView } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { hasNoReadyEndpoint } from './render-traffic';
import { stepWindow } from './step-aggregation';

/** Rows of the step list shown around the selected step. */
export const STEP_LIST_ROWS = 41;

/** `30s` as kubectl prints it when the server sent it; the plain number otherwise. */
export function timeText(step: RolloutStep): string {
  return step.timeText ?? `${step.time}s`;
}

/** The rows of the list: the server's groups, or one per step. */
export function stepGroups(view: RolloutView, everyPass: boolean): StepGroupView[] {
  if (!everyPass && view.groups && view.groups.length > 0) return view.groups;
  return view.steps.map((_, index) => ({ from: index, to: index }));
}

function actionNote(view: RolloutView, group: StepGroupView): string {
  const words = { pause: 'kubectl rollout pause', resume: 'kubectl rollout resume', undo: 'kubectl rollout undo' };
  return (view.actions ?? [])
    .filter((action) => action.stepIndex >= group.from && action.stepIndex <= group.to)
    .map(
      (action) =>
        `<li class="action-row action-${esc(action.action)}"><code>${esc(words[action.action] ?? action.action)}</code> at ${esc(`${action.atSecond}s`)}</li>`,
    )
    .join('');
}

function groupRow(view: RolloutView, group: StepGroupView, selected: number): string {
  const first = view.steps[group.from]!;
  const last = view.steps[group.to]!;
  const isSelected = selected >= group.from && selected <= group.to;
  const passes = group.to - group.from + 1;
  const time = timeText(first) === timeText(last) ? timeText(last) : `${timeText(first)}–${timeText(last)}`;
  const count = passes > 1 ? ` <span class="step-passes">(${passes} passes)</span>` : '';
  const classes = `step-row${isSelected ? ' selected' : ''}${hasNoReadyEndpoint(last) ? ' no-endpoints' : ''}`;
  const current = isSelected ? ' aria-current="step"' : '';
  return (
    `${actionNote(view, group)}<li><button type="button" class="${classes}" data-action="select" data-step="${group.to}"${current}>` +
    `<span class="step-time">${esc(time)}</span> <span>${esc(last.summary)}${count}</span></button></li>`
  );
}

/** The list around the selected step, with the toggle between grouped passes and every pass. */
export function renderStepList(view: RolloutView, selected: number, everyPass: boolean): string {
  const groups = stepGroups(view, everyPass);
  const at = Math.max(
    0,
    groups.findIndex((group) => selected >= group.from && selected <= group.to),
  );
  const { from, to } = stepWindow(groups.length, at, STEP_LIST_ROWS);
  const rows = groups.slice(from, to + 1).map((group) => groupRow(view, group, selected));
  const grouped = groups.length < view.steps.length;
  const toggle =
    `<button type="button" class="secondary every-pass" data-action="everyPass" aria-pressed="${everyPass}">` +
    `${everyPass ? 'Group status-only passes' : 'Show every pass'}</button>`;
  const about = grouped
    ? `${view.steps.length} controller passes in ${groups.length} rows: passes that only update status are grouped.`
    : `${view.steps.length} controller passes.`;
  const unit = grouped ? 'rows' : 'steps';
  const before = from > 0 ? `<p class="muted">… ${from} earlier ${unit}</p>` : '';
  const after = to < groups.length - 1 ? `<p class="muted">… ${groups.length - 1 - to} later ${unit}</p>` : '';
  return (
    `<p class="step-list-head"><span class="muted">${about}</span> ${toggle}</p>${before}` +
    `<ol class="step-list" data-from="${from}" data-to="${to}">${rows.join('')}</ol>${after}`
  );
}
