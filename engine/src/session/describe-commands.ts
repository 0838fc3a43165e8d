// `kubectl describe rs|statefulset|pod|job|cronjob NAME` in sessions (registered into the session table); the
// Deployment describer has its own command in deployment-commands.ts.
import { describePod } from '../kubectl/describe-pod';
import { describeReplicaSet, describeStatefulSet } from '../kubectl/describe-workloads';
import { describeCronJob, describeJob } from '../kubectl/describe-batch';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';

const DESCRIBERS: { words: string[]; describe: typeof describeReplicaSet }[] = [
  { words: ['rs', 'replicaset', 'replicasets', 'replicaset.apps', 'replicasets.apps'], describe: describeReplicaSet },
  { words: ['po', 'pod', 'pods'], describe: describePod },
  { words: ['sts', 'statefulset', 'statefulsets', 'statefulset.apps', 'statefulsets.apps'], describe: describeStatefulSet },
  { words: ['job', 'jobs', 'job.batch', 'jobs.batch'], describe: describeJob },
  { words: ['cj', 'cronjob', 'cronjobs', 'cronjob.batch', 'cronjobs.batch'], describe: describeCronJob },
];

// `rs NAME` or `rs/NAME`: the describer and the name, when the kind is one of ours.
function target(argv: string[]): { describe: typeof describeReplicaSet; name: string } | undefined {
  const [first, second] = parseArguments(argv.slice(2)).positional;
  if (first === undefined) return undefined;
  const slash = first.indexOf('/');
  const kind = slash >= 0 ? first.slice(0, slash) : first;
  const name = slash >= 0 ? first.slice(slash + 1) : second;
  const describer = DESCRIBERS.find((candidate) => candidate.words.includes(kind));
  return describer && name ? { describe: describer.describe, name } : undefined;
}

/** The describe commands of ReplicaSets, StatefulSets, pods, Jobs and CronJobs, in the order they are tried. */
export const describeCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && target(argv) !== undefined,
    run: (context, argv) => {
      const { describe, name } = target(argv)!;
      const output = describe(context.cluster, name, context.namespace);
      return output.startsWith('Error from server') ? { output, error: true } : { output };
    },
  },
];
