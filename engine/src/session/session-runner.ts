// Replays a kubectl session against the simulated cluster. Pure: manifest files are read by the
// caller (`readManifest`), and the result is plain JSON. Commands come from a table so other
// controllers can add theirs (listed in session-commands.ts, in the order they are tried).
import type { ClusterSpec } from '../model/cluster-spec';
import type { Cluster } from '../cluster/cluster';
import type { KubernetesObject } from '../model/objects';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { KubeletOptions } from '../kubelet/kubelet-options';
import type { CommandResult } from '../deployment/rollback';
import { summarizeCluster, summarizeEvents, type ClusterSummary, type EventSummary } from './cluster-summary';
import { parseSession } from './session-parser';
import { SESSION_COMMANDS } from './session-commands';
import type { SessionCommand, SessionContext, SessionKubeconfig } from './session-command';
import type { SessionLine } from './session-parser';
import { extractNamespaceFlags } from './namespace-flags';
import { NamespaceController } from '../cluster/namespace-controller';
import { namespacesOf } from '../cluster/namespaces';
import { deleteService } from '../service/service-admission';
import { bootstrapKubeSystem } from '../service/kind-kube-system';
import { bootstrapSystemPods } from '../service/kind-system-pods';
import { mergeNamespaceTables } from '../kubectl/all-namespaces';
import { parseArguments } from './session-parser';
import { createDeploymentCluster } from './simulation-clock';
import { ContainerConfigWait } from '../kubectl/container-config-wait';
import { summarizeStatefulSets, type StatefulSetClusterSummary } from '../kubectl/statefulset-session';
import { summarizeServices, type ServiceSummary } from '../service/service-summary';
import { overBudgetInCluster, overBudgetMessage } from '../cluster/simulation-budget';

/** Input of runSession. */
interface SessionInput {
  text: string;
  /** The cluster the session runs in (release, feature gates, Service network, domain). */
  cluster: ClusterSpec;
  readManifest: (path: string) => KubernetesObject[];
  seed?: number | string;
  kubelet?: Partial<KubeletOptions>;
  /** Set up the cluster before the first command (e.g. register more controllers). */
  prepare?: (cluster: Cluster) => void;
}

/** One replayed command. */
interface SessionStep {
  command: string;
  output: string;
  error?: boolean;
}

/** The `kubesim run --json` document. */
export interface SessionResult {
  kubernetesVersion: KubernetesVersion;
  steps: SessionStep[];
  events: EventSummary[];
  final: ClusterSummary & StatefulSetClusterSummary & { services: ServiceSummary[] };
}

/** Replays every command of the session and returns outputs, events and the final state. */
export function runSession(input: SessionInput): SessionResult {
  const cluster = createDeploymentCluster({ spec: input.cluster, seed: input.seed, kubelet: input.kubelet });
  cluster.registerController(new NamespaceController((target, name, namespace) => void deleteService(target, name, namespace)));
  // The session stores ConfigMaps and Secrets, so a pod that cannot be configured is held before any controller looks.
  cluster.registerController(new ContainerConfigWait(), 'first');
  input.prepare?.(cluster);
  namespacesOf(cluster);
  bootstrapKubeSystem(cluster);
  bootstrapSystemPods(cluster);
  const kubeconfig: SessionKubeconfig = { namespace: 'default' };
  const steps: SessionStep[] = [];
  for (const line of parseSession(input.text)) {
    const flags = extractNamespaceFlags(line.argv);
    const context: SessionContext = {
      cluster,
      readManifest: input.readManifest,
      namespace: flags.namespace ?? kubeconfig.namespace,
      explicitNamespace: flags.namespace !== undefined,
      allNamespaces: flags.allNamespaces,
      kubeconfig,
    };
    const command = SESSION_COMMANDS.find((candidate) => candidate.matches(flags.argv));
    let result: CommandResult;
    if (!command) {
      result = { output: `kubesim: line ${line.line}: unsupported command: ${line.text}`, error: true };
    } else {
      try {
        result = runCommand(command, context, flags.argv, line);
      } catch (error) {
        result = { output: `error: ${(error as Error).message}`, error: true };
      }
    }
    // Above the budget the controllers do not run: the session says so and stops (never an approximate cluster).
    const over = overBudgetInCluster(cluster);
    if (over) {
      const output = `${result.output}${result.output ? '\n' : ''}kubesim: ${overBudgetMessage(over)}; the session stops here.`;
      steps.push({ command: line.text, output, error: true });
      break;
    }
    // The controllers react to whatever the command changed before the next command runs.
    cluster.settle();
    const step: SessionStep = { command: line.text, output: result.output };
    if (result.error) step.error = true;
    steps.push(step);
  }
  return {
    kubernetesVersion: input.cluster.version,
    steps,
    events: summarizeEvents(cluster, cluster.events),
    final: { ...summarizeCluster(cluster), ...summarizeStatefulSets(cluster), ...summarizeServices(cluster) },
  };
}

/** Resources `kubectl get` lists without a namespace (`-A` changes nothing for them). */
const CLUSTER_SCOPED_WORDS = new Set(['ns', 'namespace', 'namespaces', 'no', 'node', 'nodes']);

// `kubectl get KIND -A` runs the namespaced listing in every namespace and joins the tables with a
// NAMESPACE column; any other command runs once in its namespace.
function runCommand(command: SessionCommand, context: SessionContext, argv: string[], line: SessionLine): CommandResult {
  if (!context.allNamespaces || argv[1] !== 'get') return command.run(context, argv, line);
  const positional = parseArguments(argv.slice(2)).positional;
  if (CLUSTER_SCOPED_WORDS.has(positional[0]?.split('/')[0] ?? '')) return command.run(context, argv, line);
  // kubectl get's Validate: a name with --all-namespaces is refused.
  if (positional.length > 1 || positional[0]?.includes('/'))
    return { output: 'error: a resource cannot be retrieved by name across all namespaces', error: true };
  const tables = [];
  for (const namespace of namespacesOf(context.cluster).list()) {
    const name = namespace.metadata.name;
    const result = command.run({ ...context, namespace: name, allNamespaces: false }, argv, line);
    if (result.error) return result;
    tables.push({ namespace: name, output: result.output });
  }
  return { output: mergeNamespaceTables(tables) };
}

/** The terminal-like transcript of a session result: `$ command` then its output. */
export function formatSessionTranscript(result: SessionResult): string {
  return result.steps.map((step) => (step.output === '' ? `$ ${step.command}` : `$ ${step.command}\n${step.output}`)).join('\n');
}
