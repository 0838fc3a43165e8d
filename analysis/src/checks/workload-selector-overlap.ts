// Two workloads in one namespace whose selectors overlap fight over the same pods.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding, type IndexedObject } from './check-context';
import { type ReadonlyJsonValue, isJsonObject } from '@kubesim/engine';
import { labelSelectorMatches, labelsOf, valueAt, type Labels } from './label-selector';
import { isSameObject, podSourceOf, SELECTOR_WORKLOAD_KINDS } from './pod-templates';
import { namedList } from './named-list';
import { ownFirst } from './folder-groups';

/**
 * Deployments, ReplicaSets, StatefulSets and DaemonSets adopt every pod their selector matches.
 * When one selector matches the pod template of another workload, both controllers claim those
 * pods (the Deployment docs: "do not overlap labels or selectors with other controllers").
 */
export function checkWorkloadSelectorOverlap(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (!SELECTOR_WORKLOAD_KINDS.has(object.kind)) return [];
  const selector = valueAt(object.value, ['spec', 'selector']);
  const namespace = namespaceOf(object);
  const own = podSourceOf({ uri: context.uri ?? '', object });
  // Only workloads applied together conflict: another file may be an alternative of this one.
  // The folder's lookup tables serve all its files; the file's own workloads come first, as in its array.
  const together = context.appliedTogether;
  const candidates = overlapCandidates(selectorWorkloadsIn(together.base, namespace), selector, own?.labels);
  const overlapping = ownFirst(candidates, together.ownUri, (candidate) => candidate.entry)
    .filter((candidate) => {
      const other = candidate.entry.object;
      if (isSameObject(other, object)) return false;
      if (other.kind === object.kind && other.name === object.name) return false;
      if (neverShareClaimedPods(object.kind, other.kind)) return false;
      return (
        (candidate.labels !== undefined && labelSelectorMatches(selector, candidate.labels)) ||
        (own !== undefined && labelSelectorMatches(candidate.selector, own.labels))
      );
    })
    .map((candidate) => candidate.entry);
  if (overlapping.length === 0) return [];
  // One object can sit in several files (alternative versions): name it once.
  const names = namedList(overlapping.map(({ object: other }) => `${other.kind}/${other.name ?? '?'}`));
  return [
    {
      ...spanForPath(object, ['spec', 'selector']),
      severity: 'warning',
      code: 'workload-selector-overlap',
      field: 'spec.selector',
      message:
        `This selector overlaps with ${names} in namespace "${namespace}": Kubernetes does not stop ` +
        `overlapping selectors, but the controllers might conflict and behave unexpectedly (a pod one ` +
        `of them orphans can be adopted by the other).`,
    },
  ];
}

/**
 * A StatefulSet claims only pods named after it (isMemberOf in getPodsForStatefulSet), and a
 * Deployment's ReplicaSets select on their own pod-template-hash label, which StatefulSet pods
 * never carry: a StatefulSet next to a Deployment or another StatefulSet can never take or lose
 * pods, whatever the selectors say.
 */
function neverShareClaimedPods(kind: string, otherKind: string): boolean {
  if (kind !== 'StatefulSet' && otherKind !== 'StatefulSet') return false;
  const other = kind === 'StatefulSet' ? otherKind : kind;
  return other === 'StatefulSet' || other === 'Deployment';
}

// Every workload is compared with the others of its namespace: group the workspace once per run
// (one run passes the same array for every object) instead of scanning it for each workload.
interface SelectorWorkload {
  entry: IndexedObject;
  selector: ReadonlyJsonValue | undefined;
  /** The pod template labels, when the workload has a template. */
  labels: Labels | undefined;
}

/** The workloads of one namespace, indexed by label pair so a selector meets only plausible partners. */
interface NamespaceWorkloads {
  workloads: SelectorWorkload[];
  /** "key=value" of template labels -> positions of the workloads carrying it. */
  byLabel: Map<string, number[]>;
  /** "key=value" of the first matchLabels entry of plain selectors -> positions. */
  bySelectorPair: Map<string, number[]>;
  /** Positions of selectors with matchExpressions or without matchLabels: always tried. */
  otherSelectors: number[];
}

const pairKey = (key: string, value: string) => `${key}\u0000${value}`;

function addTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

// A selector that is a map with matchLabels and no matchExpressions can only match templates
// carrying each of its pairs, so the index narrows each side of the comparison; the final answer
// is still decided by labelSelectorMatches, in workspace order.
function overlapCandidates(group: NamespaceWorkloads | undefined, selector: ReadonlyJsonValue | undefined, labels: Labels | undefined): SelectorWorkload[] {
  if (!group) return [];
  const positions = new Set<number>();
  const plain = plainSelectorPairs(selector);
  if (plain) {
    const first = plain[0]!;
    for (const position of group.byLabel.get(pairKey(first[0], first[1])) ?? []) positions.add(position);
  } else if (isJsonObject(selector)) {
    group.workloads.forEach((_, position) => positions.add(position));
  }
  if (labels) {
    for (const [key, value] of Object.entries(labels)) for (const position of group.bySelectorPair.get(pairKey(key, value)) ?? []) positions.add(position);
    for (const position of group.otherSelectors) positions.add(position);
  }
  return [...positions].sort((a, b) => a - b).map((position) => group.workloads[position]!);
}

function plainSelectorPairs(selector: ReadonlyJsonValue | undefined): [string, string][] | undefined {
  if (!isJsonObject(selector)) return undefined;
  const expressions = selector.matchExpressions;
  if (Array.isArray(expressions) && expressions.length > 0) return undefined;
  const pairs = Object.entries(labelsOf(selector.matchLabels) ?? {});
  return pairs.length > 0 ? pairs : undefined;
}

// The workloads are split by namespace in one pass over the workspace array (the index makes one per change;
// asking namespace by namespace scanned the whole workspace once per namespace), and a namespace's lookup
// tables are built when it is first asked for: after an edit only the edited object's namespace is.
interface WorkloadsByNamespace {
  entries: Map<string, IndexedObject[]>;
  groups: Map<string, NamespaceWorkloads | undefined>;
}
const workloadsByWorkspace = new WeakMap<readonly IndexedObject[], WorkloadsByNamespace>();

function selectorWorkloadsIn(workspace: readonly IndexedObject[], namespace: string): NamespaceWorkloads | undefined {
  let split = workloadsByWorkspace.get(workspace);
  if (!split) {
    split = { entries: new Map(), groups: new Map() };
    for (const entry of workspace) if (SELECTOR_WORKLOAD_KINDS.has(entry.object.kind)) addTo(split.entries, namespaceOf(entry.object), entry);
    workloadsByWorkspace.set(workspace, split);
  }
  if (split.groups.has(namespace)) return split.groups.get(namespace);
  let group: NamespaceWorkloads | undefined;
  for (const entry of split.entries.get(namespace) ?? []) {
    const keys = indexKeysOf(entry);
    group ??= { workloads: [], byLabel: new Map(), bySelectorPair: new Map(), otherSelectors: [] };
    const position = group.workloads.push({ entry, selector: keys.selector, labels: keys.labels }) - 1;
    for (const labelPair of keys.labelPairs) addTo(group.byLabel, labelPair, position);
    if (keys.selectorPair !== undefined) addTo(group.bySelectorPair, keys.selectorPair, position);
    else if (keys.otherSelector) group.otherSelectors.push(position);
  }
  split.groups.set(namespace, group);
  return group;
}

/** What the index keeps of one workload; it depends only on the parsed value, which later parses share. */
interface WorkloadIndexKeys {
  selector: ReadonlyJsonValue | undefined;
  labels: Labels | undefined;
  labelPairs: string[];
  /** The first matchLabels pair of a plain selector. */
  selectorPair: string | undefined;
  /** A selector with matchExpressions or without matchLabels. */
  otherSelector: boolean;
}

// The workspace array changes with every edit; a workload's keys only with its own document.
const indexKeys = new WeakMap<object, WorkloadIndexKeys>();

function indexKeysOf(entry: IndexedObject): WorkloadIndexKeys {
  let keys = indexKeys.get(entry.object.value);
  if (keys === undefined) {
    const selector = valueAt(entry.object.value, ['spec', 'selector']);
    const labels = podSourceOf(entry)?.labels;
    const plain = plainSelectorPairs(selector);
    keys = {
      selector,
      labels,
      labelPairs: Object.entries(labels ?? {}).map(([label, value]) => pairKey(label, value)),
      selectorPair: plain ? pairKey(plain[0]![0], plain[0]![1]) : undefined,
      otherSelector: !plain && isJsonObject(selector),
    };
    indexKeys.set(entry.object.value, keys);
  }
  return keys;
}
