// Session commands for DaemonSets: `kubectl get ds|daemonsets [NAME] [-o wide]`, `kubectl describe
// ds NAME`, `kubectl rollout status|history|undo daemonset/NAME` (`--revision`, `--to-revision`) and
// `kubectl delete ds NAME` (background propagation: the pods turn Terminating, the revisions go).
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import { deleteDaemonSet } from '../daemonset/daemonset-admission';
import { describeDaemonSet, getDaemonSets } from '../kubectl/daemonset-get';
import { daemonSetRolloutHistory, daemonSetRolloutStatus, rollbackDaemonSet } from '../kubectl/daemonset-rollout';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';

const DAEMONSET_WORDS = ['ds', 'daemonset', 'daemonsets', 'daemonset.apps', 'daemonsets.apps'];

/** How long `kubectl rollout status` may wait in simulated time (10 minutes). */
const WAIT_LIMIT_MS = 600_000;

// `KIND NAME` or `KIND/NAME` after the verb: the kind word and the name.
function target(positional: readonly string[]): { kind: string; name?: string } {
  const [first = '', second] = positional;
  const slash = first.indexOf('/');
  if (slash >= 0) return { kind: first.slice(0, slash), name: first.slice(slash + 1) };
  return second === undefined ? { kind: first } : { kind: first, name: second };
}

function isDaemonSetTarget(argv: string[], skip: number): boolean {
  return DAEMONSET_WORDS.includes(target(parseArguments(argv.slice(skip)).positional).kind);
}

// `kubectl rollout status`: the status viewer runs on the first look and after every write to the
// DaemonSet (each write replaces the stored object), printing each message, until done or the limit.
function waitForRollout(cluster: Cluster, name: string, namespace: string): CommandResult {
  if (!cluster.daemonSets.get(name, namespace)) return { output: `Error from server (NotFound): daemonsets.apps "${name}" not found`, error: true };
  const messages: string[] = [];
  let last: ReturnType<typeof daemonSetRolloutStatus> | undefined;
  let seen: object | undefined;
  const check = (): void => {
    const daemonSet = cluster.daemonSets.get(name, namespace);
    if (!daemonSet || daemonSet === seen || last?.done === true) return;
    seen = daemonSet;
    last = daemonSetRolloutStatus(daemonSet);
    messages.push(last.message);
  };
  const limit = cluster.now + WAIT_LIMIT_MS;
  const settle = (): void => {
    check();
    while (cluster.step().length > 0) check();
    check();
  };
  settle();
  while (last?.done !== true && cluster.advance(limit)) settle();
  const done = last?.done === true;
  if (!done) messages.push('error: timed out waiting for the condition');
  return { output: messages.join('\n'), error: last?.error === true || !done };
}

function revisionFlag(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/** The DaemonSet commands, in the order they are tried. */
export const daemonSetCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && isDaemonSetTarget(argv, 2),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      return getDaemonSets(context.cluster, context.namespace, target(parsed.positional).name, parsed.flags.get('output') === 'wide');
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && isDaemonSetTarget(argv, 2),
    run: (context, argv) => {
      const name = target(parseArguments(argv.slice(2)).positional).name;
      if (!name) return { output: 'error: kubesim describes one DaemonSet: kubectl describe ds NAME', error: true };
      return describeDaemonSet(context.cluster, name, context.namespace);
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'rollout') && ['status', 'history', 'undo'].includes(argv[2] ?? '') && isDaemonSetTarget(argv, 3),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(3));
      const name = target(parsed.positional).name;
      if (!name) return { output: 'error: required resource not specified', error: true };
      if (argv[2] === 'status') return waitForRollout(context.cluster, name, context.namespace);
      if (argv[2] === 'history') return daemonSetRolloutHistory(context.cluster, name, revisionFlag(parsed.flags.get('revision')), context.namespace);
      return rollbackDaemonSet(context.cluster, name, revisionFlag(parsed.flags.get('to-revision')) ?? 0, context.namespace);
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'delete') && isDaemonSetTarget(argv, 2),
    run: (context, argv) => {
      const name = target(parseArguments(argv.slice(2)).positional).name;
      if (!name) return { output: 'error: resource(s) were provided, but no name was specified', error: true };
      const daemonSet = context.cluster.daemonSets.get(name, context.namespace);
      if (!daemonSet) return { output: `Error from server (NotFound): daemonsets.apps "${name}" not found`, error: true };
      deleteDaemonSet(context.cluster, daemonSet);
      return { output: `daemonset.apps "${name}" deleted` };
    },
  },
];
