// What the workspace's CustomResourceDefinitions add to the simulated cluster's discovery: each served
// version as `group/version` and `group/version/Kind`, the two forms helm's `.Capabilities.APIVersions.Has`
// looks up (`helm template --api-versions`). The CRDs are the given objects and the cluster's declared `crds:`.
import { CrdRegistry, isCustomResourceDefinition, type ClusterSpec, type CrdSourceObject, type ReadonlyJsonObject } from '@kubesim/engine';
import { declaredCrdObjects } from '../profile/declared-crds';

/** The sorted `group/version` and `group/version/Kind` of every served version of the CRDs in sight. */
export function crdApiVersionsOf(objects: readonly ReadonlyJsonObject[], cluster: ClusterSpec): string[] {
  const definitions: CrdSourceObject[] = objects.filter(isCustomResourceDefinition).map((value) => ({ value, source: '' }));
  if (cluster.declared.crds && cluster.declared.crds.length > 0) definitions.push(...declaredCrdObjects(cluster.declared.crds));
  const versions = new Set<string>();
  for (const crd of new CrdRegistry(definitions).entries()) {
    for (const version of crd.versions) {
      if (!version.served) continue;
      versions.add(`${crd.group}/${version.name}`);
      versions.add(`${crd.group}/${version.name}/${crd.kind}`);
    }
  }
  return [...versions].sort();
}
