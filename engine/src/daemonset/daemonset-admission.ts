// Storing DaemonSets in the simulated API server: validation (admitObject), SetDefaults_DaemonSet,
// and the registry strategy of kubernetes pkg/registry/apps/daemonset/strategy.go: generation 1 and
// template generation 1 on create; on update, a changed template raises both, another spec change
// raises the generation only. apps/v1 carries the template generation in the
// `deprecated.daemonset.template.generation` annotation.
import type { Cluster } from '../cluster/cluster';
import { admitObject, type ApiRejection } from '../apiserver/admission';
import { isSemanticallyEqual } from '../apiserver/semantic-equality';
import { defaultDaemonSetInPlace } from '../defaulting/workload-defaults';
import { cloneJson } from '../model/clone';
import type { DaemonSet } from '../model/daemonset-objects';
import type { JsonObject } from '../model/objects';
import { TEMPLATE_GENERATION_ANNOTATION } from './daemonset-util';

function templateGeneration(annotations: Readonly<Record<string, string>> | undefined): number {
  const text = annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  return text !== undefined && /^[+-]?[0-9]+$/.test(text) ? Number(text) : 0;
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
  const rejection = admitObject(manifest, existing as unknown as JsonObject | undefined, cluster.spec);
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
