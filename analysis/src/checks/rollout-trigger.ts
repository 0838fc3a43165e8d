// Tells whether applying the edited workload over its baseline version replaces pods (a rollout) or not.
import { isSemanticallyEqual } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { locate, spanForPath } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { describeBaseline, findBaselineObject } from './baseline-object';
import { isRejectedUpdate } from './immutable-change';
import { valueAt } from './label-selector';
import { rolloutVerdict } from './rollout-verdict';

const ROLLING_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

/**
 * A Deployment rolls out when its pod-template-hash changes, a StatefulSet or DaemonSet when its
 * ControllerRevision (built from spec.template) changes. Both hash the defaulted template, so two
 * templates that are equal once API defaults are filled in start nothing.
 */
export function checkRolloutTrigger(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (!ROLLING_KINDS.has(object.kind) || !object.apiVersion.startsWith('apps/')) return [];
  const old = findBaselineObject(object, context.baseline);
  if (!old || !context.baseline) return [];
  if (isSemanticallyEqual(old.value.spec, object.value.spec)) return [];
  // An update the API server rejects starts nothing; the rejection is reported instead.
  if (isRejectedUpdate(object, context)) return [];
  const revisions = rolloutVerdict(object, old, context.cluster);
  if (!revisions) return [];
  const span = locate(object, ['spec', 'template']).key ?? spanForPath(object, ['spec']);
  const against = describeBaseline(context.baseline);
  if (!revisions.changed) {
    return [
      {
        ...span,
        severity: 'hint',
        code: 'rollout-not-started',
        field: 'spec.template',
        message:
          `The pod template is unchanged from ${against} once the API server's defaults are filled in` +
          `${revisions.name ? ` (${revisions.nameKind} ${revisions.name} stays current)` : ''}: ` +
          `applying this replaces no pods.`,
      },
    ];
  }
  return [
    {
      ...span,
      severity: 'information',
      code: 'rollout-will-start',
      field: 'spec.template',
      message: `The pod template differs from ${against}: ${rolloutEffect(object, revisions.name)}`,
    },
  ];
}

function rolloutEffect(object: ManifestObject, revisionName: string | undefined): string {
  if (object.kind === 'Deployment') {
    const replicaSet = revisionName ? `ReplicaSet ${revisionName}` : 'a new ReplicaSet';
    if (valueAt(object.value, ['spec', 'paused']) === true) return `the Deployment is paused, so ${replicaSet} is created only when it is resumed.`;
    const type = valueAt(object.value, ['spec', 'strategy', 'type']);
    return type === 'Recreate'
      ? `applying this starts a rollout that deletes every old pod before ${replicaSet} creates new ones (strategy Recreate).`
      : `applying this starts a rolling update to ${replicaSet}.`;
  }
  const type = valueAt(object.value, ['spec', 'updateStrategy', 'type']);
  const revision = revisionName ? `revision ${revisionName}` : 'a new revision';
  if (type === 'OnDelete') return `applying this creates ${revision}, but pods are replaced only when you delete them (updateStrategy OnDelete).`;
  const partition = valueAt(object.value, ['spec', 'updateStrategy', 'rollingUpdate', 'partition']);
  const replicas = valueAt(object.value, ['spec', 'replicas']) ?? 1;
  if (object.kind === 'StatefulSet' && typeof partition === 'number' && typeof replicas === 'number' && partition >= replicas) {
    return `applying this creates ${revision}, but partition ${partition} ≥ replicas ${replicas}, so no pod is updated.`;
  }
  return object.kind === 'StatefulSet'
    ? `applying this creates ${revision} and starts a rolling update, from the highest ordinal down.`
    : 'applying this starts a rolling update of the DaemonSet pods.';
}
