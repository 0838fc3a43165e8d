// kubectl's resource builder maps each object of a file to a REST resource through discovery before sending
// anything (cli-runtime resource mapper infoForData): a kind the cluster does not serve in that version (a removed
// API such as extensions/v1beta1 Deployment, or a kind its group never had) fails with meta.NoKindMatchError,
// wrapped with the object's name and namespace as written in the file, and the file's name.
import { apiLifecycleOf } from '../apiserver/api-lifecycle';
import { kindMatchOf } from '../apiserver/kind-matches';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { KubernetesObject } from '../model/objects';

/** kubectl's `resource mapping not found` error for `object` of `fileName`, or undefined when the release serves its kind. */
export function mappingNotFound(object: KubernetesObject, fileName: string, release: KubernetesVersion): string | undefined {
  const apiVersion = String(object.apiVersion ?? '');
  const kind = String(object.kind ?? '');
  const match = kindMatchOf(apiVersion, kind, release);
  const unmapped = apiLifecycleOf(apiVersion, kind, release).status === 'removed' || match.status === 'no-match' || match.status === 'no-match-group';
  if (!unmapped) return undefined;
  const metadata = (object.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  return (
    `error: resource mapping not found for name: ${JSON.stringify(name)} namespace: ${JSON.stringify(namespace)} from ${JSON.stringify(fileName)}: ` +
    `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}\nensure CRDs are installed first`
  );
}
