// `kubectl apply|create -f` and `kubectl delete` of a networking.k8s.io/v1 Ingress against the simulated API
// server: decoded strictly, validated (ValidateIngressCreate / ValidateIngressUpdate through objectVerdict),
// stored as sent (v1 Ingress has no defaults). No ingress controller runs in the simulation, so the status stays
// empty (no ADDRESS) as on a cluster without one; routing is computed by ingress-routing.ts when asked.
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import { invalidRejection, type KubectlError } from '../apiserver/admission';
import { objectVerdict } from '../apiserver/validation/object-verdict';
import { applyDefaults } from '../apiserver/validation/apply-defaults';
import { jsonEqual } from '../apiserver/validation/rules/json-access';
import { cloneJson } from '../model/clone';
import type { Ingress, JsonObject, KubernetesObject } from '../model/objects';

const API_VERSION = 'networking.k8s.io/v1';

/** Applies or creates one Ingress; returns kubectl's line (`ingress.networking.k8s.io/web created`). */
export function applyIngress(cluster: Cluster, object: KubernetesObject, mode: 'apply' | 'create', fileName = ''): CommandResult & { failure?: KubectlError } {
  const name = object.metadata?.name ?? '';
  if ((object.apiVersion as string) !== API_VERSION) {
    // The removed networking.k8s.io/v1beta1 and extensions/v1beta1 versions: the API server has no mapping.
    return {
      output:
        `error: resource mapping not found for name: "${name}" namespace: "" from "${fileName}": ` +
        `no matches for kind "Ingress" in version "${String(object.apiVersion)}"\nensure CRDs are installed first`,
      error: true,
    };
  }
  const manifest = object as unknown as Ingress;
  const namespace = manifest.metadata.namespace ?? 'default';
  const existing = cluster.ingresses.get(name, namespace);
  if (existing && mode === 'create')
    return {
      output: `Error from server (AlreadyExists): error when creating "${fileName}": ingresses.networking.k8s.io "${name}" already exists`,
      error: true,
    };
  const verdict = objectVerdict('Ingress', manifest as unknown as JsonObject, existing as unknown as JsonObject | undefined, cluster.spec);
  if ('decode' in verdict) {
    const messages = verdict.decode.map((problem) => problem.message).join('; ');
    return { output: `Error from server (BadRequest): error when creating "${fileName}": ${messages}`, error: true };
  }
  if (verdict.errors.length > 0) {
    // errors.NewInvalid with one cause per field error: kubectl prints them as MultilineError does (one `* ` line each).
    const causes = verdict.errors.map((error) => ({ field: error.field, message: error.message.slice(error.field.length + 2) }));
    const request = existing ? undefined : `error when creating "${fileName}"`;
    return { output: '', error: true, failure: { rejection: invalidRejection('Ingress', name, causes), ...(request === undefined ? {} : { request }) } };
  }
  const stored = applyDefaults('Ingress', cloneJson(manifest) as unknown as JsonObject, cluster.spec) as unknown as Ingress;
  const resource = `ingress.networking.k8s.io/${name}`;
  if (!existing) {
    const metadata = { ...stored.metadata, ...cluster.newObjectMeta(name, namespace) };
    cluster.ingresses.put({ apiVersion: API_VERSION, kind: 'Ingress', metadata, spec: stored.spec ?? {} });
    return { output: `${resource} created` };
  }
  const unchanged =
    jsonEqual(stored.spec ?? {}, existing.spec ?? {}) &&
    jsonEqual(stored.metadata.labels ?? {}, existing.metadata.labels ?? {}) &&
    jsonEqual(stored.metadata.annotations ?? {}, existing.metadata.annotations ?? {});
  if (unchanged) return { output: `${resource} unchanged` };
  const specChanged = !jsonEqual(stored.spec ?? {}, existing.spec ?? {});
  const metadata = {
    ...existing.metadata,
    labels: stored.metadata.labels,
    annotations: stored.metadata.annotations,
    generation: (existing.metadata.generation ?? 1) + (specChanged ? 1 : 0),
    resourceVersion: cluster.nextResourceVersion(),
  };
  if (!metadata.labels) delete metadata.labels;
  if (!metadata.annotations) delete metadata.annotations;
  cluster.ingresses.put({ ...existing, metadata, spec: stored.spec ?? {} });
  return { output: `${resource} configured` };
}

/** `kubectl delete ingress NAME` (from kubectl 1.34 a namespaced object adds ` from NAMESPACE namespace`). */
export function deleteIngress(cluster: Cluster, name: string, namespace: string, fromNamespace: boolean): CommandResult {
  if (!cluster.ingresses.delete(name, namespace))
    return { output: `Error from server (NotFound): ingresses.networking.k8s.io "${name}" not found`, error: true };
  return { output: `ingress.networking.k8s.io "${name}" deleted${fromNamespace ? ` from ${namespace} namespace` : ''}` };
}
