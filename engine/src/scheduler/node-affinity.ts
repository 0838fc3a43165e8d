// Whether a pod may run on a node by its nodeSelector and its required node affinity, as the
// NodeAffinity plugin's Filter decides through component-helpers' nodeaffinity.RequiredNodeAffinity.Match
// (staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go) and
// apimachinery's labels.Requirement.Matches for each expression.
import type { ClusterNode } from '../model/cluster-nodes';
import { isJsonObject } from '../model/json-value';
import type { JsonObject, JsonValue } from '../model/objects';
import { parseGoInt64 } from './go-int';

/** A term's verdict: a term that fails to parse (NewRequirement's errors) matches no node. */
type TermVerdict = 'match' | 'no-match' | 'parse-error';

function stringsOf(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * One matchExpressions requirement against the node's labels, as labels.NewRequirement accepts it and
 * Requirement.Matches reads it: In/NotIn need values, Exists/DoesNotExist none, Gt/Lt one integer.
 */
function labelRequirementVerdict(requirement: JsonValue, labels: Readonly<Record<string, string>>): TermVerdict {
  if (!isJsonObject(requirement)) return 'parse-error';
  const key = typeof requirement.key === 'string' ? requirement.key : '';
  const values = stringsOf(requirement.values);
  const has = Object.prototype.hasOwnProperty.call(labels, key);
  const verdict = (holds: boolean): TermVerdict => (holds ? 'match' : 'no-match');
  switch (requirement.operator) {
    case 'In':
      return values.length === 0 ? 'parse-error' : verdict(has && values.includes(labels[key]!));
    case 'NotIn':
      return values.length === 0 ? 'parse-error' : verdict(!has || !values.includes(labels[key]!));
    case 'Exists':
      return values.length > 0 ? 'parse-error' : verdict(has);
    case 'DoesNotExist':
      return values.length > 0 ? 'parse-error' : verdict(!has);
    case 'Gt':
    case 'Lt': {
      const bound = values.length === 1 ? parseGoInt64(values[0]!) : undefined;
      if (bound === undefined) return 'parse-error';
      const actual = has ? parseGoInt64(labels[key]!) : undefined;
      if (actual === undefined) return 'no-match';
      return verdict(requirement.operator === 'Gt' ? actual > bound : actual < bound);
    }
    default:
      return 'parse-error';
  }
}

/** One matchFields requirement: only `metadata.name` exists as a node field, with In or NotIn of one value. */
function fieldRequirementVerdict(requirement: JsonValue, node: ClusterNode): TermVerdict {
  if (!isJsonObject(requirement)) return 'parse-error';
  const values = stringsOf(requirement.values);
  if ((requirement.operator !== 'In' && requirement.operator !== 'NotIn') || values.length !== 1) return 'parse-error';
  const fieldValue = requirement.key === 'metadata.name' ? node.name : undefined;
  const equal = fieldValue === values[0];
  return (requirement.operator === 'In' ? equal : !equal) ? 'match' : 'no-match';
}

/** Every requirement of a list; a parse error anywhere spoils the term (nodeSelectorRequirementsAsSelector). */
function requirementsVerdict(requirements: readonly JsonValue[], verdictOf: (requirement: JsonValue) => TermVerdict): TermVerdict {
  const verdicts = requirements.map(verdictOf);
  if (verdicts.includes('parse-error')) return 'parse-error';
  return verdicts.includes('no-match') ? 'no-match' : 'match';
}

/** nodeSelectorTerm.match: its expressions AND its fields; an empty term was dropped before (it selects nothing). */
function termMatches(term: JsonValue, node: ClusterNode): boolean {
  if (!isJsonObject(term)) return false;
  const expressions = Array.isArray(term.matchExpressions) ? term.matchExpressions : [];
  const fields = Array.isArray(term.matchFields) ? term.matchFields : [];
  if (expressions.length === 0 && fields.length === 0) return false;
  const labels = requirementsVerdict(expressions, (requirement) => labelRequirementVerdict(requirement, node.labels));
  const named = requirementsVerdict(fields, (requirement) => fieldRequirementVerdict(requirement, node));
  return labels === 'match' && named === 'match';
}

/** A v1.NodeSelector: its terms ORed (LazyErrorNodeSelector.Match); no term selects nothing. */
function nodeSelectorMatches(selector: JsonValue | undefined, node: ClusterNode): boolean {
  if (!isJsonObject(selector)) return false;
  const terms = Array.isArray(selector.nodeSelectorTerms) ? selector.nodeSelectorTerms : [];
  return terms.some((term) => termMatches(term, node));
}

/**
 * The pod's nodeSelector (every pair among the node's labels) and then its
 * `requiredDuringSchedulingIgnoredDuringExecution` node affinity, as RequiredNodeAffinity.Match.
 */
export function podMatchesNodeAffinity(podSpec: JsonObject | undefined, node: ClusterNode): boolean {
  const nodeSelector = podSpec?.nodeSelector;
  if (isJsonObject(nodeSelector)) {
    for (const [key, value] of Object.entries(nodeSelector)) if (node.labels[key] !== value) return false;
  }
  const affinity = podSpec?.affinity;
  const nodeAffinity = isJsonObject(affinity) ? affinity.nodeAffinity : undefined;
  const required = isJsonObject(nodeAffinity) ? nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  if (required === undefined || required === null) return true;
  return nodeSelectorMatches(required, node);
}

/**
 * The NodeAffinity plugin's PreFilter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go): when every
 * required term names its nodes with `metadata.name In [name]` (as the DaemonSet controller pins its pods), only
 * those nodes can pass Filter, and the scheduling cycle evaluates only them. Undefined when any term leaves other
 * nodes possible (or is read in a way this shortcut does not follow: then every node is evaluated, as before).
 */
export function affinityNodeNames(podSpec: JsonObject | undefined): ReadonlySet<string> | undefined {
  const affinity = podSpec?.affinity;
  const nodeAffinity = isJsonObject(affinity) ? affinity.nodeAffinity : undefined;
  const required = isJsonObject(nodeAffinity) ? nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  const terms = isJsonObject(required) && Array.isArray(required.nodeSelectorTerms) ? required.nodeSelectorTerms : [];
  if (terms.length === 0) return undefined;
  const names = new Set<string>();
  for (const term of terms) {
    // Within a term the requirements are ANDed: two different names leave no node, one name leaves that node.
    let named: string | undefined;
    const fields = isJsonObject(term) && Array.isArray(term.matchFields) ? term.matchFields : [];
    for (const requirement of fields) {
      if (!isJsonObject(requirement) || requirement.key !== 'metadata.name' || requirement.operator !== 'In') continue;
      const values = stringsOf(requirement.values);
      if (values.length !== 1) return undefined;
      if (named !== undefined && named !== values[0]) return undefined;
      named = values[0];
    }
    if (named === undefined) return undefined;
    names.add(named);
  }
  return names;
}
