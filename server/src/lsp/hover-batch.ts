// Hovers on Jobs and CronJobs: the names their pods get, and a CronJob's next runs in its zone with the Job each
// creates (the analysis's computeBatchFacts), counted from the editor's clock.
import type { ClusterSpec } from '@kubesim/engine';
import { API_REFERENCE, computeBatchFacts, type ManifestObject, type PathSegment } from '@kubesim/analysis';
import { footer } from './hover-markdown';

function isHeader(path: readonly PathSegment[]): boolean {
  const [first, second] = path;
  return (
    path.length === 0 ||
    (path.length === 1 && ['kind', 'apiVersion', 'metadata', 'spec'].includes(String(first))) ||
    (first === 'metadata' && second === 'name')
  );
}

/** The hover for `path` in a batch/v1 Job or CronJob, or undefined (`now`: ms since the epoch). */
export function describeBatchPath(object: ManifestObject, path: readonly PathSegment[], cluster: ClusterSpec, now: number): string | undefined {
  const onSchedule = object.kind === 'CronJob' && path[0] === 'spec' && (path[1] === 'schedule' || path[1] === 'timeZone') && path.length === 2;
  if (!isHeader(path) && !onSchedule) return undefined;
  const facts = computeBatchFacts(object, now);
  if (!facts) return undefined;
  if (facts.kind === 'Job') {
    const pods = (facts.podNamePrefixes ?? []).map((prefix) => `\`${prefix}<5 random>\``).join(', ');
    return [`**Job** \`${facts.name}\` in namespace \`${facts.namespace}\``, '', `Pods: ${pods}`, '', footer('Job', API_REFERENCE.job, cluster)].join('\n');
  }
  const zone = facts.timeZone ?? 'UTC (the controller manager’s zone in kind)';
  const runs =
    facts.scheduleError !== undefined
      ? [`The schedule does not parse: ${facts.scheduleError}`]
      : (facts.nextRuns ?? []).map((run) => `- ${run.scheduledTime} → Job \`${run.jobName}\``);
  return [
    `**CronJob** \`${facts.name}\` in namespace \`${facts.namespace}\``,
    '',
    `Next runs from now, schedule \`${facts.schedule ?? ''}\` in ${zone}:`,
    '',
    ...runs,
    '',
    footer('CronJob', API_REFERENCE.cronJob, cluster),
  ].join('\n');
}
