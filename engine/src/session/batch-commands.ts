// Session commands for Jobs and CronJobs: `kubectl get jobs|cronjobs`, `kubectl create job NAME
// --from=cronjob/NAME` (kubectl's createJobFromCronJob: the template's labels and annotations, the
// `cronjob.kubernetes.io/instantiate: manual` annotation, an owner reference that is not a controller
// reference), `kubectl delete job|cronjob NAME`, `kubesim advance DURATION` (the clock jumps, every
// controller runs on the way) and `kubesim pod-exits job/NAME|cronjob/NAME CODE [after DURATION]
// [--container NAME]` (how the next pods of a Job, or of a CronJob's Jobs, end).
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import type { JsonObject } from '../model/objects';
import { cloneJson } from '../model/clone';
import { formatKubectlErrors } from '../kubectl/api-errors';
import { getCronJobs, getJobs } from '../kubectl/batch-get';
import { createJob } from '../job/batch-admission';
import { deleteJob } from '../job/job-deletion';
import { JobController } from '../job/job-controller';
import { parseArguments, parseDuration } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';
import { runFor } from './simulation-clock';

const JOB_WORDS = ['job', 'jobs', 'job.batch', 'jobs.batch'];
const CRONJOB_WORDS = ['cronjob', 'cronjobs', 'cj', 'cronjob.batch', 'cronjobs.batch'];

// `KIND NAME` or `KIND/NAME` after the verb: the kind word and the name.
function target(positional: readonly string[]): { kind: string; name?: string } {
  const [first = '', second] = positional;
  const slash = first.indexOf('/');
  if (slash >= 0) return { kind: first.slice(0, slash), name: first.slice(slash + 1) };
  return second === undefined ? { kind: first } : { kind: first, name: second };
}

function usage(message: string): CommandResult {
  return { output: `error: ${message}`, error: true };
}

/** `kubectl create job NAME --from=cronjob/CRONJOB`: the Job kubectl builds from the stored CronJob. */
function createJobFromCronJob(cluster: Cluster, name: string, cronJobName: string, namespace: string): CommandResult {
  const cronJob = cluster.cronJobs.get(cronJobName, namespace);
  if (!cronJob) return { output: `error: from must be an existing cronjob: cronjobs.batch "${cronJobName}" not found`, error: true };
  const template = cronJob.spec.jobTemplate;
  const metadata: JsonObject = {
    name,
    annotations: { 'cronjob.kubernetes.io/instantiate': 'manual', ...(template.metadata?.annotations ?? {}) },
    ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cronJob.metadata.name, uid: cronJob.metadata.uid ?? '' }],
  };
  if (template.metadata?.labels) metadata.labels = { ...template.metadata.labels };
  if (cluster.jobs.get(name, namespace)) return { output: `error: failed to create job: jobs.batch "${name}" already exists`, error: true };
  const created = createJob(cluster, { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: cloneJson(template.spec) }, namespace);
  if ('reason' in created) return { output: formatKubectlErrors([{ rejection: created }]), error: true };
  return { output: `job.batch/${name} created` };
}

function jobController(cluster: Cluster): JobController | undefined {
  return cluster.controllers.find((controller): controller is JobController => controller instanceof JobController);
}

/** The Job and CronJob commands, in the order they are tried. */
export const batchCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'advance') && argv.length === 3,
    run: (context, argv) => {
      const duration = parseDuration(argv[2]!);
      if (duration === undefined) return usage(`invalid duration "${argv[2]}"`);
      runFor(context.cluster, duration);
      return { output: '' };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'pod-exits'),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const [resource = '', codeText = '', after, durationText] = parsed.positional;
      const { kind, name } = target([resource]);
      const code = Number(codeText);
      if (!name || (!JOB_WORDS.includes(kind) && !CRONJOB_WORDS.includes(kind)) || !/^\d+$/.test(codeText) || code > 255)
        return usage('usage: kubesim pod-exits job/NAME|cronjob/NAME EXIT_CODE [after DURATION] [--container NAME]');
      let afterMs = 5000;
      if (after !== undefined) {
        const parsedDuration = after === 'after' && durationText !== undefined ? parseDuration(durationText) : undefined;
        if (parsedDuration === undefined) return usage(`invalid duration "${durationText ?? after}"`);
        afterMs = parsedDuration;
      }
      const controller = jobController(context.cluster);
      if (!controller) return usage('the Job controller is not running');
      const key = `${CRONJOB_WORDS.includes(kind) ? 'cronjob:' : ''}${context.namespace}/${name}`;
      const container = parsed.flags.get('container');
      controller.exitPlans.set(key, container === undefined ? { code, afterMs } : { code, afterMs, container });
      return { output: '' };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && [...JOB_WORDS, ...CRONJOB_WORDS].includes(target(parseArguments(argv.slice(2)).positional).kind),
    run: (context, argv) => {
      const { kind, name } = target(parseArguments(argv.slice(2)).positional);
      return JOB_WORDS.includes(kind) ? getJobs(context.cluster, context.namespace, name) : getCronJobs(context.cluster, context.namespace, name);
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'create', 'job'),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(3));
      const name = parsed.positional[0];
      const from = parsed.flags.get('from');
      if (!name || !from) return usage('kubesim creates Jobs with: kubectl create job NAME --from=cronjob/NAME');
      const source = target([from]);
      if (!CRONJOB_WORDS.includes(source.kind) || !source.name) return usage(`from must be an existing cronjob: ${from}`);
      return createJobFromCronJob(context.cluster, name, source.name, context.namespace);
    },
  },
  {
    matches: (argv) =>
      startsWith(argv, 'kubectl', 'delete') && [...JOB_WORDS, ...CRONJOB_WORDS].includes(target(parseArguments(argv.slice(2)).positional).kind),
    run: (context, argv) => {
      const { kind, name } = target(parseArguments(argv.slice(2)).positional);
      if (!name) return usage('resource(s) were provided, but no name was specified');
      if (JOB_WORDS.includes(kind)) {
        const job = context.cluster.jobs.get(name, context.namespace);
        if (!job) return { output: `Error from server (NotFound): jobs.batch "${name}" not found`, error: true };
        deleteJob(context.cluster, job);
        return { output: `job.batch "${name}" deleted` };
      }
      const cronJob = context.cluster.cronJobs.get(name, context.namespace);
      if (!cronJob) return { output: `Error from server (NotFound): cronjobs.batch "${name}" not found`, error: true };
      // Background propagation: the CronJob's Jobs (and their pods) go with it.
      context.cluster.cronJobs.delete(name, context.namespace);
      for (const job of [...context.cluster.jobs.all()])
        if (job.metadata.ownerReferences?.some((reference) => reference.uid === cronJob.metadata.uid)) deleteJob(context.cluster, job);
      return { output: `cronjob.batch "${name}" deleted` };
    },
  },
];
