// PodDisruptionBudgets that select no pods and HorizontalPodAutoscalers whose target is missing or
// cannot be scaled. Both follow the "what is applied together" rule: they speak only when something
// applied with the object makes pods (or is a workload of the target's kind) in its namespace, and the
// lookup for the missing thing searches everything the workspace renders.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding, type IndexedObject } from './check-context';
import { isNonEmptyLabelSelector, labelSelectorMatches, valueAt } from './label-selector';
import { togetherHasKindIn, togetherMakesPodsIn } from './folder-groups';

/** Any workload kind's pods count (Deployment, StatefulSet, DaemonSet, Job, a CronJob's template, a Pod). */
export function checkDisruptionBudgetTarget(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'PodDisruptionBudget' || !object.apiVersion.startsWith('policy/')) return [];
  const selector = valueAt(object.value, ['spec', 'selector']);
  if (!isNonEmptyLabelSelector(selector)) return [];
  const namespace = namespaceOf(object);
  // Pods made by nothing applied with the budget come from elsewhere (another folder, a chart, an operator).
  if (!togetherMakesPodsIn(context.appliedTogether, namespace)) return [];
  // Order does not matter here: the view's list, not the checked file's ordering of it.
  if (context.index.view.podSourcesIn(namespace).some((source) => labelSelectorMatches(selector, source.labels))) return [];
  return [
    {
      ...spanForPath(object, ['spec', 'selector']),
      severity: 'warning',
      code: 'pdb-selects-no-pods',
      field: 'spec.selector',
      message: `No pod template in namespace "${namespace}" matches this selector: the PodDisruptionBudget protects no pods.`,
    },
  ];
}

/** Kinds with a scale subresource that a workspace can define; other kinds (CRDs with a scale subresource) are not checked. */
export const SCALABLE_KINDS: ReadonlySet<string> = new Set(['Deployment', 'StatefulSet', 'ReplicaSet', 'ReplicationController']);

// Built-in workload kinds the API server serves without a scale subresource.
const UNSCALABLE_KINDS: ReadonlyMap<string, string> = new Map([
  ['DaemonSet', 'apps'],
  ['Job', 'batch'],
  ['CronJob', 'batch'],
  ['Pod', ''],
]);

/** The object named by an HPA's `scaleTargetRef` among `candidates` (same kind, name and namespace), if any. */
export function autoscalerTargetIn(hpa: ManifestObject, candidates: readonly IndexedObject[]): IndexedObject | undefined {
  const kind = valueAt(hpa.value, ['spec', 'scaleTargetRef', 'kind']);
  const name = valueAt(hpa.value, ['spec', 'scaleTargetRef', 'name']);
  const namespace = namespaceOf(hpa);
  return candidates.find(({ object: other }) => other.kind === kind && other.name === name && namespaceOf(other) === namespace);
}

/**
 * A target missing from the workspace, reported when something applied with the HPA is of the target's
 * kind in its namespace (a partial repository stays quiet); a target kind without a scale subresource
 * (a DaemonSet, a Job) always, since no cluster can scale it.
 */
export function checkAutoscalerTarget(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'HorizontalPodAutoscaler' || !object.apiVersion.startsWith('autoscaling/')) return [];
  const kind = valueAt(object.value, ['spec', 'scaleTargetRef', 'kind']);
  const name = valueAt(object.value, ['spec', 'scaleTargetRef', 'name']);
  const apiVersion = valueAt(object.value, ['spec', 'scaleTargetRef', 'apiVersion']);
  if (typeof kind !== 'string' || typeof name !== 'string') return [];
  const namespace = namespaceOf(object);
  const group = UNSCALABLE_KINDS.get(kind);
  if (group !== undefined && (apiVersion === undefined || groupOf(apiVersion) === group)) {
    return [
      {
        ...spanForPath(object, ['spec', 'scaleTargetRef', 'kind']),
        severity: 'warning',
        code: 'hpa-target-not-scalable',
        field: 'spec.scaleTargetRef.kind',
        // The controller's AbleToScale condition (FailedGetScale) when the scale subresource does not exist.
        message:
          `A ${kind} has no scale subresource: the autoscaler reports AbleToScale False (FailedGetScale, "the HPA controller was ` +
          `unable to get the target's current scale") and scales nothing.`,
      },
    ];
  }
  if (!SCALABLE_KINDS.has(kind)) return [];
  const together = togetherHasKindIn(context.appliedTogether, kind, namespace);
  if (!together || autoscalerTargetIn(object, context.index.objectsOfKind(kind))) return [];
  return [
    {
      ...spanForPath(object, ['spec', 'scaleTargetRef', 'name']),
      severity: 'warning',
      code: 'hpa-target-missing',
      field: 'spec.scaleTargetRef.name',
      message: `No ${kind} "${name}" in namespace "${namespace}" in the workspace: the autoscaler reports FailedGetScale and scales nothing.`,
    },
  ];
}

function groupOf(apiVersion: unknown): string | undefined {
  if (typeof apiVersion !== 'string') return undefined;
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}
