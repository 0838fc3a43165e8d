// The replica count a Resource metric proposes, following kubernetes
// pkg/controller/podautoscaler/replica_calculator.go (GetResourceReplicas, GetRawResourceReplicas,
// calcPlainMetricReplicas, groupPods, calculatePodRequestsFromContainers, Tolerances.isWithin) and
// metrics/utilization.go (GetResourceUtilizationRatio, GetMetricUsageRatio). Pure: the pods come in
// as plain facts, so upstream's replica_calculator_test.go tables restate directly.

/** One pod the HPA's selector matches, as the replica calculator sees it. */
export interface CalculatorPod {
  name: string;
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  /** The pod has a deletionTimestamp. */
  deleting?: boolean;
  /** The Ready condition: absent when the pod has none yet. */
  ready?: { status: boolean; lastTransitionAt: number };
  /** status.startTime (ms); absent before the kubelet starts the pod. */
  startedAt?: number;
  /** Requests of the resource per container (milli-units), undefined for a container without one. */
  containerRequests: readonly { name: string; request?: number }[];
  /** The pod's usage of the resource (milli-units) as metrics-server reports it; undefined: no sample. */
  usage?: number;
}

/** Scale-up and scale-down tolerances (0.1 each unless the HPA's behavior sets them). */
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

/** The controller's timings (kube-controller-manager flags): CPU initialization 5 min, initial readiness delay 30 s. */
interface CalculatorTimings {
  now: number;
  cpuInitializationPeriodMs: number;
  delayOfInitialReadinessStatusMs: number;
  /** The metric window metrics-server reports (its resolution, 15 s by default). */
  metricWindowMs: number;
}

/** What the calculator proposes, or upstream's error text. */
type CalculatorResult = { replicas: number; utilization?: number; rawUtilization: number } | { error: string };

/** The kube-controller-manager defaults. */
export const DEFAULT_TIMINGS: Omit<CalculatorTimings, 'now'> = {
  cpuInitializationPeriodMs: 300_000,
  delayOfInitialReadinessStatusMs: 30_000,
  metricWindowMs: 15_000,
};

/** Tolerances.isWithin: no scale while 1 - down <= ratio <= 1 + up. */
export function isWithinTolerance(tolerances: Tolerances, usageRatio: number): boolean {
  return 1 - tolerances.scaleDown <= usageRatio && usageRatio <= 1 + tolerances.scaleUp;
}

interface PodGroups {
  readyPodCount: number;
  unready: Set<string>;
  missing: Set<string>;
  ignored: Set<string>;
}

// groupPods: deleted and failed pods are ignored, pending ones unready, pods without a sample missing;
// for cpu, a pod still initializing (or never ready) counts as unready.
function groupPods(pods: readonly CalculatorPod[], resource: string, timings: CalculatorTimings): PodGroups {
  const groups: PodGroups = { readyPodCount: 0, unready: new Set(), missing: new Set(), ignored: new Set() };
  for (const pod of pods) {
    if (pod.deleting || pod.phase === 'Failed') {
      groups.ignored.add(pod.name);
      continue;
    }
    if (pod.phase === 'Pending') {
      groups.unready.add(pod.name);
      continue;
    }
    if (pod.usage === undefined) {
      groups.missing.add(pod.name);
      continue;
    }
    if (resource === 'cpu') {
      let unready: boolean;
      if (pod.ready === undefined || pod.startedAt === undefined) unready = true;
      else if (pod.startedAt + timings.cpuInitializationPeriodMs > timings.now) {
        // Still initializing: unready, or the sample's window started before the last readiness change.
        unready = !pod.ready.status || timings.now < pod.ready.lastTransitionAt + timings.metricWindowMs;
      } else unready = !pod.ready.status && pod.startedAt + timings.delayOfInitialReadinessStatusMs > pod.ready.lastTransitionAt;
      if (unready) {
        groups.unready.add(pod.name);
        continue;
      }
    }
    groups.readyPodCount++;
  }
  return groups;
}

// calculatePodRequestsFromContainers: every container must request the resource.
function podRequests(pods: readonly CalculatorPod[], resource: string): Map<string, number> | { error: string } {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    let total = 0;
    for (const container of pod.containerRequests) {
      if (container.request === undefined) return { error: `missing request for ${resource} in container ${container.name} of Pod ${pod.name}` };
      total += container.request;
    }
    requests.set(pod.name, total);
  }
  return requests;
}

// GetResourceUtilizationRatio: usage over requests of the pods with a sample, in whole percent.
function utilizationRatio(
  metrics: ReadonlyMap<string, number>,
  requests: ReadonlyMap<string, number>,
  target: number,
): { ratio: number; utilization: number; raw: number } | { error: string } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let entries = 0;
  for (const [name, value] of metrics) {
    const request = requests.get(name);
    if (request === undefined) continue;
    metricsTotal += value;
    requestsTotal += request;
    entries++;
  }
  if (requestsTotal === 0) return { error: 'no metrics returned matched known pods' };
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { ratio: utilization / target, utilization, raw: Math.trunc(metricsTotal / entries) };
}

/** GetResourceReplicas: the replicas an average-utilization target proposes. */
export function resourceReplicas(
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  pods: readonly CalculatorPod[],
  tolerances: Tolerances,
  timings: CalculatorTimings,
): CalculatorResult {
  const metrics = new Map<string, number>();
  for (const pod of pods) if (pod.usage !== undefined) metrics.set(pod.name, pod.usage);
  if (pods.length === 0) return { error: 'no pods returned by selector while calculating replica count' };
  const groups = groupPods(pods, resource, timings);
  for (const name of [...groups.ignored, ...groups.unready]) metrics.delete(name);
  if (metrics.size === 0) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const requests = podRequests(pods, resource);
  if ('error' in requests) return requests;
  const first = utilizationRatio(metrics, requests, targetUtilization);
  if ('error' in first) return first;
  const { ratio, utilization, raw } = first;
  const scaleUpWithUnready = groups.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && groups.missing.size === 0) {
    if (isWithinTolerance(tolerances, ratio)) return { replicas: currentReplicas, utilization, rawUtilization: raw };
    return { replicas: Math.ceil(ratio * groups.readyPodCount), utilization, rawUtilization: raw };
  }
  if (groups.missing.size > 0) {
    // Scale down: a pod without a sample uses its request (or the target, above 100%); scale up: nothing.
    const fallback = Math.max(100, targetUtilization);
    for (const name of groups.missing) {
      if (ratio < 1) metrics.set(name, Math.trunc((requests.get(name)! * fallback) / 100));
      else if (ratio > 1) metrics.set(name, 0);
    }
  }
  if (scaleUpWithUnready) for (const name of groups.unready) metrics.set(name, 0);
  const second = utilizationRatio(metrics, requests, targetUtilization);
  if ('error' in second) return second;
  const newRatio = second.ratio;
  if (isWithinTolerance(tolerances, newRatio) || (ratio < 1 && newRatio > 1) || (ratio > 1 && newRatio < 1))
    return { replicas: currentReplicas, utilization, rawUtilization: raw };
  const replicas = Math.ceil(newRatio * metrics.size);
  if ((newRatio < 1 && replicas > currentReplicas) || (newRatio > 1 && replicas < currentReplicas))
    return { replicas: currentReplicas, utilization, rawUtilization: raw };
  return { replicas, utilization, rawUtilization: raw };
}

/** GetRawResourceReplicas (calcPlainMetricReplicas): the replicas an average-value target (milli-units) proposes. */
export function rawResourceReplicas(
  currentReplicas: number,
  targetUsage: number,
  resource: string,
  pods: readonly CalculatorPod[],
  tolerances: Tolerances,
  timings: CalculatorTimings,
): CalculatorResult {
  const metrics = new Map<string, number>();
  for (const pod of pods) if (pod.usage !== undefined) metrics.set(pod.name, pod.usage);
  if (pods.length === 0) return { error: 'no pods returned by selector while calculating replica count' };
  const groups = groupPods(pods, resource, timings);
  for (const name of [...groups.ignored, ...groups.unready]) metrics.delete(name);
  if (metrics.size === 0) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const usageRatio = (values: ReadonlyMap<string, number>): { ratio: number; usage: number } => {
    let total = 0;
    for (const value of values.values()) total += value;
    const usage = Math.trunc(total / values.size);
    return { ratio: usage / targetUsage, usage };
  };
  const { ratio, usage } = usageRatio(metrics);
  const scaleUpWithUnready = groups.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && groups.missing.size === 0) {
    if (isWithinTolerance(tolerances, ratio)) return { replicas: currentReplicas, rawUtilization: usage };
    return { replicas: Math.ceil(ratio * groups.readyPodCount), rawUtilization: usage };
  }
  for (const name of groups.missing) {
    if (ratio < 1) metrics.set(name, targetUsage);
    else if (ratio > 1) metrics.set(name, 0);
  }
  if (scaleUpWithUnready) for (const name of groups.unready) metrics.set(name, 0);
  const newRatio = usageRatio(metrics).ratio;
  if (isWithinTolerance(tolerances, newRatio) || (ratio < 1 && newRatio > 1) || (ratio > 1 && newRatio < 1))
    return { replicas: currentReplicas, rawUtilization: usage };
  const replicas = Math.ceil(newRatio * metrics.size);
  if ((newRatio < 1 && replicas > currentReplicas) || (newRatio > 1 && replicas < currentReplicas)) return { replicas: currentReplicas, rawUtilization: usage };
  return { replicas, rawUtilization: usage };
}
