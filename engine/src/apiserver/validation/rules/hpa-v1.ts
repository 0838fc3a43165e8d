// An autoscaling/v1 HorizontalPodAutoscaler as the API server validates it: converted to the internal
// (v2-shaped) form first. Follows Convert_v1_HorizontalPodAutoscalerSpec_To_autoscaling_HorizontalPodAutoscalerSpec,
// kubernetes pkg/apis/autoscaling/v1/conversion.go: targetCPUUtilizationPercentage becomes a Resource
// metric on cpu with that average utilization. The metric annotations of v1 are not read.
import type { JsonObject } from '../../../model/objects';
import type { FieldError } from '../field-error';
import { asObject } from './json-access';

/** Runs `validate` on the v2 form of a v1 HPA; errors about the converted metric are found at targetCPUUtilizationPercentage. */
export function hpaV1AsV2(object: JsonObject, validate: (converted: JsonObject) => FieldError[]): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const converted: JsonObject = { ...spec };
  delete converted.targetCPUUtilizationPercentage;
  if (spec.targetCPUUtilizationPercentage !== undefined) {
    converted.metrics = [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } },
    ];
  }
  return validate({ ...object, spec: converted }).map((error) =>
    error.path.text.startsWith('spec.metrics') ? { ...error, path: error.path.locatedAt('spec', 'targetCPUUtilizationPercentage') } : error,
  );
}
