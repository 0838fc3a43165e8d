// Storing DaemonSets in the simulated API server: validation (admitObject), SetDefaults_DaemonSet,
// and the registry strategy of kubernetes pkg/registry/apps/daemonset/strategy.go: generation 1 and
// template generation 1 on create; on update, a changed template raises both, another spec change
// raises the generation only. apps/v1 carries the template generation in the
// `deprecated.daemonset.template.generation` annotation.
import type { Cluster } from '../cluster/cluster';
import { invalidRejection, type ApiRejection } from '../apiserver/admission';
import { servedKindOf } from '../apiserver/validation/builtin-kinds';
import { servedKindVerdict } from '../apiserver/validation/served-kind-verdict';
import type { ClusterSpec } from '../model/cluster-spec';
import { isSemanticallyEqual } from '../apiserver/semantic-equality';
import { defaultDaemonSetInPlace } from '../defaulting/workload-defaults';
import { cloneJson } from '../model/clone';
import type { DaemonSet } from '../model/daemonset-objects';
import type { JsonObject, ReadonlyJsonObject } from '../model/objects';
import { TEMPLATE_GENERATION_ANNOTATION } from './daemonset-util';

function templateGeneration(annotations: Readonly<Record<string, string>> | undefined): number {
  const text = annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  return text !== undefined && /^[+-]?[0-9]+$/.test(text) ? Number(text) : 0;
}

/**
 * The API server's answer to creating `manifest` (or replacing `existing` with it): strict decoding,
 * then ValidateObjectMeta and ValidateDaemonSet after defaulting (servedKindVerdict); undefined when accepted.
 */
export function admitDaemonSet(manifest: ReadonlyJsonObject, existing: ReadonlyJsonObject | undefined, clusterSpec: ClusterSpec): ApiRejection | undefined {
  const served = servedKindOf('apps/v1', 'DaemonSet', clusterSpec.version);
  if (!served) return undefined;
  const name = String((manifest.metadata as ReadonlyJsonObject | undefined)?.name ?? '');
  const verdict = servedKindVerdict(served, manifest, existing, clusterSpec);
  if ('decode' in verdict) return { reason: 'BadRequest', kind: 'DaemonSet', name, causes: [], message: verdict.decode[0]!.message };
  if (verdict.errors.length === 0) return undefined;
  return invalidRejection(
    'DaemonSet',
    name,
    verdict.errors.map((error) => ({ field: error.field, message: error.message.slice(error.field.length + 2) })),
  );
}

/**
 * Creates or updates a DaemonSet from `manifest` (left untouched); `existing` keeps its metadata and
 * status. Returns the stored DaemonSet and whether it changed, or the API server's refusal.
 */
export function storeDaemonSet(
  cluster: Cluster,
  manifest: JsonObject,
  namespace: string,
  existing: DaemonSet | undefined,
): { daemonSet: DaemonSet; changed: boolean } | ApiRejection {
  const rejection = admitDaemonSet(manifest, existing as unknown as ReadonlyJsonObject | undefined, cluster.spec);
  if (rejection) return rejection;
  const object = cloneJson(manifest);
  defaultDaemonSetInPlace(object, cluster.spec, existing as unknown as JsonObject | undefined);
  const spec = object.spec as unknown as DaemonSet['spec'];
  const manifestMetadata = (manifest.metadata ?? {}) as { labels?: Record<string, string>; annotations?: Record<string, string> };
  if (!existing) {
    const metadata = cluster.newObjectMeta(String((manifest.metadata as JsonObject | undefined)?.name ?? ''), namespace);
    if (manifestMetadata.labels) metadata.labels = { ...manifestMetadata.labels };
    const generation = Math.max(1, templateGeneration(manifestMetadata.annotations));
    metadata.annotations = { ...(manifestMetadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: String(generation) };
    const daemonSet: DaemonSet = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata,
      spec,
      status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
    };
    cluster.daemonSets.put(daemonSet);
    return { daemonSet, changed: true };
  }
  const oldGeneration = templateGeneration(existing.metadata.annotations);
  const templateChanged = !isSemanticallyEqual(existing.spec.template as unknown as JsonObject, spec.template);
  const specChanged = templateChanged || !isSemanticallyEqual(existing.spec as unknown as JsonObject, spec as unknown as JsonObject);
  const annotations = { ...(existing.metadata.annotations ?? {}), ...(manifestMetadata.annotations ?? {}) };
  annotations[TEMPLATE_GENERATION_ANNOTATION] = String(templateChanged ? oldGeneration + 1 : oldGeneration);
  const labels = manifestMetadata.labels ? { ...manifestMetadata.labels } : undefined;
  const metaChanged =
    JSON.stringify(annotations) !== JSON.stringify(existing.metadata.annotations ?? {}) ||
    JSON.stringify(labels ?? {}) !== JSON.stringify(existing.metadata.labels ?? {});
  if (!specChanged && !metaChanged) return { daemonSet: existing, changed: false };
  const metadata = { ...existing.metadata, annotations, resourceVersion: cluster.nextResourceVersion() };
  if (labels) metadata.labels = labels;
  else delete metadata.labels;
  if (specChanged) metadata.generation = (existing.metadata.generation ?? 1) + 1;
  const daemonSet: DaemonSet = { ...existing, metadata, spec: specChanged ? spec : existing.spec };
  cluster.daemonSets.put(daemonSet);
  return { daemonSet, changed: true };
}

/** Deletes the DaemonSet with background propagation: its pods turn Terminating, its revisions go. */
export function deleteDaemonSet(cluster: Cluster, daemonSet: DaemonSet): void {
  const namespace = daemonSet.metadata.namespace ?? 'default';
  const uid = daemonSet.metadata.uid ?? '';
  cluster.daemonSets.delete(daemonSet.metadata.name, namespace);
  for (const cohort of [...cluster.podsOwnedBy(uid)]) if (cohort.deletedAt === undefined) cluster.deletePods(cohort, cohort.names.length);
  for (const revision of cluster.controllerRevisions.list(namespace))
    if (revision.metadata.ownerReferences?.some((owner) => owner.uid === uid)) cluster.controllerRevisions.delete(revision.metadata.name, namespace);
}
