// `kubectl describe pod NAME`, following describePod, describeContainers (with statuses),
// describeContainerState, describeVolumes and printPodTolerationsMultiline in kubernetes/kubectl
// pkg/describe/describe.go, over the pod the simulated API server and kubelet would have stored: the
// admission defaults (priority 0, ServiceAccount `default` and its projected token volume, the two
// 300 s DefaultTolerationSeconds tolerations, requests defaulted from limits as SetDefaults_Pod does)
// and the kubelet's status at `cluster.now`. Node, container IDs and image digests are illustrative
// (pod-facts.ts); the events are synthesized from the kubelet timeline (describe-pod-events.ts).
import type { Cluster } from '../cluster/cluster';
import { podStatusAt, lastRestartAt } from '../kubelet/pod-timeline';
import type { JsonObject } from '../model/objects';
import { isAtLeast } from '../model/kubernetes-version';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { describeEvents, formatRfc1123z } from './describe';
import * as template from './describe-pod-template';
import { podEvents } from './describe-pod-events';
import { describePodVolumes, podQosClass, withServiceAccountToken } from './describe-pod-spec';
import { findPod, type PodRef } from './exec-env';
import { containerId, HOST_IP, imageId, NODE_NAME, podIpInCreationOrder, podKey, podUid } from './pod-facts';
import { alignTabs } from './tab-writer';

const { LEVEL_1, LEVEL_2, LEVEL_3, objectsOf, objectOf, text } = template;

/** kubectl 1.33 prints the token volume's ConfigMap as `Optional: false`, not `ConfigMapOptional: <nil>` (printProjectedVolumeSource). */
function newerLayout(cluster: Cluster): boolean {
  return isAtLeast(cluster.version, '1.33');
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

function containerView(cluster: Cluster, ref: PodRef, container: JsonObject, key: string): ContainerView | undefined {
  const { timeline, deletedAt } = ref.cohort;
  const now = cluster.now;
  if (now < timeline.scheduledAt) return undefined;
  const status = podStatusAt(timeline, now, deletedAt);
  const time = (ms: number): string => formatRfc1123z(cluster.startEpochMs + Math.floor(ms / 1000) * 1000);
  const image = text(container.image);
  const waiting = (reason: string): string => `Waiting\n${LEVEL_3}Reason:\t${reason}`;
  if (now < timeline.runningAt) return { id: '', imageId: '', state: waiting('ContainerCreating'), ready: false, restarts: 0 };
  if (timeline.failure === 'ImagePull') return { id: '', imageId: '', state: waiting(status.displayStatus), ready: false, restarts: 0 };
  const name = text(container.name);
  const view: ContainerView = {
    id: containerId(key, name, status.restarts),
    imageId: imageId(cluster, image),
    state: '',
    ready: status.ready,
    restarts: status.restarts,
  };
  const lastRestart = lastRestartAt(timeline, now);
  if (timeline.failure === 'CrashLoop' && lastRestart !== undefined) {
    // Between runs the container waits in CrashLoopBackOff; the exit shows as Last State (or State while it reads Error).
    view.lastTerminated = { started: lastRestart - 1000, finished: lastRestart };
    view.state = status.displayStatus === 'Error' ? `Terminated` : waiting('CrashLoopBackOff');
    if (view.state === 'Terminated') {
      view.state = `Terminated\n${LEVEL_3}Reason:\tError\n${LEVEL_3}Exit Code:\t1\n`;
      view.state += `${LEVEL_3}Started:\t${time(lastRestart - 1000)}\n${LEVEL_3}Finished:\t${time(lastRestart)}`;
      view.lastTerminated = undefined;
    }
    return view;
  }
  view.state = `Running\n${LEVEL_3}Started:\t${time(timeline.runningAt)}`;
  return view;
}

/** describeContainers with statuses: basic info, IDs, command, state, resources, probes, env, mounts. */
function describeContainers(cluster: Cluster, ref: PodRef, containers: JsonObject[], key: string, resolve: (path: string) => string): string {
  let out = `Containers:${containers.length === 0 ? ' <none>' : ''}\n`;
  const time = (ms: number): string => formatRfc1123z(cluster.startEpochMs + Math.floor(ms / 1000) * 1000);
  for (const container of containers) {
    const view = containerView(cluster, ref, container, key);
    out += `${LEVEL_1}${text(container.name)}:\n`;
    if (view) out += `${LEVEL_2}Container ID:\t${view.id}\n`;
    out += `${LEVEL_2}Image:\t${text(container.image)}\n`;
    if (view) out += `${LEVEL_2}Image ID:\t${view.imageId}\n`;
    const ports = template.containerPorts(container, 'containerPort', isAtLeast(cluster.version, '1.34'));
    out += ports.includes(',') ? `${LEVEL_2}Ports:\t${ports}\n` : `${LEVEL_2}Port:\t${ports || '<none>'}\n`;
    const hostPorts = template.containerPorts(container, 'hostPort', isAtLeast(cluster.version, '1.34'));
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
  if (cluster.now < timeline.scheduledAt) return '';
  const status = podStatusAt(timeline, cluster.now, deletedAt);
  const sandbox = cluster.now >= timeline.runningAt;
  const rows: [string, boolean][] = [
    ['PodReadyToStartContainers', sandbox],
    ['Initialized', true],
    ['Ready', status.ready],
    ['ContainersReady', status.ready],
    ['PodScheduled', true],
  ];
  return `Conditions:\n${LEVEL_1}Type\tStatus\n${rows.map(([type, value]) => `${LEVEL_1}${type} \t${value ? 'True' : 'False'} \n`).join('')}`;
}

/** The full `kubectl describe pod NAME` text, or the NotFound error. */
export function describePod(cluster: Cluster, name: string, namespace = 'default'): string {
  const ref = findPod(cluster, name, namespace);
  if (!ref) return `Error from server (NotFound): pods "${name}" not found`;
  const { cohort } = ref;
  const { timeline } = cohort;
  const key = podKey(cluster, cohort, name);
  const spec = withServiceAccountToken(cohort.spec, key);
  const bound = cluster.now >= timeline.scheduledAt;
  const ip = cluster.now >= timeline.runningAt ? podIpInCreationOrder(cluster, cohort, name) : '';
  let out = `Name:\t${name}\nNamespace:\t${namespace}\n`;
  out += `Priority:\t${typeof spec.priority === 'number' ? spec.priority : 0}\n`;
  if (text(spec.priorityClassName)) out += `Priority Class Name:\t${text(spec.priorityClassName)}\n`;
  if (text(spec.runtimeClassName)) out += `Runtime Class Name:\t${text(spec.runtimeClassName)}\n`;
  out += `Service Account:\t${text(spec.serviceAccountName) || 'default'}\n`;
  out += `Node:\t${bound ? `${NODE_NAME}/${HOST_IP}` : '<none>'}\n`;
  if (bound) out += `Start Time:\t${formatRfc1123z(cluster.startEpochMs + Math.floor(timeline.scheduledAt / 1000) * 1000)}\n`;
  out += template.multiline('Labels', cohort.labels, '=');
  out += template.multiline('Annotations', cohort.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  const status = podStatusAt(timeline, cluster.now, cohort.deletedAt);
  if (cohort.deletedAt !== undefined) {
    // deletionTimestamp is the deletion time plus the grace period, in the future while the pod
    // terminates, so kubectl's age of it reads `<invalid>` (HumanDuration of a negative span).
    const grace = typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : DEFAULT_GRACE_SECONDS;
    const since = cluster.now - (Math.floor(cohort.deletedAt / 1000) + grace) * 1000;
    out += `Status:\tTerminating (lasts ${since < -1000 ? '<invalid>' : '0s'})\nTermination Grace Period:\t${grace}s\n`;
  } else {
    out += `Status:\t${status.phase}\n`;
  }
  out += `IP:\t${ip}\n`;
  out += ip ? `IPs:\n${LEVEL_1}IP:\t${ip}\n` : 'IPs:\t<none>\n';
  out += `Controlled By:\t${cohort.owner.kind}/${cohort.owner.name}\n`;
  const resolve = (path: string): string => {
    const values: Record<string, string> = {
      'metadata.name': name,
      'metadata.namespace': namespace,
      'metadata.uid': podUid(key),
      'spec.nodeName': bound ? NODE_NAME : '',
      'spec.serviceAccountName': text(spec.serviceAccountName) || 'default',
      'status.hostIP': bound ? HOST_IP : '',
      'status.hostIPs': bound ? HOST_IP : '',
      'status.podIP': ip,
      'status.podIPs': ip,
    };
    return values[path] ?? '';
  };
  out += describeContainers(cluster, ref, objectsOf(spec.containers), key, resolve);
  out += conditions(cluster, ref);
  out += describePodVolumes(objectsOf(spec.volumes), newerLayout(cluster));
  out += `QoS Class:\t${podQosClass(spec)}\n`;
  out += template.multiline('Node-Selectors', objectOf(spec.nodeSelector) as Record<string, string> | undefined, '=');
  out += template.describeTolerations(objectsOf(spec.tolerations)).replace(/^ {2}/, '');
  out += template.describeTopologySpreadConstraints(objectsOf(spec.topologySpreadConstraints)).replace(/^ {2}/gm, '');
  const events = describeEvents(cluster, podEvents(cluster, cohort, name, key));
  return (alignTabs(out + events.inline) + events.table).replace(/\n$/, '');
}
