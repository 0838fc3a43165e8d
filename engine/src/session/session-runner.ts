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
import type { SessionContext } from './session-command';
import { createDeploymentCluster } from './simulation-clock';
import { summarizeStatefulSets, type StatefulSetClusterSummary } from '../kubectl/statefulset-session';
import { summarizeServices, type ServiceSummary } from '../service/service-summary';

/** Input of runSession. */
export interface SessionInput {
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
export interface SessionStep {
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
  input.prepare?.(cluster);
  const context: SessionContext = { cluster, readManifest: input.readManifest, namespace: 'default' };
  const steps: SessionStep[] = [];
  for (const line of parseSession(input.text)) {
    const command = SESSION_COMMANDS.find((candidate) => candidate.matches(line.argv));
    let result: CommandResult;
    if (!command) {
      result = { output: `kubesim: line ${line.line}: unsupported command: ${line.text}`, error: true };
    } else {
      try {
        result = command.run(context, line.argv, line);
      } catch (error) {
        result = { output: `error: ${(error as Error).message}`, error: true };
      }
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

/** The terminal-like transcript of a session result: `$ command` then its output. */
export function formatSessionTranscript(result: SessionResult): string {
  return result.steps.map((step) => (step.output === '' ? `$ ${step.command}` : `$ ${step.command}\n${step.output}`)).join('\n');
}
