// HorizontalPodAutoscalers stored through the simulated API server: the release's verdict on the manifest
// (create, or update of the stored object), then the object as autoscaling/v2 holds it. An autoscaling/v1
// manifest is converted as Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler does
// (kubernetes pkg/apis/autoscaling/v1/conversion.go: targetCPUUtilizationPercentage becomes a cpu
// Utilization metric), then defaulted as autoscaling/v2 (no metric: 80% cpu). The v1 annotations that
// carry v2-only fields (autoscaling.alpha.kubernetes.io/metrics, /behavior) are not read.
import type { Cluster } from '../cluster/cluster';
import { invalidRejection, type ApiRejection } from '../apiserver/admission';
import { servedKindOf } from '../apiserver/validation/builtin-kinds';
import { servedKindVerdict } from '../apiserver/validation/served-kind-verdict';
import { defaultHorizontalPodAutoscalerV2InPlace } from '../defaulting/autoscaling-defaults';
import type { HorizontalPodAutoscaler, HpaSpec } from '../model/autoscaling-objects';
import { cloneJson } from '../model/clone';
import type { JsonObject } from '../model/objects';

/** The autoscaling/v2 spec of a v1 or v2 manifest, defaulted. */
function hpaSpecAsV2(manifest: JsonObject): HpaSpec {
  const spec = cloneJson((manifest.spec ?? {}) as JsonObject) as JsonObject;
  if (manifest.apiVersion === 'autoscaling/v1') {
    const target = spec.targetCPUUtilizationPercentage;
    delete spec.targetCPUUtilizationPercentage;
    if (typeof target === 'number')
      spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } } }];
  }
  const object: JsonObject = { spec };
  defaultHorizontalPodAutoscalerV2InPlace(object);
  return object.spec as HpaSpec;
}

// The API server's verdict on an HPA of a served version (the release's decoding, metadata and HPA rules).
function hpaRejection(cluster: Cluster, manifest: JsonObject, old: JsonObject | undefined): ApiRejection | undefined {
  const served = servedKindOf(String(manifest.apiVersion ?? ''), 'HorizontalPodAutoscaler', cluster.spec.version);
  if (!served) return undefined;
  const name = String(((manifest.metadata ?? {}) as JsonObject).name ?? '');
  const verdict = servedKindVerdict(served, manifest, old, cluster.spec);
  if ('decode' in verdict) return { reason: 'BadRequest', kind: 'HorizontalPodAutoscaler', name, causes: [], message: verdict.decode[0]!.message };
  if (verdict.errors.length === 0) return undefined;
  const causes = verdict.errors.map((error) => ({ field: error.field, message: error.message.slice(error.field.length + 2) }));
  return invalidRejection('HorizontalPodAutoscaler', name, causes);
}

/**
 * Creates or updates the HPA of `manifest` in `namespace`: the API server's refusal, or the stored
 * object with whether its spec changed (an update bumps generation).
 */
export function storeHorizontalPodAutoscaler(
  cluster: Cluster,
  manifest: JsonObject,
  namespace: string,
): ApiRejection | { hpa: HorizontalPodAutoscaler; verb: 'created' | 'configured' | 'unchanged' } {
  const metadata = (manifest.metadata ?? {}) as JsonObject;
  const name = String(metadata.name ?? '');
  const existing = cluster.horizontalPodAutoscalers.get(name, namespace);
  const old = existing ? ({ ...existing, apiVersion: 'autoscaling/v2' } as unknown as JsonObject) : undefined;
  const rejection = hpaRejection(cluster, manifest, manifest.apiVersion === 'autoscaling/v2' ? old : undefined);
  if (rejection) return rejection;
  const spec = hpaSpecAsV2(manifest);
  if (existing) {
    if (JSON.stringify(existing.spec) === JSON.stringify(spec)) return { hpa: existing, verb: 'unchanged' };
    existing.spec = spec;
    existing.metadata.generation = (existing.metadata.generation ?? 1) + 1;
    existing.metadata.resourceVersion = cluster.nextResourceVersion();
    return { hpa: existing, verb: 'configured' };
  }
  const stored = cluster.newObjectMeta(name, namespace);
  const labels = metadata.labels;
  if (labels && typeof labels === 'object' && !Array.isArray(labels)) stored.labels = { ...(labels as Record<string, string>) };
  const hpa: HorizontalPodAutoscaler = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: stored,
    spec,
    status: { currentReplicas: 0, desiredReplicas: 0 },
  };
  cluster.horizontalPodAutoscalers.put(hpa);
  return { hpa, verb: 'created' };
}
