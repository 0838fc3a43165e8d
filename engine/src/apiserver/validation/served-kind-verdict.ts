// The API server's verdict on an object of any built-in kind of the dispatch table (builtin-kinds.ts) other
// than the five of workload-rules.ts: strict decoding into the kind's Go struct, then ValidateObjectMeta with
// the kind's name rule, then the kind's own rules after its defaulting (kind-rules.ts), if it has any.
// Follows the create/update handlers of k8s.io/apiserver (decode, rest.BeforeCreate/BeforeUpdate, the
// strategy's Validate) and utilerrors.NewAggregate, which drops repeated messages.
import type { JsonObject, ReadonlyJsonObject } from '../../model/objects';
import { withoutNulls } from './apply-defaults';
import { nameCheckOf, type ServedKind } from './builtin-kinds';
import { decodeProblemsOfType } from './decode-check';
import { formatFieldError, type FieldError } from './field-error';
import { kindRuleErrors } from './kind-rules';
import type { ObjectVerdict, VerdictError } from './object-verdict';
import { validateObjectMeta, validateObjectMetaUpdate } from './rules/object-meta';
import type { ClusterSpec } from '../../model/cluster-spec';

/** Decoding problems, or the metadata and rule errors of `value` (`oldValue` on update) as `served`. */
export function servedKindVerdict(
  served: ServedKind,
  value: ReadonlyJsonObject,
  oldValue: ReadonlyJsonObject | undefined,
  cluster: ClusterSpec,
): ObjectVerdict {
  const version = served.apiVersion.slice(served.apiVersion.lastIndexOf('/') + 1);
  const problems = decodeProblemsOfType({ root: served.root, kind: served.kind, version }, value, cluster.version);
  if (problems.length > 0) return { decode: problems };
  const errors: FieldError[] = [...metadataErrors(served, value, oldValue)];
  if (served.rules) errors.push(...kindRuleErrors(served.rules, value, oldValue, cluster));
  const seen = new Set<string>();
  const verdict: VerdictError[] = [];
  for (const error of errors) {
    const message = formatFieldError(error, cluster.version);
    if (seen.has(message)) continue;
    seen.add(message);
    verdict.push({ segments: [...error.path.segments], field: error.path.text, rule: error.rule, message });
  }
  return { errors: verdict };
}

// The update rules do not re-check the name (a legacy name stays updatable).
function metadataErrors(served: ServedKind, value: ReadonlyJsonObject, oldValue: ReadonlyJsonObject | undefined): FieldError[] {
  const object = withMetadata(value, served.namespaced);
  if (oldValue) return validateObjectMetaUpdate(object, withMetadata(oldValue, served.namespaced), served.namespaced);
  return validateObjectMeta(object, nameCheckOf(served.name), served.namespaced);
}

// kubectl sends a namespaced object to its context's namespace ("default") when the manifest names none.
function withMetadata(value: ReadonlyJsonObject, namespaced: boolean): JsonObject {
  const object = withoutNulls(value) as JsonObject;
  const metadata = (typeof object.metadata === 'object' && object.metadata !== null && !Array.isArray(object.metadata) ? object.metadata : {}) as JsonObject;
  if (namespaced && (metadata.namespace === undefined || metadata.namespace === '')) metadata.namespace = 'default';
  object.metadata = metadata;
  return object;
}
