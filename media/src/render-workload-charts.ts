// The charts of the DaemonSet, Job, CronJob and HPA previews: SVG drawn from the numbers the server sent (no
// inline styles: the panel's CSP forbids them), every manifest string escaped.
import type { CronJobPreview, DaemonSetPreview, HpaPreview, JobPreview } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';

/** Frames and nodes drawn at most in the DaemonSet grid (the rest are counted). */
const MAX_FRAMES = 80;
const MAX_NODES = 16;
const WIDTH = 600;

function svg(label: string, height: number, body: string, className: string): string {
  return `<svg class="${className}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${esc(label)}">${body}</svg>`;
}

function scaleOf(maxSecond: number, left = 0): (second: number) => number {
  const span = Math.max(1, maxSecond);
  return (second) => Math.round((left + (second / span) * (WIDTH - left - 10)) * 100) / 100;
}

/** The DaemonSet grid: one row per controller pass, one cell per node with its pods (old, new, surge beside old). */
export function renderDaemonSetGrid(preview: DaemonSetPreview): string {
  const frames = preview.frames.slice(0, MAX_FRAMES);
  const nodes = (frames[0]?.nodes ?? []).slice(0, MAX_NODES).map((entry) => entry.node);
  const head = `<tr><th scope="col">Time</th>${nodes.map((node) => `<th scope="col"><code>${esc(node)}</code></th>`).join('')}<th scope="col">Status</th></tr>`;
  const rows = frames.map((frame, index) => {
    const cells = nodes.map((node) => {
      const pods = frame.nodes.find((entry) => entry.node === node)?.pods ?? [];
      const chips = pods.map(
        (pod) =>
          `<span class="ds-pod ds-${esc(pod.revision)} ds-${esc(pod.state.toLowerCase())}" title="${esc(`${pod.name} · ${pod.hash} · ${pod.state}`)}">` +
          `${esc(pod.revision === 'new' ? 'new' : 'old')} ${esc(pod.state)}</span>`,
      );
      return `<td class="ds-cell" data-node="${esc(node)}">${chips.join('') || '<span class="muted">—</span>'}</td>`;
    });
    return `<tr class="ds-frame" data-frame="${index}"><td>${esc(frame.second)}s</td>${cells.join('')}<td class="muted">${esc(frame.summary)}</td></tr>`;
  });
  const omitted: string[] = [];
  if (preview.frames.length > frames.length) omitted.push(`${preview.frames.length - frames.length} later passes`);
  const totalNodes = preview.frames[0]?.nodes.length ?? 0;
  if (totalNodes > nodes.length) omitted.push(`${totalNodes - nodes.length} more nodes`);
  const note = omitted.length > 0 ? `<p class="muted">Not drawn: ${esc(omitted.join(', '))}.</p>` : '';
  return `<table class="ds-grid" aria-label="Pods per node after each controller pass"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>${note}`;
}

/** The CronJob's runs on a time axis: a tick at each scheduled time, a bar while its Job runs. */
export function renderCronJobAxis(preview: CronJobPreview): string {
  const runs = preview.runs;
  const end = Math.max(1, ...runs.map((run) => Math.max(run.second, run.endSecond ?? run.second)));
  const x = scaleOf(end);
  const rowHeight = 16;
  const bars = runs.map((run, row) => {
    const y = 20 + row * rowHeight;
    const start = run.startSecond ?? run.second;
    const stop = run.endSecond ?? end;
    const title = `${run.scheduledTime} · ${run.jobName} · ${run.fate}${run.end ? ` · ${run.end} at ${run.endSecond}s` : ''}`;
    const bar =
      run.fate === 'skipped'
        ? ''
        : `<rect class="cj-bar cj-${esc(run.fate)}" x="${x(start)}" y="${y}" width="${Math.max(2, x(stop) - x(start))}" height="${rowHeight - 5}"></rect>`;
    return (
      `<g class="cj-run" data-fate="${esc(run.fate)}"><title>${esc(title)}</title>` +
      `<line class="cj-tick" x1="${x(run.second)}" x2="${x(run.second)}" y1="${y - 2}" y2="${y + rowHeight - 3}"></line>${bar}</g>`
    );
  });
  const axis =
    `<line class="axis" x1="0" x2="${WIDTH}" y1="14" y2="14"></line><text class="axis-label" x="0" y="10">0s</text>` +
    `<text class="axis-label" x="${WIDTH - 4}" y="10" text-anchor="end">${esc(end)}s</text>`;
  return svg(`Next ${runs.length} runs of CronJob on a time axis`, 24 + runs.length * rowHeight, axis + bars.join(''), 'cj-axis');
}

/** A Job's pods as bars from creation to exit, the back-off waits between them marked. */
export function renderJobBars(preview: JobPreview): string {
  const pods = preview.pods;
  const end = Math.max(1, ...pods.map((pod) => pod.finishedSecond ?? pod.createdSecond), ...preview.conditions.map((condition) => condition.second));
  const x = scaleOf(end);
  const rowHeight = 18;
  const bars = pods.map((pod, row) => {
    const y = 20 + row * rowHeight;
    const stop = pod.finishedSecond ?? end;
    const backoff =
      pod.backoffSeconds !== undefined
        ? `<line class="job-backoff" x1="${x(pod.createdSecond - pod.backoffSeconds)}" x2="${x(pod.createdSecond)}" y1="${y + 6}" y2="${y + 6}"></line>`
        : '';
    const exit = pod.exitCode !== undefined ? ` (exit ${pod.exitCode})` : '';
    const title = `${pod.name}: ${pod.outcome}${exit}, ${pod.createdSecond}s–${pod.finishedSecond ?? '…'}s`;
    return (
      `<g class="job-pod" data-outcome="${esc(pod.outcome)}"><title>${esc(title)}</title>${backoff}` +
      `<rect class="job-bar job-${esc(pod.outcome.toLowerCase())}" x="${x(pod.createdSecond)}" y="${y}" ` +
      `width="${Math.max(2, x(stop) - x(pod.createdSecond))}" ` +
      `height="${rowHeight - 6}"></rect></g>`
    );
  });
  const marks = preview.conditions.map(
    (condition) =>
      `<line class="job-condition job-condition-${esc(condition.type)}" x1="${x(condition.second)}" x2="${x(condition.second)}" y1="14" ` +
      `y2="${22 + pods.length * rowHeight}"><title>${esc(`${condition.type} at ${condition.second}s`)}</title></line>`,
  );
  const axis =
    `<line class="axis" x1="0" x2="${WIDTH}" y1="14" y2="14"></line><text class="axis-label" x="0" y="10">0s</text>` +
    `<text class="axis-label" x="${WIDTH - 4}" y="10" text-anchor="end">${esc(end)}s</text>`;
  return svg(`The Job's ${pods.length} pods over time`, 26 + pods.length * rowHeight, axis + bars.join('') + marks.join(''), 'job-bars');
}

/** The HPA's replica curve (a step line) over the metric (a thin line), with min and max as dashed lines. */
export function renderHpaCurve(preview: HpaPreview): string {
  const points = preview.points;
  const height = 160;
  const end = Math.max(1, ...points.map((point) => point.second));
  const x = scaleOf(end, 30);
  const top = Math.max(preview.maxReplicas, ...points.map((point) => point.replicas)) + 1;
  const y = (replicas: number) => Math.round((height - 20 - (replicas / top) * (height - 30)) * 100) / 100;
  const metricTop = Math.max(1, ...points.map((point) => point.metric));
  const metricY = (value: number) => Math.round((height - 20 - (value / metricTop) * (height - 30)) * 100) / 100;
  const steps = points.map((point, index) => {
    const next = points[index + 1];
    return `${x(point.second)},${y(point.replicas)} ${next ? `${x(next.second)},${y(point.replicas)}` : ''}`;
  });
  const metric = points.map((point) => `${x(point.second)},${metricY(point.metric)}`).join(' ');
  const bound = (value: number, name: string) =>
    `<line class="hpa-bound" x1="30" x2="${WIDTH}" y1="${y(value)}" y2="${y(value)}"></line>` +
    `<text class="axis-label" x="0" y="${y(value) + 4}">${esc(name)} ${esc(value)}</text>`;
  const limited = points
    .filter((point) => point.limitedBy)
    .map(
      (point) =>
        `<circle class="hpa-limited" cx="${x(point.second)}" cy="${y(point.replicas)}" r="2.5">` +
        `<title>${esc(`${point.second}s: ${point.limitedBy}`)}</title></circle>`,
    );
  const body =
    bound(preview.minReplicas, 'min') +
    bound(preview.maxReplicas, 'max') +
    `<polyline class="hpa-metric" points="${metric}"></polyline><polyline class="hpa-replicas" points="${steps.join(' ')}"></polyline>${limited.join('')}` +
    `<text class="axis-label" x="30" y="${height - 4}">0s</text>` +
    `<text class="axis-label" x="${WIDTH - 4}" y="${height - 4}" text-anchor="end">${esc(end)}s</text>`;
  return svg(`Replicas of ${preview.target} over ${end}s`, height, body, 'hpa-curve');
}
