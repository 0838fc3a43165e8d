// Where the cluster's CustomResourceDefinitions come from: the checked file, every file of the workspace
// (kustomize output is checked as a file, so its CRDs come with it), the CRDs the workspace's Helm charts render
// (a chart's crds/ folder and templates, helm/chart-check.ts renderedCrdsOf) and the `crds:` paths a profile
// declares. The registry is rebuilt only when
// one of the definitions changed (parsed values are shared while their text is unchanged).
import { CrdRegistry, isCustomResourceDefinition, type ClusterSpec, type CrdSourceObject } from '@kubesim/engine';
import type { IndexedObject } from '../checks/check-context';
import { workspaceViewOf } from '../checks/workspace-view';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import { declaredCrdObjects } from '../profile/declared-crds';

let last: { definitions: readonly CrdSourceObject[]; registry: CrdRegistry } | undefined;

/** The registry of the CRDs `file`, the workspace and the cluster's declared paths hold. */
export function crdRegistryFor(
  file: ManifestFile,
  workspace: readonly IndexedObject[] | undefined,
  cluster: ClusterSpec,
  uri?: string,
  rendered: readonly CrdSourceObject[] = [],
): CrdRegistry {
  const definitions: CrdSourceObject[] = [];
  for (const object of objectsOf(file)) if (isCustomResourceDefinition(object.value)) definitions.push({ value: object.value, source: uri ?? '' });
  for (const entry of workspaceCrdsOf(workspace)) {
    if (entry.uri !== uri) definitions.push({ value: entry.object.value, source: entry.uri });
  }
  definitions.push(...rendered);
  if (cluster.declared.crds && cluster.declared.crds.length > 0) definitions.push(...declaredCrdObjects(cluster.declared.crds));
  return registryOf(definitions);
}

// The CRDs of a workspace array, from its view's objects by kind (patched per change, not a scan of every
// object per checked file: on 10,000 documents that scan was a sixth of `kubesim check`).
function workspaceCrdsOf(workspace: readonly IndexedObject[] | undefined): readonly IndexedObject[] {
  if (workspace === undefined) return [];
  return workspaceViewOf(workspace)
    .objectsOfKind('CustomResourceDefinition')
    .filter((entry) => isCustomResourceDefinition(entry.object.value));
}

/** The registry of `definitions`, the last one again when the same definitions are given. */
export function registryOf(definitions: readonly CrdSourceObject[]): CrdRegistry {
  if (last && last.definitions.length === definitions.length && last.definitions.every((definition, i) => definition.value === definitions[i]!.value)) {
    return last.registry;
  }
  last = { definitions, registry: new CrdRegistry(definitions) };
  return last.registry;
}
