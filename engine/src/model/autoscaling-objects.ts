// autoscaling/v2 HorizontalPodAutoscaler as the simulated cluster stores it (an autoscaling/v1 object is
// converted to this form on the way in, as the API server converts it): the spec fields the HPA
// controller and kubectl's printers read, the rest of the defaulted manifest kept as JSON.
import type { JsonObject, ObjectMeta } from './objects';

/** autoscaling/v2 CrossVersionObjectReference. */
export interface ScaleTargetReference {
  apiVersion?: string;
  kind: string;
  name: string;
}

/** autoscaling/v2 HorizontalPodAutoscalerCondition. */
export interface HpaCondition {
  type: 'AbleToScale' | 'ScalingActive' | 'ScalingLimited';
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
}

/** autoscaling/v2 MetricStatus of a Resource metric (the only source a session feeds). */
export interface ResourceMetricStatus {
  type: 'Resource';
  resource: { name: string; current: { averageUtilization?: number; averageValue?: string } };
}

/** autoscaling/v2 HorizontalPodAutoscalerSpec after defaulting. */
export interface HpaSpec extends JsonObject {
  scaleTargetRef: ScaleTargetReference & JsonObject;
  minReplicas: number;
  maxReplicas: number;
  metrics: JsonObject[];
}

/** autoscaling/v2 HorizontalPodAutoscalerStatus. */
export interface HpaStatus {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas: number;
  desiredReplicas: number;
  /** One entry per spec metric; an entry left empty (`{}`) when that metric could not be computed. */
  currentMetrics?: (ResourceMetricStatus | Record<string, never>)[];
  conditions?: HpaCondition[];
}

/** autoscaling/v2 HorizontalPodAutoscaler. */
export interface HorizontalPodAutoscaler {
  apiVersion: 'autoscaling/v2';
  kind: 'HorizontalPodAutoscaler';
  metadata: ObjectMeta;
  spec: HpaSpec;
  status: HpaStatus;
}
