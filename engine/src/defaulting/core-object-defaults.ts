// core/v1 defaulting of whole objects, beyond a pod template's: SetDefaults_Pod and SetDefaults_Secret
// (kubernetes pkg/apis/core/v1/defaults.go).
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonObject, PodTemplateSpec } from '../model/objects';
import { defaultPodTemplateInPlace } from './pod-defaults';

function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/**
 * A bare Pod as the API server stores it, changed in place: the pod-spec defaults every template gets,
 * then what only a Pod gets (SetDefaults_Pod): requests copied from limits where a container sets no
 * request of that resource, enableServiceLinks true, and with hostNetwork each port's hostPort set to
 * its containerPort.
 */
export function defaultPodInPlace(pod: JsonObject, clusterSpec: ClusterSpec, oldPod: JsonObject | undefined): void {
  defaultPodTemplateInPlace(pod as unknown as PodTemplateSpec, clusterSpec, oldPod as unknown as PodTemplateSpec | undefined);
  const spec = asObject(pod.spec)!;
  for (const list of ['containers', 'initContainers']) {
    for (const item of Array.isArray(spec[list]) ? (spec[list] as unknown[]) : []) {
      const resources = asObject(asObject(item)?.resources);
      const limits = asObject(resources?.limits);
      if (!resources || !limits) continue;
      const requests = asObject(resources.requests) ?? {};
      for (const [name, quantity] of Object.entries(limits)) if (!(name in requests)) requests[name] = quantity;
      resources.requests = requests;
    }
  }
  if (spec.enableServiceLinks === undefined || spec.enableServiceLinks === null) spec.enableServiceLinks = true;
  if (spec.hostNetwork === true) {
    for (const list of ['containers', 'initContainers']) {
      for (const item of Array.isArray(spec[list]) ? (spec[list] as unknown[]) : []) {
        for (const port of Array.isArray(asObject(item)?.ports) ? (asObject(item)!.ports as unknown[]) : []) {
          const entry = asObject(port);
          if (entry && !entry.hostPort) entry.hostPort = entry.containerPort ?? 0;
        }
      }
    }
  }
}

/** SetDefaults_Secret: a Secret without a type is Opaque. Changed in place. */
export function defaultSecretInPlace(secret: JsonObject): void {
  if (!secret.type) secret.type = 'Opaque';
}
