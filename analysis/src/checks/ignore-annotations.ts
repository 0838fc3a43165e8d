// Honours kube-linter and kube-score "ignore" annotations for the checks kubesim shares with them.
import type { ManifestObject } from '../manifest/manifest-document';
import { valueAt } from './label-selector';
import { isJsonObject } from '@kubesim/engine';

/**
 * Which kube-linter / kube-score check covers the same problem as a kubesim code. An object with
 * `ignore-check.kube-linter.io/<check>: "<reason>"` or `kube-score/ignore: "<check>,<check>"` in
 * its metadata.annotations does not get the kubesim finding either.
 *
 * | kubesim code                              | kube-linter                        | kube-score                                  |
 * | ----------------------------------------- | ---------------------------------- | ------------------------------------------- |
 * | statefulset-service-missing/-not-headless/-selector-mismatch | (none)              | statefulset-has-servicename                 |
 * | service-selects-no-pods                   | dangling-service                   | service-targets-pod                         |
 * | hpa-target-missing                        | dangling-horizontalpodautoscaler   | horizontalpodautoscaler-has-target          |
 * | deployment-selector-mismatch (H4)         | mismatching-selector               | deployment-pod-selector-labels-match-template-metadata-labels |
 * | statefulset-selector-mismatch (H4)        | mismatching-selector               | statefulset-pod-selector-labels-match-template-metadata-labels |
 */
const SHARED_CHECKS: Readonly<Record<string, { kubeLinter?: string; kubeScore?: string }>> = {
  'statefulset-service-missing': { kubeScore: 'statefulset-has-servicename' },
  'statefulset-service-not-headless': { kubeScore: 'statefulset-has-servicename' },
  'statefulset-service-selector-mismatch': { kubeScore: 'statefulset-has-servicename' },
  'service-selects-no-pods': { kubeLinter: 'dangling-service', kubeScore: 'service-targets-pod' },
  'hpa-target-missing': { kubeLinter: 'dangling-horizontalpodautoscaler', kubeScore: 'horizontalpodautoscaler-has-target' },
  'deployment-selector-mismatch': { kubeLinter: 'mismatching-selector', kubeScore: 'deployment-pod-selector-labels-match-template-metadata-labels' },
  'statefulset-selector-mismatch': { kubeLinter: 'mismatching-selector', kubeScore: 'statefulset-pod-selector-labels-match-template-metadata-labels' },
};

const KUBE_LINTER_PREFIX = 'ignore-check.kube-linter.io/';
const KUBE_SCORE_KEY = 'kube-score/ignore';

/** True when the object's annotations silence the kube-linter or kube-score twin of `code`. */
export function isIgnoredByAnnotation(object: ManifestObject, code: string): boolean {
  const shared = SHARED_CHECKS[code];
  if (!shared) return false;
  const annotations = valueAt(object.value, ['metadata', 'annotations']);
  if (!isJsonObject(annotations)) return false;
  if (shared.kubeLinter && Object.prototype.hasOwnProperty.call(annotations, KUBE_LINTER_PREFIX + shared.kubeLinter)) return true;
  const scoreIgnores = annotations[KUBE_SCORE_KEY];
  if (shared.kubeScore && typeof scoreIgnores === 'string') {
    return scoreIgnores
      .split(',')
      .map((item) => item.trim())
      .includes(shared.kubeScore);
  }
  return false;
}
