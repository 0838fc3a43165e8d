// How long a deleted pod stays Terminating, following kubernetes pkg/kubelet/kuberuntime
// kuberuntime_container.go killContainer (with executePreStopHook) and killContainersWithSyncResult.
//
// The API server sets the deletion grace period from spec.terminationGracePeriodSeconds (30 s by
// SetDefaults_PodSpec). The kubelet kills every container at once: each runs its preStop hook within the
// grace period, the time it took is taken off the grace period (never below the kubelet's 2 s minimum
// shutdown window), then SIGTERM; the container is killed when it has not exited by then. How long an app
// takes to exit after SIGTERM is the assumed `containerExitSeconds`; a preStop hook's length is known for
// the `sleep` action and for `sleep N` exec commands, and taken as instant otherwise.
import type { JsonObject } from '../model/objects';
import type { KubeletOptions } from './kubelet-options';

/** minimumGracePeriodInSeconds of kuberuntime_container.go. */
const MINIMUM_GRACE_PERIOD_SECONDS = 2;

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter((item): item is JsonObject => item !== null && typeof item === 'object' && !Array.isArray(item)) : [];
}

function asObject(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** Seconds a `sleep N` command sleeps (`["sleep","5"]`, `["/bin/sh","-c","sleep 5"]`), or undefined. */
function sleepSeconds(command: unknown): number | undefined {
  if (!Array.isArray(command)) return undefined;
  const words = command.filter((word): word is string => typeof word === 'string');
  const text = words[0] === 'sleep' ? words.join(' ') : (words.at(-1) ?? '');
  const match = /^\s*sleep\s+(\d+(?:\.\d+)?)\s*$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** Seconds the container's preStop hook runs: the sleep action's seconds, an exec `sleep N`, else 0 (assumed instant). */
function preStopSeconds(container: JsonObject): number {
  const preStop = asObject(asObject(container.lifecycle)?.preStop);
  if (!preStop) return 0;
  const sleep = asObject(preStop.sleep)?.seconds;
  if (typeof sleep === 'number' && sleep > 0) return sleep;
  return sleepSeconds(asObject(preStop.exec)?.command) ?? 0;
}

/** The pod's grace period: spec.terminationGracePeriodSeconds, 30 when unset (SetDefaults_PodSpec). */
export function terminationGracePeriodSeconds(spec: JsonObject | undefined): number {
  const grace = spec?.terminationGracePeriodSeconds;
  return typeof grace === 'number' && grace >= 0 ? grace : 30;
}

/** Seconds from deletion until the pod is gone: the slowest container's preStop and exit, within the grace period. */
export function terminationSeconds(spec: JsonObject | undefined, options: KubeletOptions): number {
  const grace = terminationGracePeriodSeconds(spec);
  let longest = 0;
  const running = [...objects(spec?.initContainers).filter((container) => container.restartPolicy === 'Always'), ...objects(spec?.containers)];
  for (const container of running) {
    const hook = grace > 0 ? Math.min(preStopSeconds(container), grace) : 0;
    const window = Math.max(grace - hook, MINIMUM_GRACE_PERIOD_SECONDS);
    longest = Math.max(longest, hook + Math.min(options.containerExitSeconds, window));
  }
  return longest;
}
