// batch/v1 Job and CronJob as the simulated cluster stores them: the fields the Job and CronJob
// controllers and kubectl's printers read, the rest of the defaulted manifest kept as JSON.
import type { JsonObject, LabelSelector, ObjectMeta, PodTemplateSpec } from './objects';

/** batch/v1 JobCondition. Times are RFC 3339 text, as the API serves them. */
export interface JobCondition {
  type: 'Complete' | 'Failed' | 'Suspended' | 'FailureTarget' | 'SuccessCriteriaMet';
  status: 'True' | 'False';
  reason?: string;
  message?: string;
  lastProbeTime?: string;
  lastTransitionTime?: string;
}

/** batch/v1 JobSpec after defaulting (SetDefaults_Job). */
export interface JobSpec extends JsonObject {
  template: PodTemplateSpec & JsonObject;
  selector: LabelSelector & JsonObject;
  completionMode: 'NonIndexed' | 'Indexed';
  suspend: boolean;
  backoffLimit: number;
  parallelism: number;
}

/** batch/v1 JobStatus. */
interface JobStatus {
  startTime?: string;
  completionTime?: string;
  active?: number;
  ready?: number;
  terminating?: number;
  succeeded?: number;
  failed?: number;
  completedIndexes?: string;
  failedIndexes?: string;
  conditions?: JobCondition[];
}

/** batch/v1 Job. */
export interface Job {
  apiVersion: 'batch/v1';
  kind: 'Job';
  metadata: ObjectMeta;
  spec: JobSpec;
  status: JobStatus;
}

/** core/v1 ObjectReference of a Job in a CronJob's status.active. */
export interface JobReference {
  apiVersion: string;
  kind: 'Job';
  name: string;
  namespace: string;
  uid: string;
  resourceVersion?: string;
}

/** batch/v1 CronJob after defaulting (SetDefaults_CronJob). */
export interface CronJob {
  apiVersion: 'batch/v1';
  kind: 'CronJob';
  metadata: ObjectMeta;
  spec: JsonObject & {
    schedule: string;
    timeZone?: string;
    startingDeadlineSeconds?: number;
    concurrencyPolicy: 'Allow' | 'Forbid' | 'Replace';
    suspend: boolean;
    successfulJobsHistoryLimit: number;
    failedJobsHistoryLimit: number;
    jobTemplate: { metadata?: JsonObject & { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: JsonObject };
  };
  status: { active?: JobReference[]; lastScheduleTime?: string; lastSuccessfulTime?: string };
}
