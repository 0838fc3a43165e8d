// Pure rendering of the legends: what the overview strip's colours and marks mean, and what the
// ReplicaSet bars' layers and tick mean. Words only; the numbers are the server's.
import type { RolloutView } from '../../protocol/src/index';

function item(swatch: string, text: string): string {
  return `<li><span class="legend-swatch ${swatch}" aria-hidden="true"></span>${text}</li>`;
}

/** The overview strip's legend: one entry per colour, plus pause/resume/undo when the timeline has them. */
export function renderOverviewLegend(view: RolloutView): string {
  const updated = view.kind === 'Deployment' ? 'available, new ReplicaSet' : 'available, update revision';
  const old = view.kind === 'Deployment' ? 'available, old ReplicaSets' : 'available, current revision';
  const items = [item('swatch-new', updated), item('swatch-old', old), item('swatch-unavailable', 'not available yet (starting, not ready, or terminating)')];
  const actions = new Set((view.actions ?? []).map((action) => action.action));
  if (actions.has('pause')) items.push(item('swatch-pause', '<code>kubectl rollout pause</code>'));
  if (actions.has('resume')) items.push(item('swatch-resume', '<code>kubectl rollout resume</code>'));
  if (actions.has('undo')) items.push(item('swatch-undo', '<code>kubectl rollout undo</code>'));
  items.push('<li>height: pods; width: controller passes, left to right</li>');
  return `<ul class="legend" aria-label="Timeline legend">${items.join('')}</ul>`;
}

/** The ReplicaSet bars' legend: the layers and the tick at `spec.replicas`. */
export function renderReplicaSetLegend(): string {
  return (
    '<ul class="legend legend-rs" aria-label="ReplicaSet bar legend">' +
    item('swatch-current', 'pods that exist (current)') +
    item('swatch-ready', 'ready') +
    item('swatch-available', 'available (ready for minReadySeconds)') +
    item('swatch-tick', 'tick: desired (the ReplicaSet’s spec.replicas)') +
    '</ul>'
  );
}
