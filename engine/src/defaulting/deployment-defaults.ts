// apps/v1 Deployment defaulting (interim: the spec-level defaults only; see issue #3).
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { Deployment } from '../model/objects';
import { cloneJson } from '../model/clone';

/** Returns a copy of `deployment` with the API server's apps/v1 defaults (SetDefaults_Deployment). */
export function defaultDeployment(deployment: Deployment, _version: KubernetesVersion): Deployment {
  const copy = cloneJson(deployment);
  const spec = copy.spec;
  spec.replicas ??= 1;
  spec.strategy ??= {};
  spec.strategy.type ??= 'RollingUpdate';
  if (spec.strategy.type === 'RollingUpdate') {
    spec.strategy.rollingUpdate ??= {};
    spec.strategy.rollingUpdate.maxUnavailable ??= '25%';
    spec.strategy.rollingUpdate.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  spec.minReadySeconds ??= 0;
  copy.metadata.namespace ??= 'default';
  return copy;
}
