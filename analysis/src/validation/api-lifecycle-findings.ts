// Removed and deprecated API versions, on the object's apiVersion: kubectl's own error for a kind
// the cluster no longer serves, the API server's warning for a deprecated one.
import { apiLifecycleOf, type KubernetesVersion } from '@kubesim/engine';
import { spanForPath, type ManifestObject } from '../manifest/manifest-document';
import type { Finding } from './finding';

const GUIDE = 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/';

/**
 * `apps/v1beta2` ReplicaSet: kubectl's resource builder finds no REST mapping in discovery and stops
 * the object with `resource mapping not found for name: "frontend" namespace: "" from "rs.yaml": no
 * matches for kind "ReplicaSet" in version "apps/v1beta2"` and the line `ensure CRDs are installed
 * first` (kubectl apply's wrapping of meta.NoKindMatchError). `fileName` is the file as kubectl was
 * given it; kubesim uses the file's name.
 */
export function apiLifecycleFindings(object: ManifestObject, version: KubernetesVersion, fileName: string): Finding[] {
  const verdict = apiLifecycleOf(object.apiVersion, object.kind, version);
  if (verdict.status === 'served') return [];
  const span = spanForPath(object, ['apiVersion']);
  if (verdict.status === 'deprecated') {
    return [{ ...span, severity: 'warning', code: 'api-version-deprecated', message: verdict.warning, field: 'apiVersion', href: GUIDE }];
  }
  const message = noMatchesMessage(object, fileName);
  const replacement = verdict.replacement ? `; use ${verdict.replacement}` : '';
  return [
    {
      ...span,
      severity: 'error',
      code: 'api-version-removed',
      message,
      field: 'apiVersion',
      href: GUIDE,
      hint: `${object.apiVersion} ${object.kind} was removed in Kubernetes ${verdict.removedIn}${replacement}.`,
    },
  ];
}

/** kubectl apply's wrapping of meta.NoKindMatchError for an object of `fileName`. */
export function noMatchesMessage(object: ManifestObject, fileName: string): string {
  return (
    `resource mapping not found for name: ${JSON.stringify(object.name ?? '')} namespace: ${JSON.stringify(object.namespace ?? '')} ` +
    `from ${JSON.stringify(fileName)}: no matches for kind ${JSON.stringify(object.kind)} in version ${JSON.stringify(object.apiVersion)}\n` +
    'ensure CRDs are installed first'
  );
}
