// `kubectl describe pod NAME`, following describePod, describeContainers (with statuses),
// describeContainerState, describeVolumes and printPodTolerationsMultiline in kubernetes/kubectl
// pkg/describe/describe.go, over the pod the simulated API server and kubelet would have stored: the
// admission defaults (priority 0, ServiceAccount `default` and its projected token volume, the two
// 300 s DefaultTolerationSeconds tolerations, requests defaulted from limits as SetDefaults_Pod does)
// and the kubelet's status at `cluster.now`. Node, container IDs and image digests are illustrative
// (pod-facts.ts); the events are synthesized from the kubelet timeline (describe-pod-events.ts).
import type { Cluster } from '../cluster/cluster';
import { containerTimesOf, isScheduledAt, podStatusAt, lastRestartAt } from '../kubelet/pod-timeline';
import { initCrashView } from './describe-init-crash';
import { isAtLeast } from '../model/kubernetes-version';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { describeEvents, formatRfc1123z } from './describe';
import * as template from './describe-pod-template';
import { podEvents } from './describe-pod-events';
import { describePodVolumes, podQosClass, storedPodSpec } from './describe-pod-spec';
import { containerConfigError, containerStart } from './container-start';
import { findPod, type PodRef } from './exec-env';
import { containerId, imageId, nodeHostIp, podIpInCreationOrder, podKey, podNodeName, podUid } from './pod-facts';
import { podContainers, type PodContainer } from './pod-containers';
import { alignTabs } from './tab-writer';
import { humanDuration } from './text-table';

const { LEVEL_1, LEVEL_2, LEVEL_3, objectsOf, objectOf, text } = template;

/** kubectl 1.33 prints the token volume's ConfigMap as `Optional: false`, not `ConfigMapOptional: <nil>` (printProjectedVolumeSource). */
function newerLayout(cluster: Cluster): boolean {
  return isAtLeast(cluster.spec.version, '1.33');
}

/** The default grace period (spec.terminationGracePeriodSeconds). */
const DEFAULT_GRACE_SECONDS = 30;

/** The kubelet's view of one container at `now` (a ContainerStatus), undefined before the pod is bound. */
interface ContainerView {
  id: string;
  imageId: string;
  state: string;
  ready: boolean;
  restarts: number;
  lastTerminated?: { started: number; finished: number };
}

function containerView(cluster: Cluster, ref: PodRef, part: PodContainer, hasInit: boolean, key: string): ContainerView | undefined {
  const { timeline, deletedAt } = ref.cohort;
  const now = cluster.now;
  if (!isScheduledAt(timeline, now)) return undefined;
  const status = podStatusAt(timeline, now, deletedAt);
  const time = (ms: number): string => formatRfc1123z(cluster.startEpochMs + Math.floor(ms / 1000) * 1000);
  const { container, init, failing, blocked } = part;
  const waiting = (reason: string): ContainerView => ({ id: '', imageId: '', state: `Waiting\n${LEVEL_3}Reason:\t${reason}`, ready: false, restarts: 0 });
  if (timeline.failure === 'InitCrash') {
    const name = text(container.name);
    const initIndex = init
      ? podContainers(cluster, ref.cohort)
          .filter((candidate) => candidate.init)
          .findIndex((candidate) => text(candidate.container.name) === name)
      : undefined;
    const crash = initCrashView(timeline, initIndex, now, time, containerTimesOf(timeline, name));
    const started = !crash.state.startsWith('Waiting\n') || crash.lastTerminated !== undefined;
    return { ...crash, id: started ? containerId(key, name, crash.restarts) : '', imageId: started ? imageId(cluster, text(container.image)) : '' };
  }
  if (now < timeline.runningAt) return waiting(init || hasInit ? 'PodInitializing' : 'ContainerCreating');
  if (blocked) return waiting('PodInitializing');
  if (failing && timeline.failure === 'ImagePull') return waiting(status.displayStatus);
  const start = init ? undefined : containerStart(cluster, ref.cohort, ref.name, container);
  if (start && 'error' in start) return waiting('CreateContainerConfigError');
  const name = text(container.name);
  const crashing = failing && timeline.failure === 'CrashLoop';
  const restarts = crashing ? status.restarts : 0;
  const view: ContainerView = { id: containerId(key, name, restarts), imageId: imageId(cluster, text(container.image)), state: '', ready: false, restarts };
  if (init) {
    // A finished init container: exit code 0 and Ready (kubelet marks a successful init container ready).
    const times = containerTimesOf(timeline, name);
    view.state = `Terminated\n${LEVEL_3}Reason:\tCompleted\n${LEVEL_3}Exit Code:\t0\n`;
    view.state += `${LEVEL_3}Started:\t${time(times?.startedRunningAt ?? timeline.runningAt)}\n`;
    view.state += `${LEVEL_3}Finished:\t${time(times?.completedAt ?? timeline.runningAt)}`;
    view.ready = true;
    return view;
  }
  const lastRestart = lastRestartAt(timeline, now);
  if (crashing && lastRestart !== undefined) {
    // Between runs the container waits in CrashLoopBackOff and its exit is the Last State; while
    // `kubectl get pods` reads Error, the exit is the State itself.
    if (status.displayStatus === 'Error') {
      view.state = `Terminated\n${LEVEL_3}Reason:\tError\n${LEVEL_3}Exit Code:\t1\n`;
      view.state += `${LEVEL_3}Started:\t${time(lastRestart - 1000)}\n${LEVEL_3}Finished:\t${time(lastRestart)}`;
    } else {
      view.state = `Waiting\n${LEVEL_3}Reason:\tCrashLoopBackOff`;
      view.lastTerminated = { started: lastRestart - 1000, finished: lastRestart };
    }
    return view;
  }
  view.state = `Running\n${LEVEL_3}Started:\t${time(timeline.runningAt)}`;
  // Without a failure of its own, a container of a failing pod is ready once it runs.
  view.ready = timeline.failure === undefined ? status.ready : !failing;
  return view;
}

/** describeContainers with statuses: basic info, IDs, command, state, resources, probes, env, mounts. */
function describeContainers(cluster: Cluster, ref: PodRef, title: string, parts: PodContainer[], key: string, resolve: (path: string) => string): string {
  let out = `${title}:${parts.length === 0 ? ' <none>' : ''}\n`;
  const hasInit = podContainers(cluster, ref.cohort).some((part) => part.init);
  const time = (ms: number): string => formatRfc1123z(cluster.startEpochMs + Math.floor(ms / 1000) * 1000);
  for (const part of parts) {
    const { container } = part;
    const view = containerView(cluster, ref, part, hasInit, key);
    out += `${LEVEL_1}${text(container.name)}:\n`;
    if (view) out += `${LEVEL_2}Container ID:\t${view.id}\n`;
    out += `${LEVEL_2}Image:\t${text(container.image)}\n`;
    if (view) out += `${LEVEL_2}Image ID:\t${view.imageId}\n`;
    const ports = template.containerPorts(container, 'containerPort', isAtLeast(cluster.spec.version, '1.34'));
    out += ports.includes(',') ? `${LEVEL_2}Ports:\t${ports}\n` : `${LEVEL_2}Port:\t${ports || '<none>'}\n`;
    const hostPorts = template.containerPorts(container, 'hostPort', isAtLeast(cluster.spec.version, '1.34'));
    out += hostPorts.includes(',') ? `${LEVEL_2}Host Ports:\t${hostPorts}\n` : `${LEVEL_2}Host Port:\t${hostPorts || '<none>'}\n`;
    out += template.describeCommand(container);
    if (view) {
      out += `${LEVEL_2}State:\t${view.state}\n`;
      if (view.lastTerminated) {
        out += `${LEVEL_2}Last State:\tTerminated\n${LEVEL_3}Reason:\tError\n${LEVEL_3}Exit Code:\t1\n`;
        out += `${LEVEL_3}Started:\t${time(view.lastTerminated.started)}\n${LEVEL_3}Finished:\t${time(view.lastTerminated.finished)}\n`;
      }
      out += `${LEVEL_2}Ready:\t${view.ready ? 'True' : 'False'}\n${LEVEL_2}Restart Count:\t${view.restarts}\n`;
    }
    out += template.describeResources(objectOf(container.resources));
    out += template.describeProbes(container);
    out += template.describeEnvFrom(container);
    out += template.describeEnv(container, resolve);
    out += template.describeMounts(container);
  }
  return out;
}

/** The pod's conditions in the kubelet's order (generateAPIPodStatus), none before it is bound. */
function conditions(cluster: Cluster, ref: PodRef): string {
  const { timeline, deletedAt } = ref.cohort;
  if (!isScheduledAt(timeline, cluster.now)) return unscheduledConditions(ref.cohort);
  const status = { ...podStatusAt(timeline, cluster.now, deletedAt) };
  if (containerConfigError(cluster, ref.cohort, ref.name) !== undefined) status.ready = false;
  const sandbox = cluster.now >= timeline.runningAt;
  const parts = podContainers(cluster, ref.cohort);
  const rows: [string, boolean][] = [
    ['PodReadyToStartContainers', sandbox],
    ['Initialized', !parts.some((part) => part.init) || (sandbox && !parts.some((part) => part.init && part.failing && timeline.failure === 'ImagePull'))],
    ['Ready', status.ready],
    ['ContainersReady', status.ready],
    ['PodScheduled', true],
  ];
  return `Conditions:\n${LEVEL_1}Type\tStatus\n${rows.map(([type, value]) => `${LEVEL_1}${type} \t${value ? 'True' : 'False'} \n`).join('')}`;
}

/** A pod the scheduler could not place: PodScheduled False (kubectl describe prints no reason or message). */
function unscheduledConditions(cohort: PodRef['cohort']): string {
  if (cohort.unschedulable === undefined) return '';
  return `Conditions:\n${LEVEL_1}Type\tStatus\n${LEVEL_1}PodScheduled \tFalse \n`;
}

/** The full `kubectl describe pod NAME` text, or the NotFound error. */
export function describePod(cluster: Cluster, name: string, namespace = 'default'): string {
  const ref = findPod(cluster, name, namespace);
  if (!ref) return `Error from server (NotFound): pods "${name}" not found`;
  const { cohort } = ref;
  const { timeline } = cohort;
  const key = podKey(cluster, cohort, name);
  const spec = storedPodSpec(cohort.spec, key);
  const bound = isScheduledAt(timeline, cluster.now);
  const nodeName = podNodeName(cohort);
  const ip = cluster.now >= timeline.runningAt ? podIpInCreationOrder(cluster, cohort, name) : '';
  let out = `Name:\t${name}\nNamespace:\t${namespace}\n`;
  out += `Priority:\t${typeof spec.priority === 'number' ? spec.priority : 0}\n`;
  if (text(spec.priorityClassName)) out += `Priority Class Name:\t${text(spec.priorityClassName)}\n`;
  if (text(spec.runtimeClassName)) out += `Runtime Class Name:\t${text(spec.runtimeClassName)}\n`;
  out += `Service Account:\t${text(spec.serviceAccountName) || 'default'}\n`;
  const hostIp = nodeHostIp(cluster, nodeName);
  out += `Node:\t${bound ? `${nodeName}/${hostIp}` : '<none>'}\n`;
  if (bound) out += `Start Time:\t${formatRfc1123z(cluster.startEpochMs + Math.floor(timeline.scheduledAt! / 1000) * 1000)}\n`;
  out += template.multiline('Labels', cohort.labels, '=');
  out += template.multiline('Annotations', cohort.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  const status = podStatusAt(timeline, cluster.now, cohort.deletedAt);
  if (cohort.deletedAt !== undefined) {
    // deletionTimestamp is the deletion time plus the grace period, in the future while the pod
    // terminates, so kubectl's age of it reads `<invalid>` (HumanDuration of a negative span).
    const grace = typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : DEFAULT_GRACE_SECONDS;
    const since = cluster.now - (Math.floor(cohort.deletedAt / 1000) + grace) * 1000;
    out += `Status:\tTerminating (lasts ${since < -1000 ? '<invalid>' : since < 0 ? '0s' : humanDuration(since)})\nTermination Grace Period:\t${grace}s\n`;
  } else {
    out += `Status:\t${containerConfigError(cluster, cohort, name) === undefined ? status.phase : 'Pending'}\n`;
  }
  out += `IP:\t${ip}\n`;
  out += ip ? `IPs:\n${LEVEL_1}IP:\t${ip}\n` : 'IPs:\t<none>\n';
  // printController: no line for a pod without a controller (one its ReplicaSet released after a relabel).
  if (cohort.owner.kind !== '') out += `Controlled By:\t${cohort.owner.kind}/${cohort.owner.name}\n`;
  const resolve = (path: string): string => {
    const values: Record<string, string> = {
      'metadata.name': name,
      'metadata.namespace': namespace,
      'metadata.uid': podUid(key),
      'spec.nodeName': bound ? nodeName : '',
      'spec.serviceAccountName': text(spec.serviceAccountName) || 'default',
      'status.hostIP': bound ? hostIp : '',
      'status.hostIPs': bound ? hostIp : '',
      'status.podIP': ip,
      'status.podIPs': ip,
    };
    return values[path] ?? '';
  };
  // The stored spec's containers (with the token mount), matched by position to the kubelet's view.
  const parts = podContainers(cluster, cohort);
  const initSpecs = objectsOf(spec.initContainers);
  const stored = [...initSpecs, ...objectsOf(spec.containers)].map((container, index) => ({ ...parts[index]!, container }));
  if (initSpecs.length > 0) out += describeContainers(cluster, ref, 'Init Containers', stored.slice(0, initSpecs.length), key, resolve);
  out += describeContainers(cluster, ref, 'Containers', stored.slice(initSpecs.length), key, resolve);
  out += conditions(cluster, ref);
  out += describePodVolumes(objectsOf(spec.volumes), newerLayout(cluster));
  out += `QoS Class:\t${podQosClass(spec)}\n`;
  out += template.multiline('Node-Selectors', objectOf(spec.nodeSelector) as Record<string, string> | undefined, '=');
  out += template.describeTolerations(objectsOf(spec.tolerations)).replace(/^ {2}/, '');
  out += template.describeTopologySpreadConstraints(objectsOf(spec.topologySpreadConstraints)).replace(/^ {2}/gm, '');
  const events = describeEvents(cluster, podEvents(cluster, cohort, name, key));
  return (alignTabs(out + events.inline) + events.table).replace(/\n$/, '');
}
