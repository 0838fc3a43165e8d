// The analysis's front door: the server (LSP) and the CLI import the analysis only from here (the architecture
// test holds it). Each group below is one question a front-end asks; the modules behind it stay private.

// Checking a file or a workspace: YAML problems, per-object API-server verdicts, cross-object checks, quick fixes.
export { analyzeDocument, prepareAnalysis } from './analyze-document';
export { checkFile, type CheckOptions } from './check-file';
export { type Baseline, type CheckFinding, type FindingFix } from './checks/check-context';
export { runWorkspaceChecks, type WorkspaceCheckOptions } from './checks/run-workspace-checks';
export { fixesForValidationFinding } from './checks/validation-fixes';
export { type Finding, type FindingSeverity } from './validation/finding';
export { checkObject, precheckObject, primeObjectFindings, uncheckedObjects } from './validation/object-findings';
export { documentsOfPiece, type FilePiece, piecesOfFile, precomputeVerdicts, readPiece, type PieceReading } from './piece-reading';
export { coresForWorkerThreads } from './worker-cores';
export { apiLifecycleFindings } from './validation/api-lifecycle-findings';
export { WorkspaceIndex } from './workspace/workspace-index';
export { readSmallFile, scanFolder } from './workspace/scan-folder';
export { fileUriOfPath, normalizeUri, pathOfUri } from './workspace/file-uri';
export { compareNames } from './workspace/file-order';
export { HelmChartLookup } from './workspace/helm-chart';

// Manifests read as kubectl reads them, with [start, end) source offsets.
export { type ManifestFile, objectsOf, parseManifestFile } from './manifest/manifest-file';
export { type ManifestDocument } from './manifest/manifest-document';
export { MAX_ONE_SHOT_FILE_CHARS } from './manifest/input-limits';
export { locate, type ManifestObject, objectPathAt, spanForPath } from './manifest/manifest-document';
export { type SourceSpan } from './manifest/source-span';
export { type PathSegment } from './manifest/yaml-path';
export { LineIndex, type LinePosition } from './manifest/line-index';
export { readKubectlStream } from './manifest/kubectl-stream';
export { writableCopyAs } from './manifest/writable-copy';

// Facts: what hovers and code lenses say (names, rollout arithmetic, Services, environment).
export { API_REFERENCE } from './facts/api-reference';
export { computeDeploymentFacts, type Defaulted, type DeploymentFacts, type RollingBounds } from './facts/deployment-facts';
export { computeDaemonSetFacts, type DaemonSetFacts } from './facts/daemonset-facts';
export { computeRolloutCost, rolloutCostMarkdown } from './facts/rollout-cost';
export { computeStatefulSetFacts, statefulSetClaimName, type StatefulSetFacts, statefulSetPodDnsName, statefulSetPodName } from './facts/statefulset-facts';
export { computeContainerFacts, type ContainerFacts, type ProbeFact } from './facts/container-facts';
export { computeContainerEnvironment, type ContainerEnvironmentFacts } from './facts/container-environment';
export { computeServiceFacts, type ServiceFacts, type ServicePortFact, servicePortsReaching } from './facts/service-facts';
export { findSelectingServices, isService, type SelectingService, templateLabelsOf } from './facts/service-selection';
export { computeAutoscalerFacts } from './facts/autoscaler-facts';
export { computeDisruptionBudgetFacts } from './facts/disruption-budget-facts';
export { describeBinding, describePolicyRule, describeRoleRules } from './facts/rbac-facts';
export { findConfigConsumers } from './facts/config-consumers';

// The preview: does applying an edit roll out (the one verdict for the lens, the diagnostic and the panel), and the
// base it starts from (git HEAD, a revision, the file as first opened, a fresh create), resolved from the choice alone.
export { rolloutVerdict } from './checks/rollout-verdict';
export { type RolloutBaseChoice, resolveRolloutBase, rolloutBaseSources } from './preview/rollout-base';
export { OpenedTexts } from './preview/opened-texts';
export { previewTargetOf } from './preview/preview-target';
export { computeBatchFacts } from './facts/batch-facts';
export { isWorkloadPreviewObject, workloadPreviewFor, type WorkloadWhatIf } from './preview/workload-preview';
export { sameObjectIn, trafficCompanions } from './preview/traffic-companions';
export { rolloutCostLensTitle, rolloutLensTitle } from './preview/rollout-lens';
export { trafficLensesOf } from './preview/traffic-lens';
export { type IndexedObject } from './checks/indexed-object';
export { type GitFailure, readGitFile, readHeadCommit } from './preview/git-show';

// Kustomize: kustomizations rendered by the real kustomize, findings placed back on their sources.
export { isKustomizationFileName, keySpanOfField, type Kustomization, parseKustomization } from './kustomize/kustomization-file';
export { kustomizationAt, type KustomizeHost, loadKustomizationTree } from './kustomize/kustomization-tree';
export { isCheckedAlone, type KustomizeLayout, kustomizeLayoutOf } from './kustomize/kustomize-layout';
export { buildInMirror, describeKustomizeBinary, kustomizeBinary } from './kustomize/kustomize-process';
export { KustomizeSession } from './kustomize/kustomize-session';
export { RenderedNavigation } from './kustomize/rendered-navigation';
export { type KustomizeBuild, type RenderedKustomization, renderKustomization } from './kustomize/render-kustomization';
export { checkRenderedKustomization, renderingUri, type PlacedFinding } from './kustomize/check-kustomization';
export { diskHost, FirstReadFiles } from './kustomize/disk-host';
export { type GeneratedName, generatedNamesOf } from './kustomize/generated-names';
export { describeRollouts, generatedNameOf, generatorEntriesOf, generatorEntryAt, rolledOutWorkloads } from './kustomize/generator-facts';

// The cluster profile: `.kubesim.yaml` found upward, merged with settings and flags.
export { ClusterResolver } from './profile/cluster-resolver';
export { PROFILE_FILE_NAME } from './profile/cluster-profile';

// Reading files, limits and what is left unchecked.
export { capFindings } from './finding-cap';
export { findKustomizeBinaryAsync, removeStaleKustomizeMirrors, type KustomizeBinary } from './kustomize/kustomize-process';
export { UnreadableFileError, asUnreadable, readManifestFileSync } from './read-manifest-file';
export { notCheckedKindOf } from './validation/kind-match-findings';

// Helm: charts rendered by the real helm, findings placed on template lines and values keys.
export { chartToRender, checkHelmChart, renderedCrdsOf, type HelmCheckResult } from './helm/chart-check';
export { crdApiVersionsOf } from './custom-resources/crd-api-versions';
export { describeHelmBinary, helmBinary, runHelmTemplate } from './helm/helm-process';
export { HelmSession } from './helm/helm-session';
export { ChartBaselineTexts, type ChartBaselineKind } from './helm/chart-baseline';
export { changedValuesKeys, previewedWorkload, valuesEditOf, valuesRolloutTitle } from './helm/values-rollout';

// Schemas: what completion and hovers know of a field (documentation, type, enum values, fields), per kind.
export { BuiltinSchemaSource } from './schema/builtin-schema';
export { type FieldDocTable, fieldDocTableOf } from './schema/field-docs';
export { type FieldSchema, firstSchemaFor, type KindSchemaSource, schemaAt } from './schema/field-schema';
export { keyPositionAt, type KeyPosition } from './schema/key-position';

// Navigation: the outline of a file, folding, and the references between objects (go to definition, find references).
export { foldingLinesOf, outlineOf, type OutlineSymbol } from './navigation/outline';
export { findReferencesTo, objectReferenceAt, resolveReference } from './navigation/object-references';

// Custom resources in the editor: a field's schema (hover) and an object's properties (completion), from the CRDs in sight.
export { customResourceFieldAt, customResourcePropertiesAt, type CustomResourceField } from './custom-resources/schema-docs';
