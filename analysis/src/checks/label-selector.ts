// Label selectors over plain JSON: does a selector (Service map or LabelSelector) match labels?
import { isJsonObject, type JsonObject, type JsonValue } from '@kubesim/engine';

/** A string-to-string label map read from JSON; non-string values are ignored. */
export type Labels = Record<string, string>;

/** The value at `path` inside `value`, if every step exists. */
export function valueAt(value: JsonValue | undefined, path: readonly (string | number)[]): JsonValue | undefined {
  let current = value;
  for (const segment of path) {
    if (typeof segment === 'number') current = Array.isArray(current) ? current[segment] : undefined;
    else current = isJsonObject(current) ? current[segment] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/** A label map, or undefined when the value is not a map. Scalars are stringified as kubectl would reject them anyway. */
export function labelsOf(value: JsonValue | undefined): Labels | undefined {
  if (!isJsonObject(value)) return undefined;
  const labels: Labels = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') labels[key] = String(item);
  }
  return labels;
}

/**
 * True when a Service-style selector (a plain map) selects `labels`. Every pair must be present;
 * an empty map selects nothing here because a Service with `selector: {}` gets no endpoints managed.
 */
export function mapSelectorMatches(selector: Labels, labels: Labels): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([key, value]) => labels[key] === value);
}

/**
 * True when a metav1.LabelSelector selects `labels`. Follows LabelSelectorAsSelector in
 * apimachinery pkg/apis/meta/v1/helpers.go: matchLabels and every matchExpression must hold;
 * an empty selector matches everything, a missing one nothing.
 */
export function labelSelectorMatches(selector: JsonValue | undefined, labels: Labels): boolean {
  if (!isJsonObject(selector)) return false;
  // Workspace checks match every selector against many templates: read each selector once.
  let compiled = compiledSelectors.get(selector);
  if (!compiled) {
    compiled = compileLabelSelector(selector);
    compiledSelectors.set(selector, compiled);
  }
  const { matchLabels, expressions } = compiled;
  for (const [key, value] of matchLabels) if (labels[key] !== value) return false;
  return expressions.every((expression) => {
    if (!expression) return false;
    const has = Object.prototype.hasOwnProperty.call(labels, expression.key);
    switch (expression.operator) {
      case 'In':
        return has && expression.values.includes(labels[expression.key]!);
      case 'NotIn':
        return !has || !expression.values.includes(labels[expression.key]!);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default:
        return false;
    }
  });
}

interface CompiledSelector {
  matchLabels: [string, string][];
  /** undefined stands for a malformed expression, which matches nothing. */
  expressions: ({ key: string; operator: JsonValue | undefined; values: string[] } | undefined)[];
}

const compiledSelectors = new WeakMap<JsonObject, CompiledSelector>();

function compileLabelSelector(selector: JsonObject): CompiledSelector {
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  return {
    matchLabels: Object.entries(labelsOf(selector.matchLabels) ?? {}),
    expressions: expressions.map((expression) => {
      if (!isJsonObject(expression) || typeof expression.key !== 'string') return undefined;
      return { key: expression.key, operator: expression.operator, values: Array.isArray(expression.values) ? expression.values.map(String) : [] };
    }),
  };
}

/** True when a LabelSelector is usable for matching (has matchLabels or matchExpressions). */
export function isNonEmptyLabelSelector(selector: JsonValue | undefined): boolean {
  if (!isJsonObject(selector)) return false;
  const labels = labelsOf(selector.matchLabels);
  const expressions = selector.matchExpressions;
  return (labels !== undefined && Object.keys(labels).length > 0) || (Array.isArray(expressions) && expressions.length > 0);
}
