// The pods an HPA's target selects, as the replica calculator sees them (phase, readiness, start time,
// requests, the sampled usage), read from the simulated kubelet's timelines. The pod lister of
// kubernetes pkg/controller/podautoscaler/replica_calculator.go lists every pod of the namespace that
// the scale's selector matches, whoever owns it.
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort } from '../cluster/pod-cohort';
import { podStatusAt, isReadyAt } from '../kubelet/pod-timeline';
import { labelSelectorMatches } from '../model/label-selection';
import type { JsonObject, JsonValue, LabelSelector } from '../model/objects';
import type { CalculatorPod } from './replica-calculator';
import { milliValueOfText, type MetricValue } from './hpa-metrics';

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

// calculatePodRequestsFromContainers' containers: the regular ones, then restartable (sidecar) init containers.
function containerRequests(spec: JsonObject, resource: string): { name: string; request?: number }[] {
  const containers = (Array.isArray(spec.containers) ? spec.containers : []).map(asObject);
  for (const init of (Array.isArray(spec.initContainers) ? spec.initContainers : []).map(asObject)) if (init?.restartPolicy === 'Always') containers.push(init);
  return containers.map((container) => {
    const text = asObject(asObject(container?.resources)?.requests)?.[resource];
    const request = typeof text === 'string' || typeof text === 'number' ? milliValueOfText(String(text)) : undefined;
    return request === undefined ? { name: String(container?.name ?? '') } : { name: String(container?.name ?? ''), request };
  });
}

/** The selected pods at `now`, each with the usage `metric` gives it while it runs (none without a metric). */
export function calculatorPodsOf(
  cluster: Cluster,
  namespace: string,
  selector: LabelSelector | undefined,
  resource: string,
  metric: MetricValue | undefined,
): CalculatorPod[] {
  const pods: CalculatorPod[] = [];
  if (!selector) return pods;
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace || !labelSelectorMatches(selector, cohort.labels)) continue;
    const status = podStatusAt(cohort.timeline, cluster.now);
    const requests = containerRequests(cohort.spec, resource);
    const timeline = cohort.timeline;
    const running = status.phase === 'Running';
    const ready = isReadyAt(timeline, cluster.now);
    for (const name of cohort.names) {
      const pod: CalculatorPod = { name, phase: status.phase as CalculatorPod['phase'], containerRequests: requests };
      if (!isActiveCohort(cohort) && cluster.now >= cohort.deletedAt!) pod.deleting = true;
      const scheduledAt = timeline.scheduledAt;
      if (scheduledAt !== undefined && cluster.now >= scheduledAt) {
        pod.startedAt = scheduledAt;
        pod.ready = { status: ready, lastTransitionAt: ready ? timeline.readyAt! : scheduledAt };
      }
      if (running && metric !== undefined) {
        const request = requests.reduce((sum, container) => sum + (container.request ?? 0), 0);
        pod.usage = 'utilization' in metric ? Math.trunc((request * metric.utilization) / 100) : metric.averageMilli;
      }
      pods.push(pod);
    }
  }
  return pods;
}
