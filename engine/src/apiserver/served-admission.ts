// The simulated API server's answer to a write of a kind outside the five of workload-rules.ts (ConfigMap,
// Secret, …): strict decoding, ValidateObjectMeta and the kind's own rules (servedKindVerdict), as the status a
// client receives. Follows the create and update handlers of k8s.io/apiserver (decode, then the strategy's
// Validate or ValidateUpdate); a decoding problem is a 400 BadRequest, field errors a 422 Invalid.
import type { ClusterSpec } from '../model/cluster-spec';
import type { ReadonlyJsonObject } from '../model/objects';
import { invalidRejection, type ApiRejection } from './admission';
import { servedKindOf } from './validation/builtin-kinds';
import { servedKindVerdict } from './validation/served-kind-verdict';

/** The API server's refusal of `manifest` (replacing `existing` when given), or undefined when it is accepted or not served. */
export function admitServedObject(manifest: ReadonlyJsonObject, existing: ReadonlyJsonObject | undefined, clusterSpec: ClusterSpec): ApiRejection | undefined {
  const kind = String(manifest.kind ?? '');
  const served = servedKindOf(String(manifest.apiVersion ?? ''), kind, clusterSpec.version);
  if (!served) return undefined;
  const name = String((manifest.metadata as ReadonlyJsonObject | undefined)?.name ?? '');
  const verdict = servedKindVerdict(served, manifest, existing, clusterSpec);
  if ('decode' in verdict) return { reason: 'BadRequest', kind, name, causes: [], message: verdict.decode[0]!.message };
  if (verdict.errors.length === 0) return undefined;
  return invalidRejection(
    kind,
    name,
    verdict.errors.map((error) => ({ field: error.field, message: error.message.slice(error.field.length + 2) })),
  );
}
