// The policy/v1 PodDisruptionBudget as the simulated cluster stores it (the fields the eviction API and
// the disruption count read).
import type { MatchableSelector } from './label-selection';
import type { IntOrString, ObjectMeta } from './objects';

/** A stored PodDisruptionBudget. */
export interface PodDisruptionBudget {
  apiVersion: string;
  kind: 'PodDisruptionBudget';
  metadata: ObjectMeta;
  spec: { selector?: MatchableSelector; minAvailable?: IntOrString; maxUnavailable?: IntOrString; unhealthyPodEvictionPolicy?: string };
}
