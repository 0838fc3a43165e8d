// Rolling-update parameters that pass validation but do not do what they say.
import { gateOverrideOf, isFeatureEnabled, maxUnavailableStatefulSetPatchNote, type ReadonlyJsonValue, isJsonObject } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { valueAt } from './label-selector';
import { replaceValue } from './yaml-edits';

/** An intstr scaled against `total`; undefined when it is not an int or `NN%`. Follows GetScaledValueFromIntOrPercent. */
export function scaleIntOrPercent(value: ReadonlyJsonValue | undefined, total: number, roundUp: boolean): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value !== 'string') return undefined;
  const match = /^([0-9]+)%$/.exec(value);
  if (!match) return undefined;
  const scaled = (Number(match[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/**
 * maxSurge rounds up and maxUnavailable rounds down (ResolveFenceposts, deployment_util.go). When
 * both come out 0 for the replica count, the controller sets maxUnavailable to 1: 1 replica with
 * maxSurge 0 and maxUnavailable 25% takes the only pod down on every rollout. Both literally 0 is
 * a validation error (reported by the API-server rules, not here).
 */
export function checkZeroFenceposts(object: ManifestObject, _context: CheckContext): CheckFinding[] {
  if (object.kind !== 'Deployment') return [];
  const strategy = valueAt(object.value, ['spec', 'strategy']);
  const type = isJsonObject(strategy) ? strategy.type : undefined;
  if (type !== undefined && type !== 'RollingUpdate') return [];
  const replicasValue = valueAt(object.value, ['spec', 'replicas']);
  const replicas = replicasValue === undefined ? 1 : replicasValue;
  if (typeof replicas !== 'number' || replicas <= 0) return [];
  const surgeValue = valueAt(object.value, ['spec', 'strategy', 'rollingUpdate', 'maxSurge']) ?? '25%';
  const unavailableValue = valueAt(object.value, ['spec', 'strategy', 'rollingUpdate', 'maxUnavailable']) ?? '25%';
  const surge = scaleIntOrPercent(surgeValue, replicas, true);
  const unavailable = scaleIntOrPercent(unavailableValue, replicas, false);
  if (surge !== 0 || unavailable !== 0) return [];
  if (isLiteralZero(surgeValue) && isLiteralZero(unavailableValue)) return [];
  const finding: CheckFinding = {
    ...spanForPath(object, ['spec', 'strategy', 'rollingUpdate', 'maxUnavailable']),
    severity: 'warning',
    code: 'rolling-update-zero-fenceposts',
    field: 'spec.strategy.rollingUpdate',
    message:
      `With ${replicas} replica${replicas === 1 ? '' : 's'}, maxSurge ${String(surgeValue)} (rounded ` +
      `up) and maxUnavailable ${String(unavailableValue)} (rounded down) both come to 0 pods. ` +
      `The controller then allows 1 unavailable pod, so each rollout takes a pod down before its ` +
      `replacement is ready${replicas === 1 ? ' (here: the only pod)' : ''}.`,
  };
  const replacement = typeof surgeValue === 'string' ? '25%' : '1';
  const edit = replaceValue(object, ['spec', 'strategy', 'rollingUpdate', 'maxSurge'], replacement);
  if (edit) finding.fixes = [{ title: `Set maxSurge to ${replacement}`, edits: [edit], isPreferred: true }];
  return [finding];
}

function isLiteralZero(value: ReadonlyJsonValue): boolean {
  return value === 0 || value === '0%';
}

/**
 * The MaxUnavailableStatefulSet gate by release comes from the engine's feature-gate table (the
 * same one the defaulting, the StatefulSet controller and the hover use): off through 1.36, on in
 * 1.37. 1.35 means its newest patch: the gate was on in 1.35.0-1.35.3 and is off from 1.35.4, and
 * the message says so. With the gate off, the API server drops maxUnavailable
 * (dropStatefulSetDisabledFields) and pods update one at a time. A cluster profile's featureGates
 * override the release default (context.cluster), and then the message names the profile instead.
 */
export function checkStatefulSetMaxUnavailable(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'StatefulSet') return [];
  const path = ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable'];
  if (valueAt(object.value, path) === undefined) return [];
  const version = context.cluster.version;
  if (isFeatureEnabled('MaxUnavailableStatefulSet', context.cluster)) return [];
  // A profile that switches the gate off says so; otherwise the release default is the reason.
  const overridden = gateOverrideOf('MaxUnavailableStatefulSet', context.cluster) !== undefined;
  const patchNote = maxUnavailableStatefulSetPatchNote(context.cluster);
  const when = overridden
    ? `is off in this cluster (${patchNote ?? 'switched off by the cluster profile'})`
    : patchNote
      ? `is off by default in Kubernetes ${version} (${patchNote})`
      : `is off by default in Kubernetes ${version}`;
  return [
    {
      ...spanForPath(object, path),
      severity: 'warning',
      code: 'statefulset-max-unavailable-dropped',
      field: 'spec.updateStrategy.rollingUpdate.maxUnavailable',
      message:
        `The MaxUnavailableStatefulSet feature gate ${when}: the API server silently drops maxUnavailable ` +
        `unless the stored StatefulSet already uses it, and the rolling update replaces one pod at a time.`,
    },
  ];
}
