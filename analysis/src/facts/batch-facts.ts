// The names a Job's and a CronJob's runs get, for hovers and `kubesim names`: a Job's pod name prefixes (the API
// server appends five random characters) and a CronJob's next runs with the Job each creates (the engine's
// cronJobNextRuns: the controller's schedule in the CronJob's zone, getJobName).
import { cronJobNextRuns, isJsonObject, jobPodNamePrefixes, type CronJobRun } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';

/** The names of one CronJob or Job. */
interface BatchFacts {
  kind: 'CronJob' | 'Job';
  namespace: string;
  name: string;
  /** CronJob: its schedule and zone as written. */
  schedule?: string;
  timeZone?: string;
  /** CronJob: the next runs after the instant asked for. */
  nextRuns?: CronJobRun[];
  /** CronJob: why its schedule does not parse. */
  scheduleError?: string;
  /** Job: the generateName of its pods. */
  podNamePrefixes?: string[];
}

/** The names of a batch/v1 Job or CronJob (runs counted from `fromEpochMs`, `count` of them); undefined for anything else. */
export function computeBatchFacts(object: ManifestObject, fromEpochMs: number, count = 5): BatchFacts | undefined {
  if (!object.name || object.apiVersion !== 'batch/v1' || object.document.isTemplated) return undefined;
  const namespace = object.namespace ?? 'default';
  const spec = object.value.spec;
  if (!isJsonObject(spec)) return undefined;
  if (object.kind === 'CronJob' && typeof spec.schedule === 'string') {
    const timeZone = typeof spec.timeZone === 'string' ? spec.timeZone : undefined;
    const runs = cronJobNextRuns(object.name, spec.schedule, timeZone, fromEpochMs, count);
    const facts: BatchFacts = { kind: 'CronJob', namespace, name: object.name, schedule: spec.schedule };
    if (timeZone !== undefined) facts.timeZone = timeZone;
    if ('error' in runs) facts.scheduleError = runs.error;
    else facts.nextRuns = runs;
    return facts;
  }
  if (object.kind === 'Job') return { kind: 'Job', namespace, name: object.name, podNamePrefixes: jobPodNamePrefixes(object.name, spec) };
  return undefined;
}
