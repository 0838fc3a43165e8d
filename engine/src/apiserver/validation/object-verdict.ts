// What the simulated API server answers for one object on create or update: the decoding problems
// that stop a request before validation, or the field errors of validation after defaulting.
// Follows the create/update handlers of k8s.io/apiserver (decode, then the strategy's
// PrepareForCreate/Validate) and the aggregate that drops repeated messages (utilerrors.NewAggregate).
import type { ReadonlyJsonObject } from '../../model/objects';
import type { ClusterSpec } from '../../model/cluster-spec';
import { applyDefaults, defaultDecoded, type CheckedKind } from './apply-defaults';
import { decodeObject, type DecodeProblem } from './decode-check';
import { formatFieldError, type PathSegment } from './field-error';
import { validateObject } from './workload-rules';

/** One validation error, already formatted, with the path to find it in the source. */
export interface VerdictError {
  segments: PathSegment[];
  field: string;
  rule: string;
  message: string;
}

/** Decoding problems, or the validation errors (empty when the object is accepted). Plain data. */
export type ObjectVerdict = { decode: DecodeProblem[] } | { errors: VerdictError[] };

/**
 * The verdict of the API server of `clusterSpec`: its release, its feature gates (defaulting, drops and
 * gated rules) and its Service network (its families and node-port range decide some Service verdicts).
 */
export function objectVerdict(kind: CheckedKind, value: ReadonlyJsonObject, oldValue: ReadonlyJsonObject | undefined, clusterSpec: ClusterSpec): ObjectVerdict {
  const version = clusterSpec.version;
  // A request the API server cannot decode is rejected before validation runs; what it decodes is then defaulted.
  const decoding = decodeObject(kind, value, version);
  if ('problems' in decoding) return { decode: decoding.problems };
  const defaulted = defaultDecoded(kind, decoding.decoded, clusterSpec, oldValue);
  const oldDefaulted = oldValue ? applyDefaults(kind, oldValue, clusterSpec) : undefined;
  const seen = new Set<string>();
  const errors: VerdictError[] = [];
  for (const error of validateObject(kind, defaulted, oldDefaulted, clusterSpec)) {
    const message = formatFieldError(error, version);
    if (seen.has(message)) continue;
    seen.add(message);
    errors.push({ segments: [...error.path.segments], field: error.path.text, rule: error.rule, message });
  }
  return { errors };
}
