// The simulated API server's answer to a create or update, before anything is stored: decoding,
// defaulting and validation for the cluster's release (objectVerdict), turned into the status error
// a client sees. Follows the create and update handlers of k8s.io/apiserver (transformDecodeError for
// a body that does not decode: 400 BadRequest; rest.BeforeCreate / BeforeUpdate: 422 Invalid) and
// apimachinery's errors.NewInvalid (message `<Kind>.<group> "<name>" is invalid: <errors>`).
import type { JsonObject, Pod } from '../model/objects';
import type { ClusterSpec } from '../model/cluster-spec';
import { checkedKindOf } from './validation/apply-defaults';
import { servedKindOf } from './validation/builtin-kinds';
import { servedKindVerdict } from './validation/served-kind-verdict';
import { formatErrorBody } from './validation/field-error';
import { objectVerdict } from './validation/object-verdict';
import { validatePodCreate } from './validation/rules/pod-create';

/** One cause of an Invalid status: the field and the body after it (`Invalid value: ...`). */
interface RejectionCause {
  field: string;
  message: string;
}

/** A request the API server refused, as the client receives it (plain data). */
export interface ApiRejection {
  /** The status reason: 422 Invalid (validation) or 400 BadRequest (decoding). */
  reason: 'Invalid' | 'BadRequest';
  /** `Deployment`, `StatefulSet`, `Pod` (details.kind). */
  kind: string;
  name: string;
  /** Validation causes, de-duplicated (details.causes); empty for BadRequest. */
  causes: RejectionCause[];
  /** StatusError.Error(): the status message. */
  message: string;
}

/**
 * One error of a client's command (kubectl prints it, kubectl/api-errors.ts): a status from the API server with the
 * request the client names, or a line of the client's own. Declared here, beside the status, so that what the
 * server side (admission, allocators) returns does not depend on the kubectl layer above it.
 */
export type KubectlError = { rejection: ApiRejection; request?: string } | { text: string };

// The API group of each kind the simulated API server stores ("" is the core group).
const GROUP_OF: Record<string, string> = {
  Deployment: 'apps',
  ReplicaSet: 'apps',
  StatefulSet: 'apps',
  DaemonSet: 'apps',
  Job: 'batch',
  CronJob: 'batch',
  PodDisruptionBudget: 'policy',
  Service: '',
  Pod: '',
  HorizontalPodAutoscaler: 'autoscaling',
  Ingress: 'networking.k8s.io',
};

/** schema.GroupKind.String(): `Deployment.apps`, `Pod` for the core group. */
export function qualifiedKind(kind: string): string {
  const group = GROUP_OF[kind] ?? '';
  return group === '' ? kind : `${kind}.${group}`;
}

/**
 * errors.NewInvalid: the message aggregates the field errors (field.ErrorList.ToAggregate: one error
 * printed alone, several as `[a, b]`, repeated messages once).
 */
export function invalidRejection(kind: string, name: string, causes: readonly RejectionCause[]): ApiRejection {
  const seen = new Set<string>();
  const unique: RejectionCause[] = [];
  for (const cause of causes) {
    const text = `${cause.field}: ${cause.message}`;
    if (seen.has(text)) continue;
    seen.add(text);
    unique.push(cause);
  }
  const texts = unique.map((cause) => `${cause.field}: ${cause.message}`);
  const aggregate = texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
  return { reason: 'Invalid', kind, name, causes: unique, message: `${qualifiedKind(kind)} "${name}" is invalid: ${aggregate}` };
}

/**
 * What the API server answers when `object` is created (no `oldObject`) or replaces `oldObject`:
 * undefined when it is accepted. The five workload and Service kinds go through objectVerdict, every
 * other kind the release serves through its dispatch table entry (servedKindVerdict: strict decoding,
 * ValidateObjectMeta, the kind's rules), as `kubesim check` judges it; a kind the release does not
 * serve is accepted.
 */
export function admitObject(object: JsonObject, oldObject: JsonObject | undefined, clusterSpec: ClusterSpec): ApiRejection | undefined {
  const apiVersion = String(object.apiVersion ?? '');
  const checked = checkedKindOf(apiVersion, String(object.kind ?? ''));
  const served = checked ? undefined : servedKindOf(apiVersion, String(object.kind ?? ''), clusterSpec.version);
  if (!checked && !served) return undefined;
  const kind = checked ?? served!.kind;
  const metadata = (object.metadata ?? {}) as JsonObject;
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const verdict = checked ? objectVerdict(checked, object, oldObject, clusterSpec) : servedKindVerdict(served!, object, oldObject, clusterSpec);
  if ('decode' in verdict) {
    // The first problem carries the whole server message (type errors win over strict errors).
    return { reason: 'BadRequest', kind, name, causes: [], message: verdict.decode[0].message };
  }
  if (verdict.errors.length === 0) return undefined;
  return invalidRejection(
    kind,
    name,
    verdict.errors.map((error) => ({ field: error.field, message: error.message.slice(error.field.length + 2) })),
  );
}

/** What the API server answers when a controller creates `pod` (named already: generateName is resolved first). */
export function admitPod(pod: Pod, clusterSpec: ClusterSpec): ApiRejection | undefined {
  const errors = validatePodCreate(pod);
  if (errors.length === 0) return undefined;
  return invalidRejection(
    'Pod',
    pod.metadata.name,
    errors.map((error) => ({ field: error.path.text, message: formatErrorBody(error, clusterSpec.version) })),
  );
}
