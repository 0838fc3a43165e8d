// PodDisruptionBudgets that select no pods and HorizontalPodAutoscalers whose target is missing.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding } from './check-context';
import { isNonEmptyLabelSelector, labelSelectorMatches, valueAt } from './label-selector';

/** Like the Service check, silent when the namespace has no workload in the workspace. */
export function checkDisruptionBudgetTarget(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'PodDisruptionBudget' || !object.apiVersion.startsWith('policy/')) return [];
  const selector = valueAt(object.value, ['spec', 'selector']);
  if (!isNonEmptyLabelSelector(selector)) return [];
  // Order does not matter here: the view's list, not the checked file's ordering of it.
  const sources = context.index.view.podSourcesIn(namespaceOf(object));
  if (sources.length === 0 || sources.some((source) => labelSelectorMatches(selector, source.labels))) return [];
  return [
    {
      ...spanForPath(object, ['spec', 'selector']),
      severity: 'warning',
      code: 'pdb-selects-no-pods',
      field: 'spec.selector',
      message: `No pod template in namespace "${namespaceOf(object)}" matches this selector: the PodDisruptionBudget protects no pods.`,
    },
  ];
}

// Kinds an HPA commonly scales that a workspace can define; other kinds (CRDs with a scale subresource) are not checked.
const SCALABLE_KINDS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet', 'ReplicationController']);

/** Reported only when the workspace defines some object of the target kind, to stay quiet for partial repositories. */
export function checkAutoscalerTarget(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'HorizontalPodAutoscaler' || !object.apiVersion.startsWith('autoscaling/')) return [];
  const kind = valueAt(object.value, ['spec', 'scaleTargetRef', 'kind']);
  const name = valueAt(object.value, ['spec', 'scaleTargetRef', 'name']);
  if (typeof kind !== 'string' || typeof name !== 'string' || !SCALABLE_KINDS.has(kind)) return [];
  const namespace = namespaceOf(object);
  const sameKind = context.index.view.objectsOfKind(kind);
  if (sameKind.length === 0) return [];
  if (sameKind.some(({ object: other }) => other.name === name && namespaceOf(other) === namespace)) return [];
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
