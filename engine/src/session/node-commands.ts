// The node commands of sessions: `kubectl get nodes`, `describe node`, `cordon`, `uncordon` and `drain`
// (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go over pkg/drain: cordon, then evict every pod on
// the node through the eviction API, retrying every 5 s while a PodDisruptionBudget refuses (HTTP 429),
// until each evicted pod is gone or `--timeout` runs out).
import type { Cluster } from '../cluster/cluster';
import { evictPod } from '../cluster/pod-eviction';
import type { CommandResult } from '../deployment/rollback';
import { describeNode, getNodes, podsOnNode } from '../kubectl/node-describe';
import { getPodDisruptionBudgets } from '../kubectl/pdb-session';
import { parseArguments, parseDuration } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';
import { runFor } from './simulation-clock';

const NODE_WORDS = ['no', 'node', 'nodes'];
const RETRY_MS = 5000;
/** How long a drain without `--timeout` is simulated before the session says kubectl would still be retrying. */
const DRAIN_SIMULATION_LIMIT_MS = 120_000;

function nodeTarget(argv: string[], from: number): { kind: string | undefined; name: string | undefined } {
  const { positional } = parseArguments(argv.slice(from));
  const [first, second] = positional;
  const slash = first?.indexOf('/') ?? -1;
  return slash >= 0 ? { kind: first!.slice(0, slash), name: first!.slice(slash + 1) } : { kind: first, name: second };
}

function notFound(name: string): CommandResult {
  return { output: `Error from server (NotFound): nodes "${name}" not found`, error: true };
}

/** Marks a node (un)schedulable: `node/NAME cordoned`, or `already cordoned` when nothing changes. */
function setUnschedulable(cluster: Cluster, name: string, unschedulable: boolean): CommandResult {
  const node = cluster.nodes.find((candidate) => candidate.name === name);
  if (!node) return notFound(name);
  const verb = unschedulable ? 'cordoned' : 'uncordoned';
  if (node.unschedulable === unschedulable) return { output: `node/${name} already ${verb}` };
  cluster.updateNode({ ...node, unschedulable });
  return { output: `node/${name} ${verb}` };
}

/** Go's time.Duration text of a whole number of seconds, as `--timeout` echoes it: 30s, 1m0s, 1h0m0s. */
function goSeconds(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}h${minutes}m${seconds % 60}s`;
  return minutes > 0 ? `${minutes}m${seconds % 60}s` : `${seconds}s`;
}

/** `kubectl drain NODE [--ignore-daemonsets] [--timeout D]`. */
function drain(cluster: Cluster, argv: string[]): CommandResult {
  const name = nodeTarget(argv, 2).kind;
  const { flags } = parseArguments(argv.slice(2));
  if (name === undefined) return { output: 'error: USAGE: drain NODE [flags]', error: true };
  const cordon = setUnschedulable(cluster, name, true);
  if (cordon.error) return cordon;
  const lines = [cordon.output];
  const all = podsOnNode(cluster, name).filter(({ cohort }) => cohort.deletedAt === undefined);
  const daemonSetPods = all.filter(({ cohort }) => cohort.owner.kind === 'DaemonSet').map(({ cohort, name: pod }) => `${cohort.namespace}/${pod}`);
  if (daemonSetPods.length > 0 && !flags.has('ignore-daemonsets')) {
    const reason = `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): ${daemonSetPods.join(', ')}`;
    lines.push(
      `error: unable to drain node "${name}" due to error: ${reason}, continuing command...`,
      'There are pending nodes to be drained:',
      ` ${name}`,
      reason,
    );
    return { output: lines.join('\n'), error: true };
  }
  if (daemonSetPods.length > 0) lines.push(`Warning: ignoring DaemonSet-managed Pods: ${daemonSetPods.join(', ')}`);
  const timeoutText = flags.get('timeout');
  const timeout = timeoutText === undefined ? undefined : parseDuration(timeoutText);
  const deadline = cluster.now + (timeout !== undefined && timeout > 0 ? timeout : DRAIN_SIMULATION_LIMIT_MS);
  let pending = all.filter(({ cohort }) => cohort.owner.kind !== 'DaemonSet').map(({ cohort, name: pod }) => ({ namespace: cohort.namespace, name: pod }));
  const evicted: { namespace: string; name: string }[] = [];
  for (const pod of pending) lines.push(`evicting pod ${pod.namespace}/${pod.name}`);
  // Each pod's turn: `evicting pod`, then the eviction; refused (429), it is tried again 5 s later, and
  // once the global timeout has passed the next turn ends the drain instead.
  while (pending.length > 0 || evicted.length > 0) {
    const refused: typeof pending = [];
    for (const pod of pending) {
      const result = evictPod(cluster, pod.name, pod.namespace);
      if (result.evicted || result.code === 404) evicted.push(pod);
      else if (result.code === 429) {
        lines.push(`error when evicting pods/"${pod.name}" -n "${pod.namespace}" (will retry after 5s): ${result.message}`);
        refused.push(pod);
      } else {
        const error = `error when evicting pods/"${pod.name}" -n "${pod.namespace}": ${result.message}`;
        lines.push(`error: unable to drain node "${name}" due to error: ${error}, continuing command...`);
        return { output: lines.join('\n'), error: true };
      }
    }
    pending = refused;
    runFor(cluster, Math.max(0, Math.min(RETRY_MS, deadline - cluster.now)));
    for (const pod of [...evicted]) {
      if (cluster.allCohorts().some((cohort) => cohort.namespace === pod.namespace && cohort.names.includes(pod.name))) continue;
      lines.push(`pod/${pod.name} evicted`);
      evicted.splice(evicted.indexOf(pod), 1);
    }
    for (const pod of pending) lines.push(`evicting pod ${pod.namespace}/${pod.name}`);
    if (cluster.now >= deadline) break;
  }
  if (pending.length === 0 && evicted.length === 0) {
    lines.push(`node/${name} drained`);
    return { output: lines.join('\n') };
  }
  if (timeout === undefined || timeout <= 0) {
    lines.push(
      `kubesim: kubectl drain would keep retrying; stopped after ${goSeconds(DRAIN_SIMULATION_LIMIT_MS)} of simulated time (--timeout ends it as kubectl does)`,
    );
    return { output: lines.join('\n'), error: true };
  }
  const stuck = [...pending, ...evicted][0]!;
  const error = `error when evicting pods/"${stuck.name}" -n "${stuck.namespace}": global timeout reached: ${goSeconds(timeout)}`;
  lines.push(`There are pending pods in node "${name}" when an error occurred: ${error}`, ...[...pending, ...evicted].map((pod) => `pod/${pod.name}`));
  lines.push(
    `error: unable to drain node "${name}" due to error: ${error}, continuing command...`,
    'There are pending nodes to be drained:',
    ` ${name}`,
    `error: ${error}`,
  );
  return { output: lines.join('\n'), error: true };
}

/** The node commands this file adds. */
export const nodeCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && NODE_WORDS.includes(nodeTarget(argv, 2).kind ?? ''),
    run: (context, argv) => getNodes(context.cluster, nodeTarget(argv, 2).name),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && NODE_WORDS.includes(nodeTarget(argv, 2).kind ?? ''),
    run: (context, argv) => {
      const { name } = nodeTarget(argv, 2);
      return name === undefined
        ? { output: context.cluster.nodes.map((node) => describeNode(context.cluster, node.name).output).join('\n\n\n') }
        : describeNode(context.cluster, name);
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'cordon') || startsWith(argv, 'kubectl', 'uncordon'),
    run: (context, argv) => {
      const { kind } = nodeTarget(argv, 2);
      return kind === undefined
        ? { output: `error: USAGE: ${argv[1]} NODE [flags]`, error: true }
        : setUnschedulable(context.cluster, kind, argv[1] === 'cordon');
    },
  },
  { matches: (argv) => startsWith(argv, 'kubectl', 'drain'), run: (context, argv) => drain(context.cluster, argv) },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && ['pdb', 'poddisruptionbudget', 'poddisruptionbudgets'].includes(nodeTarget(argv, 2).kind ?? ''),
    run: (context) => ({ output: getPodDisruptionBudgets(context.cluster, context.namespace) }),
  },
];
