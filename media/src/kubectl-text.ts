// kubectl's text output for one step of a rollout: `get` tables and `describe` event lines, from step data.
import type { ClaimView, EventView, PodView, ReplicaSetView, RolloutStep, RolloutView } from '../../protocol/src/index';

// Follows HumanDuration, k8s.io/apimachinery/pkg/util/duration/duration.go: about two significant
// figures, e.g. 119 s -> "119s", 125 s -> "2m5s", 600 s -> "10m", 3 h 20 m -> "3h20m", 9 h -> "9h".
/** kubectl's AGE column for a duration in seconds. */
export function humanDuration(totalSeconds: number): string {
  const seconds = Math.trunc(totalSeconds);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const rest = seconds % 60;
    return rest === 0 ? `${minutes}m` : `${minutes}m${rest}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours}h` : `${hours}h${rest}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const rest = hours % 24;
    return rest === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${rest}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.trunc(hours / 24) % 365;
    const years = Math.trunc(hours / 24 / 365);
    return days === 0 ? `${years}y` : `${years}y${days}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

// Follows Go's text/tabwriter as kubectl configures it: a column is as wide as its widest cell
// plus `padding`, at least `minWidth`; the last cell of a row is not padded. `kubectl get` uses
// minWidth 6 and padding 3 (cli-runtime printers/tabwriter.go), `kubectl describe` 0 and 2.
/** Aligns rows of cells into columns as Go's tabwriter does with flags 0 and a space pad. */
export function alignColumns(rows: string[][], minWidth: number, padding: number): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.slice(0, -1).forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? minWidth, cell.length + padding);
    });
  }
  return rows.map((row) => row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell)).join(''));
}

function getTable(rows: string[][]): string {
  return alignColumns(rows, 6, 3).join('\n');
}

function age(now: number, createdAt: number): string {
  return humanDuration(now - createdAt);
}

function replicaSetRows(step: RolloutStep, replicaSets: ReplicaSetView[]): string[][] {
  return [
    ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'],
    ...replicaSets.map((rs) => [`replicaset.apps/${rs.name}`, String(rs.desired), String(rs.current), String(rs.ready), age(step.time, rs.createdAt)]),
  ];
}

function podRows(step: RolloutStep, pods: PodView[]): string[][] {
  return [
    ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
    ...pods.map((pod) => [`pod/${pod.name}`, `${pod.readyContainers}/${pod.totalContainers}`, pod.status, String(pod.restarts), age(step.time, pod.createdAt)]),
  ];
}

function claimRows(step: RolloutStep, claims: ClaimView[]): string[][] {
  return [
    ['NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'AGE'],
    ...claims.map((claim) => [
      `persistentvolumeclaim/${claim.name}`, claim.status, claim.volume, claim.capacity, claim.accessModes, claim.storageClass, '<unset>', age(step.time, claim.createdAt),
    ]),
  ];
}

/** The command whose output `formatKubectlGet` prints. */
export function kubectlGetCommand(view: RolloutView): string {
  return view.kind === 'Deployment' ? `kubectl get deploy,rs,pods` : `kubectl get sts,pods,pvc`;
}

/** `kubectl get deploy,rs,pods` (or `sts,pods,pvc`) at one step: one table per kind, a blank line between. */
export function formatKubectlGet(view: RolloutView, step: RolloutStep): string {
  const workload = step.workload;
  const tables: string[] = [];
  if (view.kind === 'Deployment') {
    tables.push(getTable([
      ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
      [`deployment.apps/${view.name}`, `${workload.readyReplicas}/${workload.desiredReplicas}`, String(workload.updatedReplicas), String(workload.availableReplicas), age(step.time, workload.createdAt)],
    ]));
    if (step.replicaSets.length > 0) tables.push(getTable(replicaSetRows(step, step.replicaSets)));
  } else {
    tables.push(getTable([
      ['NAME', 'READY', 'AGE'],
      [`statefulset.apps/${view.name}`, `${workload.readyReplicas}/${workload.desiredReplicas}`, age(step.time, workload.createdAt)],
    ]));
  }
  if (step.pods.length > 0) tables.push(getTable(podRows(step, step.pods)) + (step.podsOmitted > 0 ? `\n… ${step.podsOmitted} more pods not listed` : ''));
  const claims = step.statefulSet?.claims ?? [];
  if (claims.length > 0) tables.push(getTable(claimRows(step, claims)));
  return tables.join('\n\n');
}

// Follows DescribeEvents, k8s.io/kubectl/pkg/describe/describe.go: an event seen more than once
// shows "<age of last> (x<count> over <age of first>)" in the Age column.
/** One event's Age column as `kubectl describe` prints it at simulated second `now`. */
export function describeEventAge(event: EventView, now: number): string {
  const first = humanDuration(now - event.firstSeen);
  return event.count > 1 ? `${humanDuration(now - event.lastSeen)} (x${event.count} over ${first})` : first;
}

/** The Events section of `kubectl describe` at simulated second `now`. */
export function formatDescribeEvents(events: EventView[], now: number): string {
  if (events.length === 0) return alignColumns([['Events:', '<none>']], 0, 2).join('\n');
  const rows = [
    ['  Type', 'Reason', 'Age', 'From', 'Message'],
    ['  ----', '------', '----', '----', '-------'],
    ...events.map((event) => [`  ${event.type}`, event.reason, describeEventAge(event, now), event.source, event.message.trim()]),
  ];
  return ['Events:', ...alignColumns(rows, 0, 2)].join('\n');
}

/** One event as a single `kubectl describe` line (no column alignment), for the timeline. */
export function formatEventLine(event: EventView, now: number): string {
  return `${event.type}  ${event.reason}  ${describeEventAge(event, now)}  ${event.source}  ${event.message.trim()}`;
}
