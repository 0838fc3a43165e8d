// batch/v1 defaulting of Jobs and CronJobs as the API server applies it before validation:
// SetDefaults_Job, SetDefaults_CronJob and SetDefaults_PodFailurePolicyOnPodConditionsPattern
// (kubernetes pkg/apis/batch/v1/defaults.go), the pod template's core/v1 defaults, and the Job
// strategy's PrepareForCreate, which generates the selector and the pod labels
// (generateSelector, pkg/registry/batch/job/strategy.go).
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonObject, PodTemplateSpec } from '../model/objects';
import { defaultPodTemplateInPlace } from './pod-defaults';

/**
 * The uid the generated selector and labels carry. The API server assigns a fresh one on create, so
 * any value works for validation as long as it is the one the object's metadata says.
 */
const GENERATED_JOB_UID = '00000000-0000-0000-0000-000000000000';

const MAX_INT32 = 2147483647;

function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  const created: JsonObject = {};
  parent[key] = created;
  return created;
}

function isUnset(object: JsonObject, key: string): boolean {
  return object[key] === undefined || object[key] === null;
}

// The pod template of a Job or of a CronJob's jobTemplate, defaulted in place.
function defaultTemplate(spec: JsonObject, clusterSpec: ClusterSpec, oldSpec: JsonObject | undefined): void {
  const oldTemplate = oldSpec?.template as PodTemplateSpec | undefined;
  spec.template = defaultPodTemplateInPlace(objectAt(spec, 'template') as PodTemplateSpec, clusterSpec, oldTemplate) as unknown as JsonObject;
}

// SetDefaults_PodFailurePolicyOnPodConditionsPattern: a pattern without status matches True.
function defaultPodFailurePolicy(spec: JsonObject): void {
  const policy = spec.podFailurePolicy;
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) return;
  for (const rule of Array.isArray(policy.rules) ? policy.rules : []) {
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) continue;
    for (const pattern of Array.isArray(rule.onPodConditions) ? rule.onPodConditions : []) {
      if (typeof pattern === 'object' && pattern !== null && !Array.isArray(pattern) && !pattern.status) pattern.status = 'True';
    }
  }
}

/** SetDefaults_Job and the strategy's PrepareForCreate, on a Job the caller owns (changed in place). */
export function defaultJobInPlace(job: JsonObject, clusterSpec: ClusterSpec, oldJob: JsonObject | undefined): void {
  const metadata = objectAt(job, 'metadata');
  const spec = objectAt(job, 'spec');
  // Both unset: a non-parallel Job (one completion, one pod at a time).
  if (isUnset(spec, 'completions') && isUnset(spec, 'parallelism')) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  if (isUnset(spec, 'parallelism')) spec.parallelism = 1;
  if (isUnset(spec, 'backoffLimit')) spec.backoffLimit = isUnset(spec, 'backoffLimitPerIndex') ? 6 : MAX_INT32;
  const templateLabels = (spec.template as JsonObject | undefined)?.metadata as JsonObject | undefined;
  const labels = templateLabels?.labels;
  const ownLabels = metadata.labels;
  const hasOwnLabels = typeof ownLabels === 'object' && ownLabels !== null && Object.keys(ownLabels).length > 0;
  if (typeof labels === 'object' && labels !== null && !Array.isArray(labels) && !hasOwnLabels) metadata.labels = { ...labels };
  if (isUnset(spec, 'completionMode')) spec.completionMode = 'NonIndexed';
  if (isUnset(spec, 'suspend')) spec.suspend = false;
  defaultPodFailurePolicy(spec);
  // JobPodReplacementPolicy is on in every supported release (beta from 1.29, GA in 1.34).
  if (isUnset(spec, 'podReplacementPolicy')) spec.podReplacementPolicy = isUnset(spec, 'podFailurePolicy') ? 'TerminatingOrFailed' : 'Failed';
  if (isUnset(spec, 'manualSelector')) spec.manualSelector = false;
  defaultTemplate(spec, clusterSpec, oldJob?.spec as JsonObject | undefined);
  // PrepareForCreate; a stored Job keeps what it generated then, the same for the same name and uid.
  if (spec.manualSelector !== true) generateJobSelector(job);
}

// generateSelector: the job-name labels get the Job's name, the controller-uid labels its uid, and
// the selector selects batch.kubernetes.io/controller-uid. Labels the user already set are kept (a
// conflict is then reported by validation).
function generateJobSelector(job: JsonObject): void {
  const metadata = objectAt(job, 'metadata');
  if (typeof metadata.uid !== 'string' || metadata.uid === '') metadata.uid = GENERATED_JOB_UID;
  const uid = metadata.uid;
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const spec = objectAt(job, 'spec');
  const templateMetadata = objectAt(objectAt(spec, 'template'), 'metadata');
  const labels = objectAt(templateMetadata, 'labels');
  for (const key of ['job-name', 'batch.kubernetes.io/job-name']) if (!(key in labels)) labels[key] = name;
  for (const key of ['controller-uid', 'batch.kubernetes.io/controller-uid']) if (!(key in labels)) labels[key] = uid;
  const selector = objectAt(spec, 'selector');
  const matchLabels = objectAt(selector, 'matchLabels');
  if (!('batch.kubernetes.io/controller-uid' in matchLabels)) matchLabels['batch.kubernetes.io/controller-uid'] = uid;
}

/** SetDefaults_CronJob, with the job template's pod defaults, on a CronJob the caller owns (changed in place). */
export function defaultCronJobInPlace(cronJob: JsonObject, clusterSpec: ClusterSpec, oldCronJob: JsonObject | undefined): void {
  const spec = objectAt(cronJob, 'spec');
  if (!spec.concurrencyPolicy) spec.concurrencyPolicy = 'Allow';
  if (isUnset(spec, 'suspend')) spec.suspend = false;
  if (isUnset(spec, 'successfulJobsHistoryLimit')) spec.successfulJobsHistoryLimit = 3;
  if (isUnset(spec, 'failedJobsHistoryLimit')) spec.failedJobsHistoryLimit = 1;
  // SetDefaults_Job takes a Job, not a JobSpec: a job template gets only the nested defaulters.
  const jobSpec = objectAt(objectAt(spec, 'jobTemplate'), 'spec');
  defaultPodFailurePolicy(jobSpec);
  const oldJobSpec = ((oldCronJob?.spec as JsonObject | undefined)?.jobTemplate as JsonObject | undefined)?.spec as JsonObject | undefined;
  defaultTemplate(jobSpec, clusterSpec, oldJobSpec);
}
