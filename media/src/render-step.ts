// Pure rendering of one step of the rollout preview: ReplicaSet bars, budget, events, pods, and the
// kubectl text the server sends (shown verbatim: the webview formats no kubectl output itself).
import type { EventView, KubectlOutputView, PodView, ReplicaSetView, RolloutStep, RolloutView, SourceSpan } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { stepWindow } from './step-aggregation';
import { hasNoReadyEndpoint, renderTrafficLane } from './render-traffic';

/** What the user selected in the webview; kept with setState. */
export interface StepUiState {
  selectedStep: number;
  tab: 'timeline' | 'pods' | 'kubectl';
  playing: boolean;
}

/** Rows of the step list shown around the selected step. */
export const STEP_LIST_ROWS = 41;
/** Pod rows rendered at most (the server already caps the list it sends). */
export const POD_ROWS = 500;

function reveal(span: SourceSpan | undefined, label: string, description: string): string {
  if (!span) return label;
  return `<button type="button" class="link" data-action="reveal" data-start="${span.start}" data-end="${span.end}" title="${esc(description)}">${label}</button>`;
}

function replicaSetBar(replicaSet: ReplicaSetView, scale: number, view: RolloutView): string {
  const width = 200;
  const at = (count: number) => Math.round((count / scale) * width * 100) / 100;
  const label = `${replicaSet.name}: desired ${replicaSet.desired}, current ${replicaSet.current}, ready ${replicaSet.ready}, available ${replicaSet.available}`;
  return `<li class="rs ${replicaSet.isNew ? 'rs-new' : 'rs-old'}">
<div class="rs-name">${reveal(view.spans['spec.template'], esc(replicaSet.name), 'Reveal the pod template')} <span class="rs-tag">${replicaSet.isNew ? 'new' : 'old'}${replicaSet.revision !== undefined ? ` · revision ${replicaSet.revision}` : ''}</span> <span class="rs-images">${esc(replicaSet.images.join(', '))}</span></div>
<svg class="rs-bar" viewBox="0 0 ${width} 12" preserveAspectRatio="none" role="img" aria-label="${esc(label)}"><rect class="bar-track" x="0" y="0" width="${width}" height="12"></rect><rect class="bar-current" x="0" y="0" width="${at(replicaSet.current)}" height="12"></rect><rect class="bar-ready" x="0" y="0" width="${at(replicaSet.ready)}" height="12"></rect><rect class="bar-available" x="0" y="0" width="${at(replicaSet.available)}" height="12"></rect><rect class="bar-desired" x="${Math.max(0, at(replicaSet.desired) - 1)}" y="0" width="2" height="12"></rect></svg>
<div class="rs-counts">desired <b>${replicaSet.desired}</b> · current <b>${replicaSet.current}</b> · ready <b>${replicaSet.ready}</b> · available <b>${replicaSet.available}</b></div></li>`;
}

function renderBudget(step: RolloutStep): string {
  const budget = step.budget;
  if (!budget) return '';
  return `<p class="budget">Surge in use <b>${budget.surgeInUse}</b> of maxSurge ${budget.maxSurge} · unavailable <b>${budget.unavailableInUse}</b> of maxUnavailable ${budget.maxUnavailable}</p>`;
}

function renderEvents(view: RolloutView, events: EventView[], omitted: number): string {
  if (events.length === 0) return '<p class="muted">No events in this step.</p>';
  const rows = events.map((event) => {
    const count = event.count > 1 ? ` <span class="event-count">(x${event.count})</span>` : '';
    const message = reveal(event.span ?? view.spans['metadata.name'], esc(event.message), 'Reveal the responsible YAML');
    return `<tr class="event event-${esc(event.type)}"><td>${esc(event.type)}</td><td>${esc(event.reason)}</td><td>${esc(event.source)}</td><td>${message}${count}</td></tr>`;
  });
  const more = omitted > 0 ? `<p class="muted">… ${omitted} more events in this step</p>` : '';
  const headers = ['Type', 'Reason', 'From', 'Message'].map((header) => `<th scope="col">${header}</th>`).join('');
  return `<table class="events" aria-label="Events in this step"><thead><tr>${headers}</tr></thead><tbody>${rows.join('')}</tbody></table>${more}`;
}

function renderStepList(view: RolloutView, selected: number): string {
  const { from, to } = stepWindow(view.steps.length, selected, STEP_LIST_ROWS);
  const rows: string[] = [];
  for (let index = from; index <= to; index++) {
    const step = view.steps[index]!;
    rows.push(
      `<li><button type="button" class="step-row${index === selected ? ' selected' : ''}${hasNoReadyEndpoint(step) ? ' no-endpoints' : ''}" data-action="select" data-step="${index}"${index === selected ? ' aria-current="step"' : ''}><span class="step-time">${step.time}s</span> ${esc(step.summary)}</button></li>`,
    );
  }
  const before = from > 0 ? `<p class="muted">… ${from} earlier steps</p>` : '';
  const after = to < view.steps.length - 1 ? `<p class="muted">… ${view.steps.length - 1 - to} later steps</p>` : '';
  return `${before}<ol class="step-list" start="${from + 1}" data-from="${from}" data-to="${to}">${rows.join('')}</ol>${after}`;
}

function podCells(view: RolloutView, pod: PodView): string[] {
  const name = reveal(view.spans['spec.template'], esc(pod.name), 'Reveal the pod template');
  const ready = `${pod.readyContainers}/${pod.totalContainers}`;
  if (view.kind === 'StatefulSet') {
    return [
      String(pod.ordinal ?? ''),
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
  return `<dl class="sts-info"><dt>Service</dt><dd>${esc(info.serviceName)} (${service})</dd><dt>Pod management</dt><dd>${esc(info.podManagementPolicy)}</dd><dt>Partition</dt><dd>${info.partition}</dd><dt>Current revision</dt><dd>${esc(info.currentRevision)}</dd><dt>Update revision</dt><dd>${esc(info.updateRevision)}</dd></dl>`;
}

function renderPods(view: RolloutView, step: RolloutStep): string {
  const headers =
    view.kind === 'StatefulSet'
      ? ['Ordinal', 'Name', 'Hostname', 'DNS name', 'PVCs', 'Revision', 'Status', 'Ready']
      : ['Name', 'Phase', 'Status', 'Ready', 'ReplicaSet'];
  const pods = step.pods.slice(0, POD_ROWS);
  const omitted = step.podsOmitted + (step.pods.length - pods.length);
  const rows = pods
    .map(
      (pod) =>
        `<tr class="${pod.ready ? 'pod-ready' : 'pod-unready'}">${podCells(view, pod)
          .map((cell) => `<td>${cell}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `${renderStatefulSetInfo(step)}<table class="pods"><caption>${step.pods.length + step.podsOmitted} pods at ${step.time}s</caption><thead><tr>${headers.map((header) => `<th scope="col">${header}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>${omitted > 0 ? `<p class="muted">… ${omitted} more pods not listed.</p>` : ''}`;
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
      const id = `kubectl-${item.kind}`;
      const label = KUBECTL_LABELS[item.kind] ?? 'kubectl output';
      const text = `$ ${item.command}\n${item.excerpt ? '…\n' : ''}${item.output}`;
      const note = item.note ? `<p class="muted">${esc(item.note)}</p>` : '';
      return `<div class="kubectl-block"><button type="button" class="secondary copy" data-action="copy" data-target="${id}" aria-label="Copy ${label}">Copy</button><pre id="${id}" class="kubectl" tabindex="0" aria-label="${label}">${esc(text)}</pre>${note}</div>`;
    })
    .join('');
}

function renderTabs(ui: StepUiState): string {
  const tab = (id: StepUiState['tab'], label: string) =>
    `<button type="button" role="tab" id="tab-${id}" data-action="tab" data-tab="${id}" aria-selected="${ui.tab === id}" aria-controls="panel-${id}" tabindex="${ui.tab === id ? 0 : -1}">${label}</button>`;
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
      ? `<ul class="replica-sets" aria-label="ReplicaSets">${step.replicaSets.map((replicaSet) => replicaSetBar(replicaSet, scale, view)).join('')}</ul>`
      : '';
  let panel: string;
  if (ui.tab === 'pods') panel = renderPods(view, step);
  else if (ui.tab === 'kubectl') panel = renderKubectl(step);
  else panel = renderStepList(view, selected);
  return `<section class="step" aria-label="Selected step"><h2>${step.time}s · ${esc(step.summary)}</h2>${replicaSets}${renderTrafficLane(step)}${renderBudget(step)}${renderEvents(view, step.events, step.eventsOmitted ?? 0)}</section>
${renderTabs(ui)}<section class="tab-panel" role="tabpanel" id="panel-${ui.tab}" aria-labelledby="tab-${ui.tab}">${panel}</section>`;
}
