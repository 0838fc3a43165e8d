// The HorizontalPodAutoscaler controller, following kubernetes pkg/controller/podautoscaler/horizontal.go
// (reconcileAutoscaler, computeReplicasForMetrics, computeStatusForResourceMetric, setCondition, setStatus):
// every HPA is synced when it is created and then every 15 s (--horizontal-pod-autoscaler-sync-period);
// a sync reads the target's scale, asks the replica calculator for each Resource metric, clamps to
// [minReplicas, maxReplicas] through the stabilization window and the scaling policies
// (scaling-rules.ts), writes the target's spec.replicas and records SuccessfulRescale.
import type { Cluster, Controller } from '../cluster/cluster';
import { isFeatureEnabled } from '../defaulting/feature-gates';
import type { HorizontalPodAutoscaler, HpaCondition, HpaStatus, ResourceMetricStatus } from '../model/autoscaling-objects';
import type { JsonObject, JsonValue } from '../model/objects';
import { cloneJson } from '../model/clone';
import { formatMilliQuantity, HpaMetricSeries, milliValueOfText, NO_METRICS_API_ERROR } from './hpa-metrics';
import { calculatorPodsOf } from './hpa-pods';
import { DEFAULT_TIMINGS, rawResourceReplicas, resourceReplicas, type Tolerances } from './replica-calculator';
import { scaleTargetOf } from './scale-target';
import { newHpaMemory, normalizeWithBehavior, normalizeWithoutBehavior, storeScaleEvent, type HpaMemory, type ScalingRules } from './scaling-rules';

/** --horizontal-pod-autoscaler-sync-period (15 s) and --horizontal-pod-autoscaler-tolerance (0.1). */
const HPA_SYNC_PERIOD_MS = 15_000;
const DEFAULT_TOLERANCE = 0.1;
const SOURCE = 'horizontal-pod-autoscaler';

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

/** setConditionInList: replaces the condition of that type (a new transition time only when the status changes), or appends it. */
function setCondition(status: HpaStatus, condition: Omit<HpaCondition, 'lastTransitionTime'>, timestamp: string): void {
  const conditions = (status.conditions ??= []);
  const existing = conditions.find((item) => item.type === condition.type);
  if (!existing) conditions.push({ ...condition, lastTransitionTime: timestamp });
  else {
    if (existing.status !== condition.status) existing.lastTransitionTime = timestamp;
    Object.assign(existing, condition);
  }
}

function rulesOf(value: JsonValue | undefined): ScalingRules {
  const rules = asObject(value) ?? {};
  const policies = (Array.isArray(rules.policies) ? rules.policies : []).map((policy) => {
    const object = asObject(policy) ?? {};
    return { type: object.type === 'Pods' ? 'Pods' : 'Percent', value: Number(object.value ?? 0), periodSeconds: Number(object.periodSeconds ?? 0) } as const;
  });
  const selectPolicy = rules.selectPolicy === 'Min' || rules.selectPolicy === 'Disabled' ? rules.selectPolicy : 'Max';
  const result: ScalingRules = { selectPolicy, policies };
  if (typeof rules.stabilizationWindowSeconds === 'number') result.stabilizationWindowSeconds = rules.stabilizationWindowSeconds;
  return result;
}

// The HPA's tolerances: 0.1 each way, or behavior's tolerance where HPAConfigurableTolerance is on.
function tolerancesOf(cluster: Cluster, hpa: HorizontalPodAutoscaler): Tolerances {
  const tolerances = { scaleDown: DEFAULT_TOLERANCE, scaleUp: DEFAULT_TOLERANCE };
  const behavior = asObject(hpa.spec.behavior);
  if (!behavior || !isFeatureEnabled('HPAConfigurableTolerance', cluster.spec)) return tolerances;
  for (const [field, key] of [
    ['scaleUp', 'scaleUp'],
    ['scaleDown', 'scaleDown'],
  ] as const) {
    const text = asObject(behavior[field])?.tolerance;
    const milli = typeof text === 'string' || typeof text === 'number' ? milliValueOfText(String(text)) : undefined;
    if (milli !== undefined) tolerances[key] = milli / 1000;
  }
  return tolerances;
}

interface MetricOutcome {
  replicas?: number;
  name?: string;
  status: ResourceMetricStatus | Record<string, never>;
  failure?: { reason: string; error: string };
}

const FAILURE_REASONS: Record<string, string> = {
  Pods: 'FailedGetPodsMetric',
  Object: 'FailedGetObjectMetric',
  External: 'FailedGetExternalMetric',
  ContainerResource: 'FailedGetContainerResourceMetric',
};

/** The HorizontalPodAutoscaler controller of the simulated kube-controller-manager. */
export class HorizontalPodAutoscalerController implements Controller {
  readonly name = SOURCE;
  /** The metric series sessions set (`kubesim metric`). */
  readonly metrics = new HpaMetricSeries();
  private readonly memories = new Map<string, HpaMemory>();
  private readonly lastSync = new Map<string, number>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const hpa of cluster.horizontalPodAutoscalers.all()) {
      const uid = hpa.metadata.uid ?? '';
      const last = this.lastSync.get(uid);
      if (last !== undefined && cluster.now < last + HPA_SYNC_PERIOD_MS) continue;
      this.lastSync.set(uid, cluster.now);
      if (this.reconcile(cluster, hpa)) changed = true;
    }
    return changed;
  }

  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    for (const hpa of cluster.horizontalPodAutoscalers.all()) {
      const last = this.lastSync.get(hpa.metadata.uid ?? '');
      const due = last === undefined ? cluster.now : last + HPA_SYNC_PERIOD_MS;
      if (due > cluster.now && (next === undefined || due < next)) next = due;
    }
    return next;
  }

  /** Forgets an HPA (deleted: reconcileKey drops its recommendations and scale events). */
  forget(uid: string): void {
    this.memories.delete(uid);
    this.lastSync.delete(uid);
  }

  // reconcileAutoscaler; true when the HPA's status or its target changed.
  private reconcile(cluster: Cluster, hpa: HorizontalPodAutoscaler): boolean {
    const before = JSON.stringify(hpa.status);
    const status = cloneJson(hpa.status) as HpaStatus;
    const timestamp = cluster.timestamp();
    const namespace = hpa.metadata.namespace ?? 'default';
    const subject = { kind: 'HorizontalPodAutoscaler', metadata: hpa.metadata };
    const target = scaleTargetOf(cluster, hpa.spec.scaleTargetRef, namespace);
    if ('error' in target) {
      cluster.recordEvent(subject, 'Warning', 'FailedGetScale', target.error, SOURCE);
      const message = `the HPA controller was unable to get the target's current scale: ${target.error}`;
      setCondition(status, { type: 'AbleToScale', status: 'False', reason: 'FailedGetScale', message }, timestamp);
      return this.commit(cluster, hpa, status, before);
    }
    setCondition(
      status,
      { type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" },
      timestamp,
    );
    const uid = hpa.metadata.uid ?? '';
    let memory = this.memories.get(uid);
    // recordInitialRecommendation: the first sync remembers the current size.
    if (!memory) {
      memory = newHpaMemory();
      memory.recommendations.push({ replicas: target.replicas, at: cluster.now });
      this.memories.set(uid, memory);
    }
    const current = target.replicas;
    const minReplicas = hpa.spec.minReplicas;
    let desired = 0;
    let reason = '';
    let rescale = true;
    // setStatus: the metric statuses of this sync only (none when the bounds or a zero target decided).
    let metricStatuses: HpaStatus['currentMetrics'];
    if (current === 0 && minReplicas !== 0) {
      rescale = false;
      const message = 'scaling is disabled since the replica count of the target is zero';
      setCondition(status, { type: 'ScalingActive', status: 'False', reason: 'ScalingDisabled', message }, timestamp);
    } else if (current > hpa.spec.maxReplicas) {
      reason = 'Current number of replicas above Spec.MaxReplicas';
      desired = hpa.spec.maxReplicas;
    } else if (current < minReplicas) {
      reason = 'Current number of replicas below Spec.MinReplicas';
      desired = minReplicas;
    } else {
      const computed = this.computeReplicasForMetrics(cluster, hpa, target.selector, current, status, timestamp);
      metricStatuses = computed.statuses;
      if (computed.error !== undefined) {
        status.currentReplicas = current;
        status.currentMetrics = metricStatuses;
        cluster.recordEvent(subject, 'Warning', 'FailedComputeMetricsReplicas', computed.error, SOURCE);
        return this.commit(cluster, hpa, status, before);
      }
      desired = computed.replicas;
      if (desired > current) reason = `${computed.name} above target`;
      if (desired < current) reason = 'All metrics below target';
      const behavior = asObject(hpa.spec.behavior);
      const normalized = behavior
        ? normalizeWithBehavior(
            memory,
            current,
            desired,
            minReplicas,
            hpa.spec.maxReplicas,
            rulesOf(behavior.scaleUp),
            rulesOf(behavior.scaleDown),
            cluster.now,
          )
        : normalizeWithoutBehavior(memory, current, desired, minReplicas, hpa.spec.maxReplicas, cluster.now);
      setCondition(status, { type: 'AbleToScale', status: 'True', ...normalized.ableToScale }, timestamp);
      const limited = normalized.scalingLimited;
      setCondition(status, { type: 'ScalingLimited', status: limited.status ? 'True' : 'False', reason: limited.reason, message: limited.message }, timestamp);
      desired = normalized.replicas;
      rescale = desired !== current;
    }
    if (rescale) {
      target.setReplicas(desired);
      const message = `the HPA controller was able to update the target scale to ${desired}`;
      setCondition(status, { type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message }, timestamp);
      cluster.recordEvent(subject, 'Normal', 'SuccessfulRescale', `New size: ${desired}; reason: ${reason}`, SOURCE);
      const behavior = asObject(hpa.spec.behavior);
      if (behavior) storeScaleEvent(memory, rulesOf(behavior.scaleUp), rulesOf(behavior.scaleDown), current, desired, cluster.now);
      status.lastScaleTime = timestamp;
    } else desired = current;
    status.currentReplicas = current;
    status.desiredReplicas = desired;
    if (metricStatuses === undefined) delete status.currentMetrics;
    else status.currentMetrics = metricStatuses;
    return this.commit(cluster, hpa, status, before, rescale);
  }

  private commit(cluster: Cluster, hpa: HorizontalPodAutoscaler, status: HpaStatus, before: string, rescaled = false): boolean {
    status.observedGeneration = hpa.metadata.generation ?? 1;
    if (JSON.stringify(status) === before && !rescaled) return false;
    hpa.status = status;
    hpa.metadata.resourceVersion = cluster.nextResourceVersion();
    return true;
  }

  // computeReplicasForMetrics: the largest proposal of the metrics that could be computed; an error only when none could.
  private computeReplicasForMetrics(
    cluster: Cluster,
    hpa: HorizontalPodAutoscaler,
    selector: Parameters<typeof calculatorPodsOf>[2],
    current: number,
    status: HpaStatus,
    timestamp: string,
  ): { replicas: number; name?: string; statuses: HpaStatus['currentMetrics']; error?: string } {
    const subject = { kind: 'HorizontalPodAutoscaler', metadata: hpa.metadata };
    if (!selector) {
      const error = 'selector is required';
      cluster.recordEvent(subject, 'Warning', 'SelectorRequired', error, SOURCE);
      setCondition(
        status,
        { type: 'ScalingActive', status: 'False', reason: 'InvalidSelector', message: "the HPA target's scale is missing a selector" },
        timestamp,
      );
      return { replicas: 0, statuses: status.currentMetrics, error };
    }
    const outcomes = hpa.spec.metrics.map((metric) => this.computeMetric(cluster, hpa, metric, selector, current));
    let replicas = 0;
    let name: string | undefined;
    let firstFailure: MetricOutcome['failure'];
    let invalid = 0;
    for (const outcome of outcomes) {
      if (outcome.failure) {
        cluster.recordEvent(subject, 'Warning', outcome.failure.reason, outcome.failure.error, SOURCE);
        firstFailure ??= outcome.failure;
        invalid++;
      } else if (replicas === 0 || outcome.replicas! > replicas) {
        replicas = outcome.replicas!;
        name = outcome.name;
      }
    }
    const statuses = outcomes.map((outcome) => outcome.status);
    if (invalid >= outcomes.length) {
      const message = `the HPA was unable to compute the replica count: ${firstFailure?.error ?? ''}`;
      setCondition(status, { type: 'ScalingActive', status: 'False', reason: firstFailure?.reason ?? '', message }, timestamp);
      const error = `invalid metrics (${invalid} invalid out of ${outcomes.length}), first error is: ${firstFailure?.error ?? ''}`;
      return { replicas: 0, statuses, error };
    }
    const message = `the HPA was able to successfully calculate a replica count from ${name}`;
    setCondition(status, { type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound', message }, timestamp);
    return name === undefined ? { replicas, statuses } : { replicas, name, statuses };
  }

  // computeStatusForResourceMetric (computeStatusForResourceMetricGeneric); other sources are not fed by sessions.
  private computeMetric(
    cluster: Cluster,
    hpa: HorizontalPodAutoscaler,
    metric: JsonObject,
    selector: NonNullable<Parameters<typeof calculatorPodsOf>[2]>,
    current: number,
  ): MetricOutcome {
    const type = String(metric.type ?? '');
    const source = asObject(metric.resource);
    if (type !== 'Resource' || !source) {
      const reason = FAILURE_REASONS[type] ?? 'InvalidMetricSourceType';
      const error =
        reason === 'InvalidMetricSourceType'
          ? `unknown metric source type "${type}"`
          : `kubesim feeds only Resource metrics: the ${type} metric was not computed`;
      return { status: {}, failure: { reason, error } };
    }
    const resource = String(source.name ?? '');
    const target = asObject(source.target) ?? {};
    const namespace = hpa.metadata.namespace ?? 'default';
    const value = this.metrics.valueAt(namespace, hpa.metadata.name, resource, cluster.now);
    const fail = (error: string): MetricOutcome => ({
      status: {},
      failure: { reason: 'FailedGetResourceMetric', error: `failed to get ${resource} utilization: ${error}` },
    });
    if (value === undefined) return fail(`unable to get metrics for resource ${resource}: ${NO_METRICS_API_ERROR}`);
    const pods = calculatorPodsOf(cluster, namespace, selector, resource, value);
    const tolerances = tolerancesOf(cluster, hpa);
    const timings = { ...DEFAULT_TIMINGS, now: cluster.now };
    const averageValue = target.averageValue;
    if (averageValue !== undefined && averageValue !== null) {
      const result = rawResourceReplicas(current, milliValueOfText(String(averageValue)) ?? 0, resource, pods, tolerances, timings);
      if ('error' in result) return fail(result.error);
      const status: ResourceMetricStatus = {
        type: 'Resource',
        resource: { name: resource, current: { averageValue: formatMilliQuantity(result.rawUtilization) } },
      };
      return { replicas: result.replicas, name: `${resource} resource`, status };
    }
    if (typeof target.averageUtilization !== 'number')
      return {
        status: {},
        failure: { reason: 'FailedGetResourceMetric', error: 'invalid resource metric source: neither a utilization target nor a value target was set' },
      };
    const result = resourceReplicas(current, target.averageUtilization, resource, pods, tolerances, timings);
    if ('error' in result) return fail(result.error);
    const status: ResourceMetricStatus = {
      type: 'Resource',
      resource: { name: resource, current: { averageUtilization: result.utilization!, averageValue: formatMilliQuantity(result.rawUtilization) } },
    };
    return { replicas: result.replicas, name: `${resource} resource utilization (percentage of request)`, status };
  }
}
