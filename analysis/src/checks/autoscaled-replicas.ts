// A Deployment or StatefulSet that sets spec.replicas while a HorizontalPodAutoscaler applied with it
// scales it: every `kubectl apply` of the manifest sets the replica count back to the file's value
// (apply patches spec.replicas like any field), then the autoscaler scales it again at its next sync.
// Kubernetes' documentation on migrating workloads to horizontal autoscaling advises removing
// spec.replicas from the manifest once an HPA manages it (the API server defaults it to 1 on create).
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding } from './check-context';
import { valueAt } from './label-selector';
import { togetherAutoscalersOf } from './folder-groups';

const SCALED_KINDS = new Set(['Deployment', 'StatefulSet']);

/** Reported on spec.replicas of a workload that an HPA in the same apply set targets. */
export function checkAutoscaledReplicas(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (!SCALED_KINDS.has(object.kind) || object.apiVersion !== 'apps/v1' || !object.name) return [];
  const replicas = valueAt(object.value, ['spec', 'replicas']);
  if (typeof replicas !== 'number') return [];
  const namespace = namespaceOf(object);
  // The first HPA applied with it (the file's own first) that targets it.
  const autoscaler = togetherAutoscalersOf(context.appliedTogether, object.kind, object.name, namespace)[0];
  if (!autoscaler) return [];
  return [
    {
      ...spanForPath(object, ['spec', 'replicas']),
      severity: 'warning',
      code: 'replicas-with-hpa',
      field: 'spec.replicas',
      message:
        `HorizontalPodAutoscaler "${autoscaler.object.name ?? ''}" scales this ${object.kind}: each kubectl apply of this manifest sets it ` +
        `back to ${replicas} replicas until the autoscaler scales it again. Remove spec.replicas from the manifest and let the autoscaler ` +
        'own it (Kubernetes docs: migrating Deployments and StatefulSets to horizontal autoscaling).',
    },
  ];
}
