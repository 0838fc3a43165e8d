// Runs every workspace and gotcha check on one file and returns findings with documentation links.
import type { KubernetesVersion } from '../../../engine/src/index';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import type { Baseline, CheckContext, CheckFinding, IndexedObject, ObjectCheck } from './check-context';
import { checkAutoscalerTarget, checkDisruptionBudgetTarget } from './disruption-and-autoscaler-targets';
import { DOCS_LINKS } from './docs-links';
import { isIgnoredByAnnotation } from './ignore-annotations';
import { checkBaselineUpdate, checkImmutableSelector } from './immutable-change';
import { checkDeploymentNameLength, checkStatefulSetNameLength } from './name-length';
import { checkRolloutTrigger } from './rollout-trigger';
import { checkStatefulSetMaxUnavailable, checkZeroFenceposts } from './rolling-update-params';
import { checkServiceSelectsPods } from './service-selects-pods';
import { checkServiceHeadlessForStatefulSet, checkStatefulSetService } from './statefulset-service';
import { checkWorkloadSelectorOverlap } from './workload-selector-overlap';

const CHECKS: readonly ObjectCheck[] = [
  checkStatefulSetService,
  checkServiceHeadlessForStatefulSet,
  checkServiceSelectsPods,
  checkWorkloadSelectorOverlap,
  checkDisruptionBudgetTarget,
  checkAutoscalerTarget,
  checkStatefulSetNameLength,
  checkDeploymentNameLength,
  checkZeroFenceposts,
  checkStatefulSetMaxUnavailable,
  checkBaselineUpdate,
  checkImmutableSelector,
  checkRolloutTrigger,
];

/** What the workspace checks need beyond the file: the server passes these through checkFile's options. */
export interface WorkspaceCheckOptions {
  kubernetesVersion: KubernetesVersion;
  /** URI of the file being checked. */
  uri?: string;
  /** Objects of the other files of the workspace (the checked file's own objects are added here). */
  workspace?: readonly IndexedObject[];
  baseline?: Baseline;
  /** Given to checkFile, which then runs the update rules itself: the baseline update check stays quiet. */
  previous?: ManifestFile;
}

/**
 * The cross-manifest and gotcha findings of `file`, or none when `options.workspace` is absent:
 * checkFile callers opt in by passing a workspace (`[]` makes the file its own workspace, as for
 * a CLI run over one file). Templated documents have no objects and get nothing.
 */
export function runWorkspaceChecks(file: ManifestFile, options: WorkspaceCheckOptions): CheckFinding[] {
  if (options.workspace === undefined) return [];
  const own = objectsOf(file);
  const uri = options.uri;
  const others = (options.workspace ?? []).filter((entry) => uri === undefined || entry.uri !== uri);
  const context: CheckContext = {
    file,
    workspace: [...own.map((object) => ({ uri: uri ?? '', object })), ...others],
    kubernetesVersion: options.kubernetesVersion,
  };
  if (uri !== undefined) context.uri = uri;
  if (options.baseline) context.baseline = options.baseline;
  if (options.previous) context.updateRulesRan = true;
  const findings: CheckFinding[] = [];
  for (const object of own) {
    for (const check of CHECKS) {
      for (const finding of check(object, context)) {
        if (isIgnoredByAnnotation(object, finding.code)) continue;
        const href = DOCS_LINKS[finding.code];
        const trimmed = trimTrailingSpace(file.text, finding);
        findings.push(href ? { ...trimmed, href } : trimmed);
      }
    }
  }
  return findings;
}

// Block nodes end after their last line break; the underline should stop at the last character.
function trimTrailingSpace(text: string, finding: CheckFinding): CheckFinding {
  let end = finding.end;
  while (end > finding.start + 1 && /\s/.test(text[end - 1] ?? '')) end--;
  return end === finding.end ? finding : { ...finding, end };
}
