// Two workloads in one namespace whose selectors overlap fight over the same pods.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding, type IndexedObject } from './check-context';
import type { JsonValue } from '../../../engine/src/index';
import { labelSelectorMatches, valueAt, type Labels } from './label-selector';
import { isSameObject, podSourceOf, SELECTOR_WORKLOAD_KINDS } from './pod-templates';

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
  const overlapping = selectorWorkloadsIn(context.workspace, namespace).filter((candidate) => {
    const other = candidate.entry.object;
    if (isSameObject(other, object)) return false;
    if (other.kind === object.kind && other.name === object.name) return false;
    return (candidate.labels !== undefined && labelSelectorMatches(selector, candidate.labels))
      || (own !== undefined && labelSelectorMatches(candidate.selector, own.labels));
  }).map((candidate) => candidate.entry);
  if (overlapping.length === 0) return [];
  const names = overlapping.map(({ object: other }) => `${other.kind}/${other.name ?? '?'}`).join(', ');
  return [{
    ...spanForPath(object, ['spec', 'selector']),
    severity: 'warning',
    code: 'workload-selector-overlap',
    field: 'spec.selector',
    message: `This selector overlaps with ${names} in namespace "${namespace}": both controllers would claim the same pods.`,
  }];
}

// Every workload is compared with the others of its namespace: group the workspace once per run
// (one run passes the same array for every object) instead of scanning it for each workload.
interface SelectorWorkload {
  entry: IndexedObject;
  selector: JsonValue | undefined;
  /** The pod template labels, when the workload has a template. */
  labels: Labels | undefined;
}

const workloadsByWorkspace = new WeakMap<readonly IndexedObject[], Map<string, SelectorWorkload[]>>();

function selectorWorkloadsIn(workspace: readonly IndexedObject[], namespace: string): SelectorWorkload[] {
  let byNamespace = workloadsByWorkspace.get(workspace);
  if (!byNamespace) {
    byNamespace = new Map();
    for (const entry of workspace) {
      if (!SELECTOR_WORKLOAD_KINDS.has(entry.object.kind)) continue;
      const key = namespaceOf(entry.object);
      const workload = { entry, selector: valueAt(entry.object.value, ['spec', 'selector']), labels: podSourceOf(entry)?.labels };
      const list = byNamespace.get(key);
      if (list) list.push(workload);
      else byNamespace.set(key, [workload]);
    }
    workloadsByWorkspace.set(workspace, byNamespace);
  }
  return byNamespace.get(namespace) ?? [];
}
