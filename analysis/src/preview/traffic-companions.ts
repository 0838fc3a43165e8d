// Which other workloads the preview runs beside the previewed one: those applied together with it whose pods
// a Service selecting the previewed pods also selects. kube-proxy splits a Service's connections over every
// ready endpoint of its EndpointSlices, whoever owns the pod (the endpointslice controller lists pods by the
// Service's selector alone: pkg/controller/endpointslice's syncService), so a canary Deployment beside a stable
// one, or a Deployment beside a StatefulSet under one headless Service, share the lane.
import type { RolloutCompanion, RolloutWorkload } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import { writableCopyAs } from '../manifest/writable-copy';
import { appliedTogether } from '../checks/applied-together';
import { namespaceOf, type IndexedObject } from '../checks/indexed-object';
import { workspaceViewOf } from '../checks/workspace-view';
import { findSelectingServices, templateLabelsOf } from '../facts/service-selection';

/** What the preview knows of the previewed workload's surroundings. */
interface CompanionSources {
  /** The previewed file now, and its URI. */
  file: ManifestFile;
  uri: string;
  /** The previewed file as the rollout starts from it; absent: the file is created by the edit. */
  baseFile?: ManifestFile;
  /** The workspace index (the previewed file included); absent: the file stands alone. */
  workspace?: readonly IndexedObject[];
}

/** An apps/v1 Deployment or StatefulSet with a name: what the preview rolls out. */
export function isPreviewWorkload(object: ManifestObject): boolean {
  return object.apiVersion === 'apps/v1' && (object.kind === 'Deployment' || object.kind === 'StatefulSet') && typeof object.name === 'string';
}

function identityOf(object: ManifestObject): string {
  return `${object.kind}/${namespaceOf(object)}/${object.name ?? ''}`;
}

/** The object of `file` with the same kind, namespace and name as `object`. */
export function sameObjectIn(file: ManifestFile, object: ManifestObject): ManifestObject | undefined {
  return objectsOf(file).find((candidate) => identityOf(candidate) === identityOf(object));
}

/**
 * The workloads applied with `previewed` (its file; its folder, as `kubectl apply -f DIR`) in its namespace
 * whose pods share a Service with its pods, each as it runs now and as edited: one of the previewed file holds
 * its base version (absent there: the edit creates it), one of another file holds its state.
 */
export function trafficCompanions(previewed: ManifestObject, sources: CompanionSources): RolloutCompanion[] {
  const own: IndexedObject[] = objectsOf(sources.file).map((object) => ({ uri: sources.uri, object }));
  const together = sources.workspace ? appliedTogether(workspaceViewOf(sources.workspace), sources.uri, own).entries() : own;
  const inSight = (sources.workspace ?? own).map((entry) => entry.object);
  const namespace = namespaceOf(previewed);
  const services = findSelectingServices(templateLabelsOf(previewed), namespace, inSight);
  if (services.length === 0) return [];
  const seen = new Set([identityOf(previewed)]);
  const companions: RolloutCompanion[] = [];
  for (const entry of together) {
    const object = entry.object;
    if (!isPreviewWorkload(object) || namespaceOf(object) !== namespace || seen.has(identityOf(object))) continue;
    const labels = templateLabelsOf(object);
    const shared = findSelectingServices(
      labels,
      namespace,
      services.map((service) => service.object),
    );
    if (shared.length === 0) continue;
    seen.add(identityOf(object));
    // The engine's run changes what it is given: copies, never the cached parsed values.
    const edited = writableCopyAs<RolloutWorkload>(object.value);
    const companion: RolloutCompanion = { edited };
    if (entry.uri !== sources.uri) companion.base = writableCopyAs<RolloutWorkload>(object.value);
    else {
      const base = sources.baseFile && sameObjectIn(sources.baseFile, object);
      if (base) companion.base = writableCopyAs<RolloutWorkload>(base.value);
    }
    companions.push(companion);
  }
  return companions;
}
