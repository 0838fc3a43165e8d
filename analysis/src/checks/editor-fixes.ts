// Quick fixes where the finding already knows the answer: a kind or apiVersion one typo from a served one, and a
// rolling update with maxSurge and maxUnavailable both 0.
import { kindMatchOf, type ClusterSpec } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import type { FindingFix } from './check-context';
import { valueAt } from './label-selector';
import { insertMapEntries, replaceValue, yamlScalar } from './yaml-edits';

/** `kind: Deploymnet` -> Deployment, `apiVersion: apps/v7` -> apps/v1, `apiVersion: app/v1` -> apps/v1 (kubectl's discovery, per release). */
export function servedKindFixes(object: ManifestObject, cluster: ClusterSpec): FindingFix[] {
  const match = kindMatchOf(object.apiVersion, object.kind, cluster.version);
  if (match.status === 'no-match' && match.closest !== undefined) {
    const field = match.wrong === 'kind' ? 'kind' : 'apiVersion';
    const edit = replaceValue(object, [field], yamlScalar(match.closest));
    return edit ? [{ title: `Change ${field} to ${match.closest}`, edits: [edit], isPreferred: true }] : [];
  }
  if (match.status === 'no-match-group' && match.closest !== undefined) {
    const group = object.apiVersion.slice(0, object.apiVersion.indexOf('/'));
    const apiVersion = `${match.closest}${object.apiVersion.slice(group.length)}`;
    const edit = replaceValue(object, ['apiVersion'], yamlScalar(apiVersion));
    return edit ? [{ title: `Change apiVersion to ${apiVersion}`, edits: [edit], isPreferred: true }] : [];
  }
  return [];
}

// Where each kind keeps its rolling update parameters.
const ROLLING_UPDATE_PATHS: Record<string, string[]> = {
  Deployment: ['spec', 'strategy', 'rollingUpdate'],
  DaemonSet: ['spec', 'updateStrategy', 'rollingUpdate'],
};

/**
 * maxSurge and maxUnavailable both 0 (ValidateRollingUpdateDeployment, ValidateRollingUpdateDaemonSet): set one to 1.
 * Preferred is maxUnavailable 1, which is what the Deployment controller itself uses when both resolve to 0
 * (ResolveFenceposts, pkg/controller/deployment/util/deployment_util.go) and the DaemonSet default
 * (SetDefaults_DaemonSet); maxSurge 1 keeps every pod serving but needs room for one more pod.
 */
export function rollingZeroFixes(object: ManifestObject): FindingFix[] {
  const path = ROLLING_UPDATE_PATHS[object.kind];
  if (!path) return [];
  const fixes: FindingFix[] = [];
  const unavailable = replaceValue(object, [...path, 'maxUnavailable'], '1');
  const controller = object.kind === 'Deployment' ? 'what the Deployment controller uses when both resolve to 0' : 'the DaemonSet default';
  if (unavailable) fixes.push({ title: `Set maxUnavailable to 1 (${controller})`, edits: [unavailable], isPreferred: true });
  const surge =
    valueAt(object.value, [...path, 'maxSurge']) === undefined
      ? insertMapEntries(object, path, [{ key: 'maxSurge', value: '1' }])
      : replaceValue(object, [...path, 'maxSurge'], '1');
  if (surge) fixes.push({ title: 'Set maxSurge to 1 (one extra pod during a rollout)', edits: [surge] });
  return fixes;
}
