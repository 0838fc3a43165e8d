// Hand-written RolloutViews for the webview tests (Node render tests and the Chromium page test).
import type { EventView, KubectlOutputView, PodView, ReplicaSetView, RolloutStep, RolloutView } from '../../protocol/src/index';

/** The string every escaping test injects into manifest-derived fields. */
export const XSS = '<img src=x onerror=alert(1)>';

const OLD_HASH = '77d8468669';
const NEW_HASH = '5d59d67564';

function replicaSet(hash: string, isNew: boolean, desired: number, ready: number, image: string): ReplicaSetView {
  return {
    name: `nginx-deployment-${hash}`,
    podTemplateHash: hash,
    revision: isNew ? 2 : 1,
    isNew,
    desired,
    current: desired,
    ready,
    available: ready,
    createdAt: isNew ? 0 : -600,
    images: [image],
  };
}

function scaled(direction: 'up' | 'down', hash: string, from: number, to: number, time: number): EventView {
  return {
    type: 'Normal',
    reason: 'ScalingReplicaSet',
    source: 'deployment-controller',
    involvedObject: 'Deployment/nginx-deployment',
    message: `Scaled ${direction} replica set nginx-deployment-${hash} from ${from} to ${to}`,
    firstSeen: time,
    lastSeen: time,
    count: 1,
    span: { start: 10, end: 20 },
  };
}

function pods(hash: string, count: number, ready: number, createdAt: number, suffixes: string[]): PodView[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `nginx-deployment-${hash}-${suffixes[index] ?? `p${index}`}`,
    phase: index < ready ? 'Running' : 'Pending',
    status: index < ready ? 'Running' : 'ContainerCreating',
    ready: index < ready,
    readyContainers: index < ready ? 1 : 0,
    totalContainers: 1,
    restarts: 0,
    owner: `nginx-deployment-${hash}`,
    createdAt,
  }));
}

// The server sends kubectl's text ready-made; these tables are laid out as kubectl prints them
// (tabwriter, 3 spaces of padding, as in the real `kubectl get rs` of seeds/001), one per step.
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)) + 3);
  return rows.map((row) => row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column]!) : cell)).join('')).join('\n');
}

function kubectlOutputs(replicaSets: ReplicaSetView[], podList: PodView[], available: number, updated: number, rolloutStatus: string): KubectlOutputView[] {
  const get = [
    table([
      ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
      ['deployment.apps/nginx-deployment', `${available}/3`, String(updated), String(available), '10m'],
    ]),
    table([
      ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'],
      ...replicaSets.map((rs) => [`replicaset.apps/${rs.name}`, String(rs.desired), String(rs.current), String(rs.ready), rs.isNew ? '5s' : '10m']),
    ]),
    table([
      ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
      ...podList.map((pod) => [`pod/${pod.name}`, `${pod.readyContainers}/${pod.totalContainers}`, pod.status, '0', pod.createdAt < 0 ? '10m' : '0s']),
    ]),
  ].join('\n\n');
  const describe = [
    'Events:',
    '  Type    Reason             Age   From                   Message',
    '  ----    ------             ----  ----                   -------',
    '  Normal  ScalingReplicaSet  10m   deployment-controller  Scaled up replica set nginx-deployment-77d8468669 from 0 to 3',
  ].join('\n');
  return [
    { kind: 'get', command: 'kubectl get deploy,rs,pods', output: get },
    { kind: 'status', command: 'kubectl rollout status deployment/nginx-deployment', output: rolloutStatus },
    { kind: 'describe', command: 'kubectl describe deployment nginx-deployment', output: describe, excerpt: true },
  ];
}

function step(
  index: number,
  time: number,
  summary: string,
  oldCount: number,
  newDesired: number,
  newReady: number,
  events: EventView[],
  image = 'nginx:1.9.1',
): RolloutStep {
  const replicaSets = [replicaSet(NEW_HASH, true, newDesired, newReady, image), replicaSet(OLD_HASH, false, oldCount, oldCount, 'nginx:1.7.9')];
  const total = oldCount + newDesired;
  const available = oldCount + newReady;
  const podList = [
    ...pods(NEW_HASH, newDesired, newReady, time, ['abcde', 'fghij', 'klmno']),
    ...pods(OLD_HASH, oldCount, oldCount, -600, ['qrstu', 'vwxyz', 'b2c4d']),
  ];
  const rolloutStatus =
    newDesired < 3
      ? `Waiting for deployment "nginx-deployment" rollout to finish: ${newDesired} out of 3 new replicas have been updated...`
      : oldCount > 0
        ? `Waiting for deployment "nginx-deployment" rollout to finish: ${oldCount} old replicas are pending termination...`
        : newReady < 3
          ? `Waiting for deployment "nginx-deployment" rollout to finish: ${newReady} of 3 updated replicas are available...`
          : 'deployment "nginx-deployment" successfully rolled out';
  return {
    index,
    time,
    summary,
    workload: {
      replicas: total,
      updatedReplicas: newDesired,
      readyReplicas: available,
      availableReplicas: available,
      desiredReplicas: 3,
      createdAt: -600,
      conditions: [],
    },
    replicaSets,
    pods: podList,
    podsOmitted: 0,
    budget: { maxSurge: 1, maxUnavailable: 0, surgeInUse: Math.max(0, total - 3), unavailableInUse: Math.max(0, 3 - available) },
    events,
    rolloutStatus,
    kubectl: kubectlOutputs(replicaSets, podList, available, newDesired, rolloutStatus),
  };
}

/** nginx-deployment, 3 replicas, nginx:1.7.9 -> nginx:1.9.1 with maxSurge 1 and maxUnavailable 0. */
export function nginxRollout(image = 'nginx:1.9.1'): RolloutView {
  const steps = [
    step(0, 0, 'Scaled up new ReplicaSet to 1', 3, 1, 0, [scaled('up', NEW_HASH, 0, 1, 0)], image),
    step(1, 5, 'Pod became ready', 3, 1, 1, [], image),
    step(2, 5, 'Scaled down old ReplicaSet to 2', 2, 1, 1, [scaled('down', OLD_HASH, 3, 2, 5)], image),
    step(3, 5, 'Scaled up new ReplicaSet to 2', 2, 2, 1, [scaled('up', NEW_HASH, 1, 2, 5)], image),
    step(4, 10, 'Pod became ready', 2, 2, 2, [], image),
    step(5, 10, 'Scaled down old ReplicaSet to 1', 1, 2, 2, [scaled('down', OLD_HASH, 2, 1, 10)], image),
    step(6, 10, 'Scaled up new ReplicaSet to 3', 1, 3, 2, [scaled('up', NEW_HASH, 2, 3, 10)], image),
    step(7, 15, 'Pod became ready', 1, 3, 3, [], image),
    step(8, 15, 'Scaled down old ReplicaSet to 0', 0, 3, 3, [scaled('down', OLD_HASH, 1, 0, 15)], image),
  ];
  return {
    uri: 'file:///work/examples/nginx-deployment.yaml',
    kind: 'Deployment',
    name: 'nginx-deployment',
    namespace: 'default',
    kubernetesVersion: '1.36',
    strategy: 'RollingUpdate',
    base: { kind: 'head' },
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
    change: {
      baseLabel: 'git HEAD',
      triggersRollout: true,
      summary: 'The pod template changed: a new ReplicaSet rolls out.',
      changedPaths: ['spec.template.spec.containers[0].image'],
    },
    steps,
    outcome: { kind: 'complete', message: 'Rollout complete after 15s.', atSecond: 15, progressDeadlineSeconds: 600 },
    podLimit: 200,
    spans: { 'metadata.name': { start: 10, end: 26 }, 'spec.template': { start: 100, end: 300 } },
    revisions: [1],
  };
}

/** The nginx rollout with a hostile string in every manifest-derived field. */
export function hostileRollout(): RolloutView {
  const view = nginxRollout(XSS);
  view.name = XSS;
  view.namespace = XSS;
  view.change = { ...view.change, summary: XSS, changedPaths: [XSS], reusedReplicaSet: XSS };
  for (const item of view.steps) {
    item.summary = XSS;
    item.events = item.events.map((event) => ({ ...event, message: XSS, reason: XSS }));
    item.pods = item.pods.map((pod) => ({ ...pod, name: XSS, status: XSS, owner: XSS }));
    item.replicaSets = item.replicaSets.map((replicaSet) => ({ ...replicaSet, name: XSS }));
    item.kubectl = item.kubectl.map((output) => ({ ...output, output: `${output.output}\npod/${XSS}`, note: XSS }));
  }
  return view;
}

/** A 100,000-replica rollout of `stepCount` steps (pods capped at 200 per step, as the server does). */
export function hugeRollout(stepCount: number): RolloutView {
  const replicas = 100_000;
  const base = nginxRollout();
  const template = base.steps[0]!;
  const steps: RolloutStep[] = [];
  for (let index = 0; index < stepCount; index++) {
    const moved = Math.min(replicas, Math.round((index / Math.max(1, stepCount - 1)) * replicas));
    const dip = index === Math.floor(stepCount / 2) ? 7 : 0;
    steps.push({
      ...template,
      index,
      time: index * 5,
      summary: `Step ${index}`,
      replicaSets: [
        { ...template.replicaSets[0]!, desired: moved, current: moved, ready: moved, available: moved - dip },
        { ...template.replicaSets[1]!, desired: replicas - moved, current: replicas - moved, ready: replicas - moved, available: replicas - moved },
      ],
      workload: {
        ...template.workload,
        replicas,
        updatedReplicas: moved,
        readyReplicas: replicas,
        availableReplicas: replicas - dip,
        desiredReplicas: replicas,
      },
      pods: template.pods,
      podsOmitted: replicas - template.pods.length,
      events: [],
      kubectl: [{ ...template.kubectl[0]!, note: `… ${replicas - template.pods.length} more pods not listed` }, ...template.kubectl.slice(1)],
    });
  }
  return { ...base, steps };
}
