// The CronJob and Job part of `kubesim names`: a CronJob's next runs with the Job each creates, a Job's
// pod name prefixes (the API server appends five random characters).
import { cronJobNextRuns, isJsonObject, jobPodNamePrefixes, type CronJobRun } from '@kubesim/engine';
import type { ManifestObject } from '@kubesim/analysis';

/** The names of one CronJob or Job, as printed with --json. */
export interface BatchNames {
  file: string;
  kind: 'CronJob' | 'Job';
  namespace: string;
  name: string;
  /** CronJob: the next runs after `from`. */
  nextRuns?: CronJobRun[];
  /** CronJob: why its schedule does not parse. */
  scheduleError?: string;
  /** Job: the generateName of its pods. */
  podNamePrefixes?: string[];
}

/** How many upcoming runs `kubesim names` lists per CronJob. */
const NEXT_RUN_COUNT = 5;

/** The CronJobs and Jobs of a file, with their names, runs counted from `fromEpochMs`. */
export function batchNamesOf(path: string, objects: readonly ManifestObject[], fromEpochMs: number): BatchNames[] {
  const result: BatchNames[] = [];
  for (const object of objects) {
    if (!object.name || object.apiVersion !== 'batch/v1' || object.document.isTemplated) continue;
    const namespace = object.namespace ?? 'default';
    const spec = object.value.spec;
    if (!isJsonObject(spec)) continue;
    if (object.kind === 'CronJob' && typeof spec.schedule === 'string') {
      const timeZone = typeof spec.timeZone === 'string' ? spec.timeZone : undefined;
      const runs = cronJobNextRuns(object.name, spec.schedule, timeZone, fromEpochMs, NEXT_RUN_COUNT);
      const entry: BatchNames = { file: path, kind: 'CronJob', namespace, name: object.name };
      if ('error' in runs) entry.scheduleError = runs.error;
      else entry.nextRuns = runs;
      result.push(entry);
    } else if (object.kind === 'Job') {
      result.push({ file: path, kind: 'Job', namespace, name: object.name, podNamePrefixes: jobPodNamePrefixes(object.name, spec) });
    }
  }
  return result;
}

/** The text `kubesim names` prints for them. */
export function formatBatchNames(entries: readonly BatchNames[], fromEpochMs: number): string {
  if (entries.length === 0) return '';
  const lines: string[] = [];
  for (const entry of entries) {
    if (entry.kind === 'CronJob') {
      lines.push('', `CronJob ${entry.namespace}/${entry.name} next runs after ${new Date(fromEpochMs).toISOString().replace('.000Z', 'Z')}:`);
      if (entry.scheduleError !== undefined) lines.push(`  none: unparseable schedule: ${entry.scheduleError}`);
      for (const run of entry.nextRuns ?? []) lines.push(`  ${run.scheduledTime}  job ${run.jobName}`);
    } else lines.push('', `Job ${entry.namespace}/${entry.name} pods: ${(entry.podNamePrefixes ?? []).map((prefix) => `${prefix}<5 random>`).join(', ')}`);
  }
  return `\n${lines.join('\n')}`;
}
