// What the cluster derives from a Deployment manifest: defaults, rollout bounds, ReplicaSet name.
import {
  type ClusterSpec,
  isJsonObject,
  computePodTemplateHash,
  defaultDeployment,
  replicaSetNameFor,
  type Deployment,
  type IntOrString,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
  type PodTemplateSpec,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { resolveFenceposts } from './int-or-percent';
import { namespaceOf } from './service-selection';
import { writableCopyAs } from '../manifest/writable-copy';

/** A value as written, or the API server's default when the manifest leaves it out. */
export interface Defaulted<T> {
  value: T;
  isDefault: boolean;
}

/** The absolute pod counts a rolling update keeps to. */
export interface RollingBounds {
  /** maxSurge resolved against replicas (percentages round up). */
  surge: number;
  /** maxUnavailable resolved (percentages round down), clamped to replicas; 0/0 becomes 1. */
  unavailable: number;
  raisedUnavailable: boolean;
  /** replicas + surge: never more pods than this. */
  maxPods: number;
  /** replicas - unavailable: never fewer available pods than this. */
  minAvailable: number;
}

/** Facts about one Deployment. */
export interface DeploymentFacts {
  name: string;
  namespace: string;
  replicas: Defaulted<number>;
  strategyType: Defaulted<string>;
  maxSurge?: Defaulted<IntOrString>;
  maxUnavailable?: Defaulted<IntOrString>;
  /** Present for RollingUpdate; an error text when a value cannot be resolved. */
  bounds?: RollingBounds | { error: string };
  podTemplateHash?: string;
  /** `<deployment>-<pod-template-hash>`, the first ReplicaSet's name. */
  replicaSetName?: string;
}

function isIntOrString(value: ReadonlyJsonValue | undefined): value is IntOrString {
  return typeof value === 'string' || typeof value === 'number';
}

// The engine expects a well-formed Deployment; a manifest being typed can be anything, so only
// the shapes the defaulting walks are checked here and anything else skips the derived facts.
function hasDefaultableShape(value: ReadonlyJsonObject): boolean {
  const spec = value.spec;
  if (!isJsonObject(spec) || !isJsonObject(value.metadata)) return false;
  const strategy = spec.strategy;
  if (strategy !== undefined && strategy !== null && !isJsonObject(strategy)) return false;
  const rollingUpdate = isJsonObject(strategy) ? strategy.rollingUpdate : undefined;
  return rollingUpdate === undefined || rollingUpdate === null || isJsonObject(rollingUpdate);
}

/** A scalar as text ("3", "true"); maps and lists (which the API would reject here) as JSON. */
export function scalarText(value: ReadonlyJsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function defaultedFrom<T>(written: ReadonlyJsonValue | undefined, effective: T): Defaulted<T> {
  return { value: effective, isDefault: written === undefined || written === null };
}

/** Computes the facts of a `kind: Deployment` object; undefined when its shape is unusable. */
export function computeDeploymentFacts(object: ManifestObject, cluster: ClusterSpec): DeploymentFacts | undefined {
  const value = object.value;
  if (!hasDefaultableShape(value)) return undefined;
  const spec = value.spec as ReadonlyJsonObject;
  const written = {
    replicas: spec.replicas,
    strategy: isJsonObject(spec.strategy) ? spec.strategy : undefined,
  };
  const writtenRolling = written.strategy && isJsonObject(written.strategy.rollingUpdate) ? written.strategy.rollingUpdate : undefined;
  const defaulted = defaultDeployment(writableCopyAs<Deployment>(value), cluster).spec;
  const replicas = typeof defaulted.replicas === 'number' ? defaulted.replicas : 1;
  const strategyType = scalarText(defaulted.strategy?.type as ReadonlyJsonValue | undefined) ?? 'RollingUpdate';
  const facts: DeploymentFacts = {
    name: object.name ?? '',
    namespace: namespaceOf(object),
    replicas: defaultedFrom(written.replicas, replicas),
    strategyType: defaultedFrom(written.strategy?.type, strategyType),
  };
  if (strategyType === 'RollingUpdate') {
    const rolling = defaulted.strategy?.rollingUpdate ?? {};
    const maxSurge = isIntOrString(rolling.maxSurge) ? rolling.maxSurge : undefined;
    const maxUnavailable = isIntOrString(rolling.maxUnavailable) ? rolling.maxUnavailable : undefined;
    if (maxSurge !== undefined) facts.maxSurge = defaultedFrom(writtenRolling?.maxSurge, maxSurge);
    if (maxUnavailable !== undefined) facts.maxUnavailable = defaultedFrom(writtenRolling?.maxUnavailable, maxUnavailable);
    facts.bounds = computeRollingBounds(maxSurge, maxUnavailable, replicas);
  }
  const template = defaulted.template;
  const hash = facts.name && isJsonObject(template as ReadonlyJsonValue) ? podTemplateHashOf(template, cluster) : undefined;
  if (hash) {
    facts.podTemplateHash = hash;
    facts.replicaSetName = replicaSetNameFor(facts.name, hash);
  }
  return facts;
}

// A fresh Deployment has no collisionCount (nil: nothing appended to the hash). The engine
// expects a decodable template; while a manifest is being typed it may not be one.
function podTemplateHashOf(template: PodTemplateSpec, cluster: ClusterSpec): string | undefined {
  try {
    return computePodTemplateHash(template, undefined, cluster);
  } catch {
    return undefined;
  }
}

// Follows MaxSurge, MaxUnavailable and MinAvailable, pkg/controller/deployment/util/deployment_util.go:
// surge is not clamped, unavailable is clamped to replicas (and 0 when replicas is 0).
/** Bounds of a rolling update of `replicas` pods: 25%/25% of 10 gives at most 13 pods, at least 8 available. */
export function computeRollingBounds(
  maxSurge: IntOrString | undefined,
  maxUnavailable: IntOrString | undefined,
  replicas: number,
): RollingBounds | { error: string } {
  const fenceposts = resolveFenceposts(maxSurge, maxUnavailable, replicas);
  if ('error' in fenceposts) return fenceposts;
  const unavailable = replicas === 0 ? 0 : Math.min(fenceposts.unavailable, replicas);
  return {
    surge: fenceposts.surge,
    unavailable,
    raisedUnavailable: fenceposts.raisedUnavailable,
    maxPods: replicas + fenceposts.surge,
    minAvailable: replicas - unavailable,
  };
}
