// Which Services select a workload's pods: equality selectors against the pod template labels.
import { isJsonObject, serviceSelectorMatches } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { labelsOf } from '../checks/label-selector';

/** The namespace an object lands in when the manifest names none (the usual kubectl context). */
const ASSUMED_NAMESPACE = 'default';

/** A Service and whether its selector picks the pods. */
export interface SelectingService {
  object: ManifestObject;
  name: string;
  /** `clusterIP: None`: a headless Service (per-pod DNS records). */
  isHeadless: boolean;
}

/** The namespace of an object, or the assumed one. */
export function namespaceOf(object: ManifestObject): string {
  return object.namespace ?? ASSUMED_NAMESPACE;
}

// A Service selector is a plain map: every entry must equal a pod label. An empty or missing
// selector selects nothing (the endpoints of such a Service are managed by hand).
/** True when the Service's `spec.selector` picks pods carrying `labels`. */
function serviceSelects(service: ManifestObject, labels: Record<string, string>): boolean {
  const spec = service.value.spec;
  if (!isJsonObject(spec)) return false;
  return serviceSelectorMatches(labelsOf(spec.selector) ?? {}, labels);
}

/** True for `kind: Service` objects of the core API. */
export function isService(object: ManifestObject): boolean {
  return object.kind === 'Service' && object.apiVersion === 'v1';
}

/** True when the Service has `clusterIP: None`. */
function isHeadlessService(service: ManifestObject): boolean {
  const spec = service.value.spec;
  return isJsonObject(spec) && spec.clusterIP === 'None';
}

/**
 * The Services among `candidates` in `namespace` whose selector picks pods with `labels`. Copies
 * of one Service (same name in several files) are one object in the cluster: the first is kept.
 */
export function findSelectingServices(labels: Record<string, string>, namespace: string, candidates: readonly ManifestObject[]): SelectingService[] {
  const seen = new Set<string>();
  return candidates
    .filter((candidate) => isService(candidate) && namespaceOf(candidate) === namespace && serviceSelects(candidate, labels))
    .filter((candidate) => {
      const key = candidate.name ?? '';
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((object) => ({ object, name: object.name ?? '(unnamed)', isHeadless: isHeadlessService(object) }));
}

/** The pod template labels of a workload (`spec.template.metadata.labels`). */
export function templateLabelsOf(workload: ManifestObject): Record<string, string> {
  const spec = workload.value.spec;
  if (!isJsonObject(spec) || !isJsonObject(spec.template) || !isJsonObject(spec.template.metadata)) return {};
  return labelsOf(spec.template.metadata.labels) ?? {};
}
