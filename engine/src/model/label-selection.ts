// Whether a set of labels satisfies a selector. The one copy every layer uses: controllers, the
// API server's selector-matches-template rule, the endpoints controller and the editor's checks.
// A metav1.LabelSelector is read as LabelSelectorAsSelector reads it (apimachinery
// pkg/apis/meta/v1/helpers.go); a Service selector as the endpoints controllers read it.

/** A label map. */
export type Labels = Readonly<Record<string, string>>;

/** One matchExpressions entry; operators other than the four known ones match nothing. */
interface SelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

/** The fields of a metav1.LabelSelector that selection reads. */
export interface MatchableSelector {
  readonly matchLabels?: Labels;
  readonly matchExpressions?: readonly SelectorRequirement[];
}

/** A missing (nil) selector matches nothing; an empty one everything. */
export function labelSelectorMatches(selector: MatchableSelector | undefined, labels: Labels): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  return (selector.matchExpressions ?? []).every((requirement) => requirementHolds(requirement, labels));
}

function requirementHolds(requirement: SelectorRequirement, labels: Labels): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, requirement.key);
  const values = requirement.values ?? [];
  switch (requirement.operator) {
    case 'In':
      return has && values.includes(labels[requirement.key]!);
    case 'NotIn':
      return !has || !values.includes(labels[requirement.key]!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    default:
      return false;
  }
}

/**
 * A Service's plain-map selector: every pair present. An empty or missing map selects nothing: the
 * endpoints controllers skip a Service without a selector, and an empty map is stored as none.
 */
export function serviceSelectorMatches(selector: Labels | undefined, labels: Labels): boolean {
  if (!selector) return false;
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([key, value]) => labels[key] === value);
}
