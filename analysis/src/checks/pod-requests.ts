// What one pod of a workload requests, as the scheduler sums it, and the words for cpu and memory amounts:
// shared by the capacity warnings (rollout-capacity.ts) and the rollout facts (facts/rollout-cost.ts).
import { isJsonObject, quantityMilliValue, type ReadonlyJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';

/** A pod's requests of the two resources the arithmetic sums (thousandths: millicores, milli-bytes). */
export interface PodRequests {
  cpuMilli: number;
  memoryMilli: number;
}

function objects(value: ReadonlyJsonValue | undefined): ReadonlyJsonObject[] {
  return Array.isArray(value) ? value.filter((item): item is ReadonlyJsonObject => isJsonObject(item)) : [];
}

function requestOf(container: ReadonlyJsonObject, resource: 'cpu' | 'memory'): number {
  const resources = isJsonObject(container.resources) ? container.resources : undefined;
  const requests = resources && isJsonObject(resources.requests) ? resources.requests : undefined;
  const limits = resources && isJsonObject(resources.limits) ? resources.limits : undefined;
  // The API server defaults a missing request to the limit (SetDefaults_Pod), so a limit alone is the request.
  const value = requests?.[resource] ?? limits?.[resource];
  return typeof value === 'string' || typeof value === 'number' ? (quantityMilliValue(value) ?? 0) : 0;
}

/**
 * The pod's effective request of `resource`, as the scheduler computes it (resourcehelper PodRequests): the
 * app containers and sidecars together, or a regular init container with the sidecars started before it,
 * whichever is larger, plus the pod overhead.
 */
function podRequest(spec: ReadonlyJsonObject, resource: 'cpu' | 'memory'): number {
  let sidecars = 0;
  let initPeak = 0;
  for (const init of objects(spec.initContainers)) {
    if (init.restartPolicy === 'Always') sidecars += requestOf(init, resource);
    else initPeak = Math.max(initPeak, sidecars + requestOf(init, resource));
  }
  const running = objects(spec.containers).reduce((sum, container) => sum + requestOf(container, resource), sidecars);
  const overhead = isJsonObject(spec.overhead) ? spec.overhead[resource] : undefined;
  const extra = typeof overhead === 'string' || typeof overhead === 'number' ? (quantityMilliValue(overhead) ?? 0) : 0;
  return Math.max(running, initPeak) + extra;
}

/** The pod template's spec of a workload, if it is an object. */
export function podSpecOf(object: ManifestObject): ReadonlyJsonObject | undefined {
  const spec = isJsonObject(object.value.spec) ? object.value.spec : undefined;
  const template = spec && isJsonObject(spec.template) ? spec.template : undefined;
  return template && isJsonObject(template.spec) ? template.spec : undefined;
}

/** The pod's effective cpu and memory requests. */
export function podRequestsOf(spec: ReadonlyJsonObject): PodRequests {
  return { cpuMilli: podRequest(spec, 'cpu'), memoryMilli: podRequest(spec, 'memory') };
}

/** CPU in kubectl's words: `500m`, `2`, `1500m`. */
export function cpuText(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${Math.ceil(milli)}m`;
}

/** Memory in the largest binary unit that divides it: `512Mi`, `2Gi`; else bytes. */
export function memoryText(milli: number): string {
  const bytes = Math.ceil(milli / 1000);
  for (const [suffix, size] of [
    ['Gi', 2 ** 30],
    ['Mi', 2 ** 20],
    ['Ki', 2 ** 10],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${suffix}`;
  }
  return String(bytes);
}
