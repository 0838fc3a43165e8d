// Whether a workload would be created at all: kubectl's refusal of a removed API version, or the
// API server's decode or validation errors. `kubesim names` gives no names for a rejected workload.
import { checkedKindOf, type ClusterSpec } from '@kubesim/engine';
import { type ManifestObject, apiLifecycleFindings, checkObject } from '@kubesim/analysis';

/** The error messages that stop `object` on create, or undefined when it would be created. */
export function workloadRejection(object: ManifestObject, cluster: ClusterSpec, fileName: string): string[] | undefined {
  const refused = apiLifecycleFindings(object, cluster.version, fileName).filter((finding) => finding.severity === 'error');
  if (refused.length > 0) return refused.map((finding) => finding.message);
  const kind = checkedKindOf(object.apiVersion, object.kind);
  if (!kind) return undefined;
  const errors = checkObject(kind, object, undefined, cluster).filter((finding) => finding.severity === 'error');
  return errors.length > 0 ? errors.map((finding) => finding.message) : undefined;
}
