// apps/v1 DaemonSet as the simulated cluster stores it: the fields the DaemonSet controller and
// kubectl's printers read, the rest of the defaulted manifest kept as JSON.
import type { IntOrString, JsonObject, LabelSelector, ObjectMeta, PodTemplateSpec } from './objects';

/** apps/v1 DaemonSetSpec after defaulting (SetDefaults_DaemonSet). */
export interface DaemonSetSpec {
  selector: LabelSelector & JsonObject;
  template: PodTemplateSpec & JsonObject;
  updateStrategy: { type: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { maxUnavailable?: IntOrString; maxSurge?: IntOrString } };
  minReadySeconds?: number;
  revisionHistoryLimit: number;
}

/** apps/v1 DaemonSetStatus. */
export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
}

/** apps/v1 DaemonSet. */
export interface DaemonSet {
  apiVersion: 'apps/v1';
  kind: 'DaemonSet';
  metadata: ObjectMeta;
  spec: DaemonSetSpec;
  status: DaemonSetStatus;
}
