// The CronJob and Job part of `kubesim names`: a CronJob's next runs with the Job each creates, a Job's
// pod name prefixes (the API server appends five random characters).
import type { CronJobRun } from '@kubesim/engine';
import { computeBatchFacts, type ManifestObject } from '@kubesim/analysis';

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
  return objects.flatMap((object) => {
    const facts = computeBatchFacts(object, fromEpochMs, NEXT_RUN_COUNT);
    if (!facts) return [];
    const entry: BatchNames = { file: path, kind: facts.kind, namespace: facts.namespace, name: facts.name };
    if (facts.nextRuns) entry.nextRuns = facts.nextRuns;
    if (facts.scheduleError !== undefined) entry.scheduleError = facts.scheduleError;
    if (facts.podNamePrefixes) entry.podNamePrefixes = facts.podNamePrefixes;
    return [entry];
  });
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
