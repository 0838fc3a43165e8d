// apps/v1 Deployment defaulting: SetDefaults_Deployment in pkg/apis/apps/v1/defaults.go, plus the
// core/v1 defaults of its pod template.
import type { ClusterSpec } from '../model/cluster-spec';
import type { Deployment } from '../model/objects';
import { cloneJson } from '../model/clone';
import { defaultPodTemplateInPlace } from './pod-defaults';

/**
 * Returns a copy of `deployment` with the API server's apps/v1 defaults (SetDefaults_Deployment) and
 * template defaults; on update, pass the stored `oldDeployment` so gated template fields it uses stay.
 */
export function defaultDeployment(deployment: Deployment, clusterSpec: ClusterSpec, oldDeployment?: Deployment): Deployment {
  return defaultDeploymentInPlace(cloneJson(deployment), clusterSpec, oldDeployment);
}

/** defaultDeployment on a Deployment the caller owns (its own fresh copy): changed in place, and returned. */
export function defaultDeploymentInPlace(copy: Deployment, clusterSpec: ClusterSpec, oldDeployment?: Deployment): Deployment {
  copy.metadata ??= { name: '' };
  const spec = copy.spec;
  spec.replicas ??= 1;
  spec.strategy ??= {};
  spec.strategy.type ||= 'RollingUpdate';
  // Recreate gets no rollingUpdate block (validation rejects one).
  if (spec.strategy.type === 'RollingUpdate') {
    spec.strategy.rollingUpdate ??= {};
    spec.strategy.rollingUpdate.maxUnavailable ??= '25%';
    spec.strategy.rollingUpdate.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  spec.minReadySeconds ??= 0;
  spec.template = defaultPodTemplateInPlace(spec.template, clusterSpec, oldDeployment?.spec?.template);
  copy.metadata.namespace ??= 'default';
  return copy;
}
