// Which of a node's taints a pod does not tolerate, as v1helper.FindMatchingUntoleratedTaint
// (staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go) over Toleration.ToleratesTaint
// (staging/src/k8s.io/api/core/v1/toleration.go). The TaintToleration plugin's Filter asks for the
// NoSchedule and NoExecute taints; the DaemonSet controller asks the same question.
import type { NodeTaint } from '../model/cluster-nodes';
import { isJsonObject } from '../model/json-value';
import type { JsonValue } from '../model/objects';
import { parseGoInt64 } from './go-int';

function textOf(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Toleration.ToleratesTaint: an empty effect matches every effect, an empty key every key (with
 * Exists); Equal (or no operator) compares values, Exists matches any value, Lt/Gt compare the taint's
 * value with the toleration's as integers (the taint's below, or above, the toleration's).
 */
export function toleratesTaint(toleration: JsonValue, taint: NodeTaint): boolean {
  if (!isJsonObject(toleration)) return false;
  const effect = textOf(toleration.effect);
  if (effect !== '' && effect !== taint.effect) return false;
  const key = textOf(toleration.key);
  if (key !== '' && key !== taint.key) return false;
  const value = textOf(toleration.value);
  const taintValue = taint.value ?? '';
  switch (textOf(toleration.operator)) {
    case '':
    case 'Equal':
      return value === taintValue;
    case 'Exists':
      return true;
    case 'Lt':
    case 'Gt': {
      const bound = parseGoInt64(value);
      const actual = parseGoInt64(taintValue);
      if (bound === undefined || actual === undefined) return false;
      return toleration.operator === 'Lt' ? actual < bound : actual > bound;
    }
    default:
      return false;
  }
}

/**
 * The first taint with one of `effects` that no toleration tolerates, in the node's order, or undefined
 * when every such taint is tolerated.
 */
export function untoleratedTaint(
  tolerations: readonly JsonValue[] | undefined,
  taints: readonly NodeTaint[],
  effects: readonly NodeTaint['effect'][],
): NodeTaint | undefined {
  return taints.find((taint) => effects.includes(taint.effect) && !(tolerations ?? []).some((toleration) => toleratesTaint(toleration, taint)));
}
