// Pure rendering of one step of the rollout preview: ReplicaSet bars, budget, events, pods, and the
// kubectl text the server sends (shown verbatim: the webview formats no kubectl output itself).
import type { EventView, KubectlOutputView, PodView, ReplicaSetView, RolloutStep, RolloutView, SourceSpan } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { renderTrafficLane } from './render-traffic';
import { renderReplicaSetLegend } from './render-legend';
import { renderStepList, timeText } from './render-step-list';

export { STEP_LIST_ROWS } from './render-step-list';

/** What the user selected in the webview; kept with setState. */
export interface StepUiState {
  selectedStep: number;
  tab: 'timeline' | 'pods' | 'kubectl';
  playing: boolean;
  /** Every controller pass in the step list instead of grouped status-only passes. */
  everyPass?: boolean;
}
/** Pod rows rendered at most (the server already caps the list it sends). */
export const POD_ROWS = 500;

function reveal(span: SourceSpan | undefined, label: string, description: string): string {
  if (!span) return label;
  const at = `data-start="${esc(span.start)}" data-end="${esc(span.end)}"`;
  return `<button type="button" class="link" data-action="reveal" ${at} title="${esc(description)}">${label}</button>`;
}

function replicaSetBar(replicaSet: ReplicaSetView, scale: number, view: RolloutView): string {
  const width = 200;
  const at = (count: number) => Math.round((count / scale) * width * 100) / 100;
  const counts = `desired ${replicaSet.desired}, current ${replicaSet.current}, ready ${replicaSet.ready}, available ${replicaSet.available}`;
  const tag = `${replicaSet.isNew ? 'new' : 'old'}${replicaSet.revision !== undefined ? ` · revision ${replicaSet.revision}` : ''}`;
  const name = reveal(view.spans['spec.template'], esc(replicaSet.name), 'Reveal the pod template');
  const rect = (css: string, x: number, w: number) => `<rect class="${css}" x="${esc(x)}" y="0" width="${esc(w)}" height="12"></rect>`;
  const bar =
    `<svg class="rs-bar" viewBox="0 0 ${width} 12" preserveAspectRatio="none" role="img" aria-label="${esc(`${replicaSet.name}: ${counts}`)}">` +
    rect('bar-track', 0, width) +
    rect('bar-current', 0, at(replicaSet.current)) +
    rect('bar-ready', 0, at(replicaSet.ready)) +
    rect('bar-available', 0, at(replicaSet.available)) +
    rect('bar-desired', Math.max(0, at(replicaSet.desired) - 1), 2) +
    '</svg>';
  const numbers = ['desired', 'current', 'ready', 'available'] as const;
  return `<li class="rs ${replicaSet.isNew ? 'rs-new' : 'rs-old'}">
<div class="rs-name">${name} <span class="rs-tag">${esc(tag)}</span> <span class="rs-images">${esc(replicaSet.images.join(', '))}</span></div>
${bar}
<div class="rs-counts">${numbers.map((key) => `${key} <b>${esc(replicaSet[key])}</b>`).join(' · ')}</div></li>`;
}

// The deployment controller's two limits, said as it applies them (rolling.go): the ReplicaSets'
// spec.replicas stay at most replicas + maxSurge (the new ReplicaSet's scale-up), and old ReplicaSets
// are scaled down only while replicas - maxUnavailable pods stay available. During a plain scale-up
// fewer pods may be available than that floor: maxUnavailable does not hold the scale-up back.
function renderBudget(step: RolloutStep): string {
  const budget = step.budget;
  if (!budget) return '';
  const replicas = budget.replicas ?? step.workload.desiredReplicas;
  const asked = budget.replicaSetReplicas ?? replicas + budget.surgeInUse;
  const available = budget.available ?? replicas - budget.unavailableInUse;
  const floor = Math.max(0, replicas - budget.maxUnavailable);
  const room = budget.oldScaleDownRoom;
  const scaleDown = room === undefined ? '' : room > 0 ? ` (${esc(room)} old may go now)` : ' (no old pod may go now)';
  const ceiling = `at most ${esc(replicas + budget.maxSurge)} (replicas ${esc(replicas)} + maxSurge ${esc(budget.maxSurge)})`;
  return (
    '<p class="budget">' +
    // The separator ends the first span: in a narrow panel the spans wrap, and a lone "·" never sits on a line of its own.
    `<span>ReplicaSets ask for <b>${esc(asked)}</b> pods, ${ceiling} ·</span> ` +
    `<span><b>${esc(available)}</b> available; old ReplicaSets scale down only while ${esc(floor)} stay available ` +
    `(replicas ${esc(replicas)} − maxUnavailable ${esc(budget.maxUnavailable)})${scaleDown}</span></p>`
  );
}

function renderEvents(view: RolloutView, events: EventView[], omitted: number): string {
  if (events.length === 0) return '<p class="muted">No events in this step.</p>';
  const rows = events.map((event) => {
    const count = event.count > 1 ? ` <span class="event-count">(x${esc(event.count)})</span>` : '';
    const message = reveal(event.span ?? view.spans['metadata.name'], esc(event.message), 'Reveal the responsible YAML');
    const cells = [esc(event.type), esc(event.reason), esc(event.source), `${message}${count}`].map((cell) => `<td>${cell}</td>`).join('');
    return `<tr class="event event-${esc(event.type)}">${cells}</tr>`;
  });
  const more = omitted > 0 ? `<p class="muted">… ${esc(omitted)} more events in this step</p>` : '';
  const headers = ['Type', 'Reason', 'From', 'Message'].map((header) => `<th scope="col">${header}</th>`).join('');
  return `<table class="events" aria-label="Events in this step"><thead><tr>${headers}</tr></thead><tbody>${rows.join('')}</tbody></table>${more}`;
}

function podCells(view: RolloutView, pod: PodView): string[] {
  const name = reveal(view.spans['spec.template'], esc(pod.name), 'Reveal the pod template');
  const ready = esc(`${pod.readyContainers}/${pod.totalContainers}`);
  if (view.kind === 'StatefulSet') {
    return [
      esc(pod.ordinal ?? ''),
      name,
      esc(pod.hostname ?? ''),
      `<code>${esc(pod.dnsName ?? '')}</code>`,
      esc((pod.persistentVolumeClaims ?? []).join(', ')),
      esc(pod.revision ?? ''),
      esc(pod.status),
      ready,
    ];
  }
  return [name, esc(pod.phase), esc(pod.status), ready, esc(pod.owner)];
}

function renderStatefulSetInfo(step: RolloutStep): string {
  const info = step.statefulSet;
  if (!info) return '';
  const service = info.headlessService === 'found' ? 'headless Service' : info.headlessService === 'missing' ? 'Service not found' : 'Service is not headless';
  const rows: [string, string][] = [
    ['Service', `${esc(info.serviceName)} (${service})`],
    ['Pod management', esc(info.podManagementPolicy)],
    ['Partition', esc(info.partition)],
    ['Current revision', esc(info.currentRevision)],
    ['Update revision', esc(info.updateRevision)],
  ];
  return `<dl class="sts-info">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function renderPods(view: RolloutView, step: RolloutStep): string {
  const headers =
    view.kind === 'StatefulSet'
      ? ['Ordinal', 'Name', 'Hostname', 'DNS name', 'PVCs', 'Revision', 'Status', 'Ready']
      : ['Name', 'Phase', 'Status', 'Ready', 'ReplicaSet'];
  const pods = step.pods.slice(0, POD_ROWS);
  const omitted = step.podsOmitted + (step.pods.length - pods.length);
  // A pod the scheduler could not place gets a second row with its FailedScheduling message.
  const unschedulableRow = (pod: PodView): string =>
    pod.unschedulable === undefined
      ? ''
      : `<tr class="pod-unschedulable"><td colspan="${headers.length}">FailedScheduling: <code>${esc(pod.unschedulable)}</code></td></tr>`;
  const rows = pods
    .map(
      (pod) =>
        `<tr class="${pod.ready ? 'pod-ready' : 'pod-unready'}">${podCells(view, pod)
          .map((cell) => `<td>${cell}</td>`)
          .join('')}</tr>${unschedulableRow(pod)}`,
    )
    .join('');
  const head = headers.map((header) => `<th scope="col">${header}</th>`).join('');
  const caption = `<caption>${esc(step.pods.length + step.podsOmitted)} pods at ${esc(timeText(step))}</caption>`;
  const table = `<div class="table-scroll"><table class="pods">${caption}<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
  return `${renderStatefulSetInfo(step)}${table}${omitted > 0 ? `<p class="muted">… ${esc(omitted)} more pods not listed.</p>` : ''}`;
}

const KUBECTL_LABELS: Record<KubectlOutputView['kind'], string> = {
  get: 'kubectl get output',
  status: 'kubectl rollout status output',
  describe: 'kubectl describe events',
};

// Each block is `$ command` and the output the server sent; an excerpt (describe: its Events
// section) starts with an ellipsis line. The note sits outside the <pre>, so Copy leaves it out.
function renderKubectl(step: RolloutStep): string {
  if (step.kubectl.length === 0) return '<p class="muted">No kubectl output for this step.</p>';
  return step.kubectl
    .map((item) => {
      const id = esc(`kubectl-${item.kind}`);
      const label = KUBECTL_LABELS[item.kind] ?? 'kubectl output';
      const text = `$ ${item.command}\n${item.excerpt ? '…\n' : ''}${item.output}`;
      const note = item.note ? `<p class="muted">${esc(item.note)}</p>` : '';
      const copy = `<button type="button" class="secondary copy" data-action="copy" data-target="${id}" aria-label="Copy ${label}">Copy</button>`;
      return `<div class="kubectl-block">${copy}<pre id="${id}" class="kubectl" tabindex="0" aria-label="${label}">${esc(text)}</pre>${note}</div>`;
    })
    .join('');
}

function renderTabs(ui: StepUiState): string {
  const tab = (id: StepUiState['tab'], label: string) =>
    `<button type="button" role="tab" id="tab-${id}" data-action="tab" data-tab="${id}" aria-selected="${ui.tab === id}" ` +
    `aria-controls="panel-${id}" tabindex="${ui.tab === id ? 0 : -1}">${label}</button>`;
  return `<div class="tabs" role="tablist" aria-label="Step views">${tab('timeline', 'Steps')}${tab('pods', 'Pods')}${tab('kubectl', 'kubectl')}</div>`;
}

/** The part of the preview that changes with the selected step. */
export function renderStepDetail(view: RolloutView, ui: StepUiState): string {
  const selected = Math.min(Math.max(0, ui.selectedStep), view.steps.length - 1);
  const step = view.steps[selected];
  if (!step) return '<p class="muted">The simulation produced no steps.</p>';
  const scale = Math.max(
    1,
    step.workload.desiredReplicas + (step.budget?.maxSurge ?? 0),
    ...step.replicaSets.map((replicaSet) => Math.max(replicaSet.desired, replicaSet.current)),
  );
  const replicaSets =
    step.replicaSets.length > 0
      ? `<ul class="replica-sets" aria-label="ReplicaSets">${step.replicaSets.map((replicaSet) => replicaSetBar(replicaSet, scale, view)).join('')}</ul>` +
        renderReplicaSetLegend()
      : '';
  let panel: string;
  if (ui.tab === 'pods') panel = renderPods(view, step);
  else if (ui.tab === 'kubectl') panel = renderKubectl(step);
  else panel = renderStepList(view, selected, ui.everyPass === true);
  const events = renderEvents(view, step.events, step.eventsOmitted ?? 0);
  const heading = `<h2>${esc(timeText(step))} · ${esc(step.summary)}</h2>`;
  return `<section class="step" aria-label="Selected step">${heading}${replicaSets}${renderTrafficLane(step)}${renderBudget(step)}${events}</section>
${renderTabs(ui)}<section class="tab-panel" role="tabpanel" id="panel-${ui.tab}" aria-labelledby="tab-${ui.tab}">${panel}</section>`;
}
