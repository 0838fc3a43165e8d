// What a pod asks of a node, as the scheduler counts it: component-helpers' resource.PodRequests
// (staging/src/k8s.io/component-helpers/resource/helpers.go) read through framework.Resource.Add
// (pkg/scheduler/framework/types.go): CPU in millicores, memory, ephemeral storage and extended
// resources in units, pods always one.
import { isJsonObject } from '../model/json-value';
import type { JsonObject, JsonValue } from '../model/objects';
import { parseQuantity, QuantityParseError, scaledQuantityValue } from '../quantity/quantity';

/** Resource name to amount: `cpu` in millicores, everything else in units (bytes for memory). */
export type ResourceAmounts = Record<string, number>;

/** The amount of one quantity text (MilliValue for cpu, Value otherwise); 0 for text that does not parse. */
export function resourceAmount(resource: string, text: JsonValue | undefined): number {
  if (typeof text !== 'string' && typeof text !== 'number') return 0;
  try {
    return Number(scaledQuantityValue(parseQuantity(String(text)), resource === 'cpu' ? -3 : 0));
  } catch (error) {
    if (error instanceof QuantityParseError) return 0;
    throw error;
  }
}

/** A ResourceList as amounts. */
export function amountsOf(list: JsonValue | undefined): ResourceAmounts {
  const amounts: ResourceAmounts = {};
  if (!isJsonObject(list)) return amounts;
  for (const [resource, text] of Object.entries(list)) amounts[resource] = resourceAmount(resource, text);
  return amounts;
}

function add(into: ResourceAmounts, amounts: ResourceAmounts): void {
  for (const [resource, amount] of Object.entries(amounts)) into[resource] = (into[resource] ?? 0) + amount;
}

function maxInto(into: ResourceAmounts, amounts: ResourceAmounts): void {
  for (const [resource, amount] of Object.entries(amounts)) into[resource] = Math.max(into[resource] ?? 0, amount);
}

/**
 * A container's requests; the API server copies a limit into a missing request (SetDefaults_Pod). `missing`
 * fills the resources a container does not request (PodResourcesOptions.NonMissingContainerRequests).
 */
function containerRequests(container: JsonValue, missing: ResourceAmounts = {}): ResourceAmounts {
  if (!isJsonObject(container)) return {};
  const resources = isJsonObject(container.resources) ? container.resources : {};
  return { ...missing, ...amountsOf(resources.limits), ...amountsOf(resources.requests) };
}

function containersOf(spec: JsonObject | undefined, field: 'containers' | 'initContainers'): JsonValue[] {
  const list = spec?.[field];
  return Array.isArray(list) ? list : [];
}

/**
 * PodRequests: the app containers' sum with the restartable init containers (sidecars, restartPolicy
 * Always) added, against each regular init container's request plus the sidecars started before it,
 * whichever is larger per resource; then pod-level requests where set (PodLevelResources) and the
 * RuntimeClass overhead. 2 app containers of 100m, a sidecar of 50m and an init container of 500m:
 * max(250m, 500m + 50m) = 550m.
 */
export function podRequests(spec: JsonObject | undefined, missing: ResourceAmounts = {}): ResourceAmounts {
  const requests: ResourceAmounts = {};
  for (const container of containersOf(spec, 'containers')) add(requests, containerRequests(container, missing));
  const sidecars: ResourceAmounts = {};
  const initPeak: ResourceAmounts = {};
  for (const container of containersOf(spec, 'initContainers')) {
    const own = containerRequests(container, missing);
    if (isJsonObject(container) && container.restartPolicy === 'Always') {
      add(requests, own);
      add(sidecars, own);
      maxInto(initPeak, sidecars);
    } else {
      const during: ResourceAmounts = { ...sidecars };
      add(during, own);
      maxInto(initPeak, during);
    }
  }
  maxInto(requests, initPeak);
  const podLevel = isJsonObject(spec?.resources) ? amountsOf(spec.resources.requests) : {};
  for (const resource of ['cpu', 'memory']) if (podLevel[resource] !== undefined) requests[resource] = podLevel[resource];
  add(requests, amountsOf(spec?.overhead));
  return requests;
}
