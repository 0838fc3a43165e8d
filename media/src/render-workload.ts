// The preview body of a DaemonSet, Job, CronJob or HPA: the outcome, the facts the controller worked with, the chart
// and a table, and the What-if form of that kind. Pure: the view in, HTML text out (every manifest string escaped).
import type { CronJobPreview, DaemonSetPreview, HpaPreview, JobPreview, RolloutView, WhatIf, WorkloadPreview } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { renderCronJobAxis, renderDaemonSetGrid, renderHpaCurve, renderJobBars } from './render-workload-charts';

function facts(items: [string, string][]): string {
  return `<dl class="workload-facts">${items.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>`;
}

function renderDaemonSet(preview: DaemonSetPreview): string {
  const running = preview.nodes.filter((node) => node.runs).length;
  const items: [string, string][] = [
    ['Update strategy', preview.updateStrategy],
    ['Nodes', `${running} of ${preview.nodes.length} run a pod`],
    ['New revision', `${preview.revisionName} (controller-revision-hash ${preview.revisionHash})`],
  ];
  if (preview.maxUnavailable !== undefined)
    items.push(['maxUnavailable', `${preview.maxUnavailable} node${preview.maxUnavailable === 1 ? '' : 's'} at a time`]);
  if (preview.maxSurge !== undefined) items.push(['maxSurge', `${preview.maxSurge} surge pod${preview.maxSurge === 1 ? '' : 's'} beside the old ones`]);
  if (preview.minReadySeconds > 0) items.push(['minReadySeconds', String(preview.minReadySeconds)]);
  const skipped = preview.nodes.filter((node) => !node.runs);
  const skippedText =
    skipped.length > 0
      ? `<p class="muted">No pod on ${skipped.map((node) => `<code>${esc(node.name)}</code>`).join(', ')}: ${esc(skipped[0]!.reason ?? '')}.</p>`
      : '';
  return `${facts(items)}${skippedText}<h2>Pods per node</h2>${renderDaemonSetGrid(preview)}`;
}

function renderCronJob(preview: CronJobPreview): string {
  const items: [string, string][] = [
    ['Schedule', preview.schedule],
    ['Time zone', preview.timeZone],
    ['concurrencyPolicy', preview.concurrencyPolicy],
    ['Each Job runs', `${preview.runSeconds}s (What-if)`],
  ];
  if (preview.suspend) items.push(['suspend', 'true: no Job is created']);
  const rows = preview.runs.map((run) => {
    const end = run.end ? `${run.end} at ${run.endSecond}s` : run.fate === 'skipped' ? '—' : 'running';
    const start = run.startSecond !== undefined && run.startSecond !== run.second ? ` (created at ${run.startSecond}s)` : '';
    const fate = run.replaced ? `replaces ${run.replaced}` : run.fate;
    return (
      `<tr class="cj-row" data-fate="${esc(run.fate)}"><td><code>${esc(run.scheduledTime)}</code></td><td>${esc(run.second)}s${esc(start)}</td>` +
      `<td><code>${esc(run.jobName)}</code></td><td class="cj-fate cj-fate-${esc(run.fate)}">${esc(fate)}</td><td>${esc(end)}</td></tr>`
    );
  });
  const table =
    '<table class="cj-runs"><thead><tr><th scope="col">Scheduled</th><th scope="col">At</th><th scope="col">Job</th>' +
    `<th scope="col">Under ${esc(preview.concurrencyPolicy)}</th><th scope="col">Ends</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return `${facts(items)}<h2>Next runs</h2>${renderCronJobAxis(preview)}${table}`;
}

function renderJob(preview: JobPreview): string {
  const items: [string, string][] = [
    ['Completions', preview.completions === undefined ? 'unset (one pod must succeed)' : String(preview.completions)],
    ['Parallelism', String(preview.parallelism)],
    ['backoffLimit', String(preview.backoffLimit)],
    ['Pods (What-if)', preview.podOutcomes],
  ];
  const rows = preview.pods.map((pod) => {
    const exit = pod.exitCode !== undefined ? `exit ${pod.exitCode}` : '';
    const backoff = pod.backoffSeconds !== undefined ? `${pod.backoffSeconds}s` : '—';
    const index = pod.index !== undefined ? ` <span class="muted">index ${esc(pod.index)}</span>` : '';
    return (
      `<tr class="job-row" data-outcome="${esc(pod.outcome)}"><td><code>${esc(pod.name)}</code>${index}</td>` +
      `<td>${esc(backoff)}</td><td>${esc(pod.createdSecond)}s</td><td>${pod.finishedSecond !== undefined ? `${esc(pod.finishedSecond)}s` : '—'}</td>` +
      `<td class="job-outcome-${esc(pod.outcome.toLowerCase())}">${esc(pod.outcome)} ${esc(exit)}</td></tr>`
    );
  });
  const table =
    '<table class="job-pods"><thead><tr><th scope="col">Pod</th><th scope="col">Back-off before</th><th scope="col">Created</th>' +
    `<th scope="col">Exited</th><th scope="col">Outcome</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const conditions = preview.conditions.map(
    (condition) =>
      `<li class="job-condition-item"><strong>${esc(condition.type)}</strong> at ${esc(condition.second)}s` +
      `${condition.reason ? ` · ${esc(condition.reason)}` : ''}${condition.message ? `: ${esc(condition.message)}` : ''}</li>`,
  );
  const reached = `<ul class="job-conditions">${conditions.join('') || '<li>None reached.</li>'}</ul>`;
  return `${facts(items)}<h2>Pods</h2>${renderJobBars(preview)}${table}<h2>Conditions</h2>${reached}`;
}

function renderHpa(preview: HpaPreview): string {
  const items: [string, string][] = [
    ['Target', preview.target],
    ['Replicas', `min ${preview.minReplicas}, max ${preview.maxReplicas}`],
    ['Metric', preview.metricTarget],
    ['Stabilization', `scale up ${preview.scaleUpStabilizationSeconds}s, scale down ${preview.scaleDownStabilizationSeconds}s`],
  ];
  for (const policy of preview.policies) items.push(['Policy', policy]);
  // The syncs where something changed: the replicas, what holds them back, or the metric.
  const changes = preview.points.filter((point, index) => {
    const previous = preview.points[index - 1];
    return !previous || point.replicas !== previous.replicas || point.limitedBy !== previous.limitedBy || point.metric !== previous.metric;
  });
  const rows = changes.map(
    (point) =>
      `<tr class="hpa-row"><td>${esc(point.second)}s</td><td>${esc(point.metric)}${esc(preview.metricUnit)}</td><td>${esc(point.desiredReplicas)}</td>` +
      `<td>${esc(point.replicas)}</td><td>${esc(point.limitedBy ?? '')}</td></tr>`,
  );
  const table =
    '<table class="hpa-points"><thead><tr><th scope="col">At</th><th scope="col">Metric</th><th scope="col">Desired</th>' +
    `<th scope="col">Replicas</th><th scope="col">Held by</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const legend = '<p class="muted"><span class="legend-replicas">━ replicas</span> · <span class="legend-metric">─ metric</span> · dashed: min and max</p>';
  return `${facts(items)}<h2>Replicas over time</h2>${renderHpaCurve(preview)}${legend}${table}`;
}

/** The body of a workload preview (after the header and the forms). */
export function renderWorkloadBody(view: RolloutView, preview: WorkloadPreview): string {
  const outcome =
    `<section class="outcome outcome-${esc(view.outcome.kind)}" role="status" aria-label="Outcome">` +
    `<strong>${esc(view.outcome.message)}</strong></section>`;
  const summary = `<p class="change-summary">${esc(view.change.summary)}</p>`;
  const assumptions = view.assumptions ? `<p class="assumptions">${esc(view.assumptions)}</p>` : '';
  const body =
    preview.kind === 'DaemonSet'
      ? renderDaemonSet(preview)
      : preview.kind === 'CronJob'
        ? renderCronJob(preview)
        : preview.kind === 'Job'
          ? renderJob(preview)
          : renderHpa(preview);
  return `${summary}${outcome}${assumptions}<section class="workload workload-${esc(preview.kind.toLowerCase())}">${body}</section>`;
}

const number = (name: string, label: string, value: number | undefined, placeholder: string) =>
  `<label>${label} <input type="number" min="0" name="${name}" value="${esc(value ?? '')}" placeholder="${esc(placeholder)}"></label>`;

/** The What-if form of a Job, CronJob or HPA preview (a DaemonSet has none). */
export function renderWorkloadWhatIf(view: RolloutView): string {
  const whatIf: WhatIf = view.whatIf;
  let fields = '';
  if (view.kind === 'Job')
    fields =
      number('podFailures', 'Pods fail until', whatIf.podFailures, '0') +
      number('exitCode', 'have failed, with exit code', whatIf.exitCode, '1') +
      number('runSeconds', 'Each pod runs (s)', whatIf.runSeconds, '5');
  else if (view.kind === 'CronJob') fields = number('runSeconds', 'Each Job runs (s)', whatIf.runSeconds, '5');
  else if (view.kind === 'HorizontalPodAutoscaler') {
    const metric = whatIf.metric;
    const shape = metric?.shape ?? 'step';
    const option = (value: string, label: string) => `<option value="${value}"${shape === value ? ' selected' : ''}>${label}</option>`;
    const from = metric ? (metric.shape === 'constant' ? metric.value : metric.from) : undefined;
    const to = metric && metric.shape !== 'constant' ? metric.to : undefined;
    const at = metric && metric.shape !== 'constant' ? metric.atSecond : undefined;
    const over = metric?.shape === 'ramp' ? metric.overSeconds : undefined;
    fields =
      `<label>Metric <select name="metricShape">${option('constant', 'constant')}${option('step', 'a step')}${option('ramp', 'a ramp')}</select></label>` +
      number('metricFrom', 'from', from, 'half the target') +
      number('metricTo', 'to', to, 'twice the target') +
      number('metricAt', 'at (s)', at, '60') +
      number('metricOver', 'over (s)', over, '120');
  } else return '';
  const open = ['podFailures', 'exitCode', 'runSeconds', 'metric'].some((key) => whatIf[key as keyof WhatIf] !== undefined);
  return `<details class="what-if"${open ? ' open' : ''}><summary>What if…</summary><form data-form="whatIf">
${fields}
<button type="submit">Recompute</button><button type="button" data-action="resetWhatIf" class="secondary">Reset</button></form></details>`;
}
