// The events of one pod for `kubectl describe pod`. The simulated scheduler and kubelet record no
// events in the cluster's store (adding them would change every `kubectl get events` golden), so they
// are synthesized here from the pod's kubelet timeline, with the reasons, sources and messages of
// the scheduler (Scheduled) and the kubelet (Pulling, Pulled, Created, Started, Failed, BackOff),
// counted as client-go's correlator would count repeats.
import type { Cluster } from '../cluster/cluster';
import { storedEventSeries } from '../cluster/event-series';
import type { PodCohort } from '../cluster/pod-cohort';
import { imagePullPolicyFor, parseImageReference } from '../defaulting/image-reference';
import { containerTimesOf, failedAttemptTimes, imagesOf } from '../kubelet/pod-timeline';
import { isAtLeast } from '../model/kubernetes-version';
import type { JsonObject, KubeEvent } from '../model/objects';
import { imageSize, podIpInCreationOrder, podNodeName, podUid } from './pod-facts';
import { failedReadinessRuns, readinessFailureOutput } from './probe-events';
import { podContainers } from './pod-containers';
import { containerStart } from './container-start';

/** Go's time.Duration String() of whole or fractional seconds: `1s`, `1.5s`, `500ms`. */
function goDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/**
 * The kubelet's Created / Started messages (kuberuntime startContainer): `Created container NAME` up to
 * 1.32, `Created container: NAME` from 1.33 (kubernetes#130471; that release is inferred from the PR's
 * date, not checked against a tag), no name from 1.35 (kubernetes#134043, merged September 2025).
 */
function lifecycleMessages(cluster: Cluster, container: string): { created: string; started: string } {
  if (isAtLeast(cluster.spec.version, '1.35')) return { created: 'Container created', started: 'Container started' };
  const created = isAtLeast(cluster.spec.version, '1.33') ? `Created container: ${container}` : `Created container ${container}`;
  return { created, started: `Started container ${container}` };
}

/** The container's imagePullPolicy, defaulted from the image as SetDefaults_Container does. */
function pullPolicyOf(container: JsonObject): string {
  return typeof container.imagePullPolicy === 'string' ? container.imagePullPolicy : imagePullPolicyFor(String(container.image ?? ''));
}

/**
 * Whether the node still has to pull `image` for this pod: always with pull policy Always; with
 * IfNotPresent only for the pods created first with that image (a later pod finds it present).
 */
function mustPull(cluster: Cluster, cohort: PodCohort, container: JsonObject): boolean {
  const image = String(container.image ?? '');
  const policy = pullPolicyOf(container);
  if (policy === 'Always') return true;
  if (policy === 'Never') return false;
  let first = cohort.timeline.createdAt;
  for (const other of cluster.allCohorts()) if (imagesOf(other.spec).includes(image)) first = Math.min(first, other.timeline.createdAt);
  return first === cohort.timeline.createdAt;
}

/**
 * The scheduler's FailedScheduling events of a pod by `cluster.now` (schedule_one.go handleSchedulingFailure: one per
 * failed cycle, `Warning`, from `default-scheduler`), stored as its events/v1 recorder stores repeats.
 */
function failedSchedulingEvents(cluster: Cluster, cohort: PodCohort, name: string): KubeEvent[] {
  const failed = cohort.unschedulable;
  if (failed === undefined) return [];
  const involvedObject = { kind: 'Pod', name, namespace: cohort.namespace };
  // Each message is its own series (the note is part of the recorder's key).
  const messages = [...new Set(failed.attempts.map((attempt) => attempt.message))];
  return messages.flatMap((message) => {
    const times = failed.attempts.filter((attempt) => attempt.message === message).map((attempt) => attempt.at);
    return storedEventSeries(times, cluster.now).map(({ first, last, count }): KubeEvent => ({
      time: first,
      lastTime: last,
      count,
      type: 'Warning',
      reason: 'FailedScheduling',
      involvedObject,
      message,
      source: 'default-scheduler',
    }));
  });
}

/** The pod's events that happened by `cluster.now`, in no particular order (describeEvents sorts). */
export function podEvents(cluster: Cluster, cohort: PodCohort, name: string, key: string): KubeEvent[] {
  const { timeline, namespace } = cohort;
  const involvedObject = { kind: 'Pod', name, namespace };
  const events: KubeEvent[] = [];
  const add = (type: KubeEvent['type'], reason: string, source: string, message: string, times: number[]): void => {
    const seen = times.filter((time) => time <= cluster.now);
    if (seen.length > 0) events.push({ time: seen[0]!, lastTime: seen.at(-1)!, count: seen.length, type, reason, involvedObject, message, source });
  };
  events.push(...failedSchedulingEvents(cluster, cohort, name));
  if (timeline.scheduledAt === undefined) return events;
  const scheduledAt = timeline.scheduledAt;
  add('Normal', 'Scheduled', 'default-scheduler', `Successfully assigned ${namespace}/${name} to ${podNodeName(cohort)}`, [scheduledAt]);
  const failures = failedAttemptTimes(timeline, cluster.now);
  const containers = podContainers(cluster, cohort);
  const hasInit = containers.some((part) => part.init);
  for (const { container, init, failing, blocked } of containers) {
    if (blocked) continue;
    const image = String(container.image ?? '');
    const containerName = String(container.name ?? '');
    // Each container pulls once the one before it started (or, for an init container, exited).
    const times = containerTimesOf(timeline, containerName);
    const pullStart = times?.pullStartedAt ?? (hasInit && !init ? timeline.runningAt : timeline.scheduledAt);
    const startedAt = times?.startedRunningAt ?? timeline.runningAt;
    const pull = mustPull(cluster, cohort, container);
    if (failing && timeline.failure === 'ImagePull') {
      // Each attempt pulls, fails (ErrImagePull), then waits out its back-off (ImagePullBackOff).
      const reference = parseImageReference(image);
      const pulled = reference.valid ? reference.pulled : image;
      // containerd's error for a tag the registry does not have (the real text depends on the registry).
      const resolve = `failed to resolve reference "${pulled}": ${pulled}: not found`;
      const error = `rpc error: code = NotFound desc = failed to pull and unpack image "${pulled}": ${resolve}`;
      add('Normal', 'Pulling', 'kubelet', `Pulling image "${image}"`, [scheduledAt, ...failures.slice(1)]);
      add('Warning', 'Failed', 'kubelet', `Failed to pull image "${image}": ${error}`, failures);
      add('Warning', 'Failed', 'kubelet', 'Error: ErrImagePull', failures);
      const backOffs = failures.map((time) => time + 1000);
      add('Normal', 'BackOff', 'kubelet', `Back-off pulling image "${image}"`, backOffs);
      add('Warning', 'Failed', 'kubelet', 'Error: ImagePullBackOff', backOffs);
      continue;
    }
    // A crash-looping container is created and started again after each back-off; before each
    // restart the kubelet ensures the image again (present now, unless the policy is Always).
    // An environment the kubelet cannot build fails the start (startContainer: `Failed`, `Error: <message>`)
    // until what it refers to exists; the container is created then (the retries' own events are not counted).
    const start = init ? undefined : containerStart(cluster, cohort, name, container);
    const configError = start && 'error' in start ? start.error : undefined;
    const firstStart = start && 'startedAt' in start ? start.startedAt : startedAt;
    if (start && 'failedWith' in start && start.failedWith !== undefined) add('Warning', 'Failed', 'kubelet', `Error: ${start.failedWith}`, [startedAt]);
    const starts = [firstStart, ...(failing && timeline.failure === 'CrashLoop' ? failures.slice(1).map((time) => time - 1000) : [])];
    const always = pullPolicyOf(container) === 'Always';
    const pulls = pull ? (always ? starts : starts.slice(0, 1)) : [];
    const present = pull ? (always ? [] : starts.slice(1)) : starts;
    if (pulls.length > 0) {
      add('Normal', 'Pulling', 'kubelet', `Pulling image "${image}"`, [pullStart, ...pulls.slice(1)]);
      const took = goDuration(startedAt - pullStart);
      const message = `Successfully pulled image "${image}" in ${took} (${took} including waiting). Image size: ${imageSize(cluster, image)} bytes.`;
      add('Normal', 'Pulled', 'kubelet', message, pulls);
    }
    add('Normal', 'Pulled', 'kubelet', `Container image "${image}" already present on machine`, present);
    if (configError !== undefined) {
      add('Warning', 'Failed', 'kubelet', `Error: ${configError}`, [startedAt]);
      continue;
    }
    const messages = lifecycleMessages(cluster, containerName);
    add('Normal', 'Created', 'kubelet', messages.created, starts);
    add('Normal', 'Started', 'kubelet', messages.started, starts);
    if (failing && timeline.failure === 'Readiness' && times) {
      const output = readinessFailureOutput(container, podIpInCreationOrder(cluster, cohort, name));
      add('Warning', 'Unhealthy', 'kubelet', `Readiness probe failed: ${output}`, failedReadinessRuns(container, times, timeline.scheduledAt, cluster.now));
    }
    if (failing && timeline.failure === 'CrashLoop') {
      const message = `Back-off restarting failed container ${containerName} in pod ${name}_${namespace}(${podUid(key)})`;
      add(
        'Warning',
        'BackOff',
        'kubelet',
        message,
        failures.map((time) => time + 1000),
      );
    }
  }
  return events;
}
