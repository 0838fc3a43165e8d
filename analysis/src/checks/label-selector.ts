// Label selectors over plain JSON: does a selector (Service map or LabelSelector) match labels?
import {
  isJsonObject,
  labelSelectorMatches as engineLabelSelectorMatches,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
  type Labels,
  type MatchableSelector,
} from '@kubesim/engine';

/** A string-to-string label map read from JSON. */
export type { Labels } from '@kubesim/engine';

/** The value at `path` inside `value`, if every step exists. */
export function valueAt(value: ReadonlyJsonValue | undefined, path: readonly (string | number)[]): ReadonlyJsonValue | undefined {
  let current = value;
  for (const segment of path) {
    if (typeof segment === 'number') current = Array.isArray(current) ? current[segment] : undefined;
    else current = isJsonObject(current) ? current[segment] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/** A label map, or undefined when the value is not a map. Scalars are stringified as kubectl would reject them anyway. */
export function labelsOf(value: ReadonlyJsonValue | undefined): Record<string, string> | undefined {
  if (!isJsonObject(value)) return undefined;
  const labels: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') labels[key] = String(item);
  }
  return labels;
}

/** True when a metav1.LabelSelector read from JSON selects `labels` (a missing one selects nothing). */
export function labelSelectorMatches(selector: ReadonlyJsonValue | undefined, labels: Labels): boolean {
  if (!isJsonObject(selector)) return false;
  // Workspace checks match every selector against many templates: read each selector once.
  let compiled = compiledSelectors.get(selector);
  if (!compiled) {
    compiled = compileLabelSelector(selector);
    compiledSelectors.set(selector, compiled);
  }
  return engineLabelSelectorMatches(compiled, labels);
}

const compiledSelectors = new WeakMap<ReadonlyJsonObject, MatchableSelector>();

// A malformed expression (no string key) becomes one with no known operator: it matches nothing.
function compileLabelSelector(selector: ReadonlyJsonObject): MatchableSelector {
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  return {
    matchLabels: labelsOf(selector.matchLabels) ?? {},
    matchExpressions: expressions.map((expression) => {
      if (!isJsonObject(expression) || typeof expression.key !== 'string') return { key: '', operator: '' };
      const operator = typeof expression.operator === 'string' ? expression.operator : '';
      return { key: expression.key, operator, values: Array.isArray(expression.values) ? expression.values.map(String) : [] };
    }),
  };
}

/** True when a LabelSelector is usable for matching (has matchLabels or matchExpressions). */
export function isNonEmptyLabelSelector(selector: ReadonlyJsonValue | undefined): boolean {
  if (!isJsonObject(selector)) return false;
  const labels = labelsOf(selector.matchLabels);
  const expressions = selector.matchExpressions;
  return (labels !== undefined && Object.keys(labels).length > 0) || (Array.isArray(expressions) && expressions.length > 0);
}
