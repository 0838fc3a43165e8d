// A pod spec's start-up and shutdown in seconds under the default kubelet: what the analysis's rollout arithmetic
// (lens, hover, warnings) reads, from the same planning as the simulation (container-timing.ts, pod-termination.ts).
import type { JsonObject } from '../model/objects';
import { planContainers } from './container-timing';
import { defaultKubeletOptions } from './kubelet-options';
import { terminationSeconds } from './pod-termination';

/** What a pod spec's probes and lifecycle give under the default kubelet, in seconds. */
interface PodStartupSeconds {
  /** From creation until the pod is Ready (the probes' answer under the assumed image pull and start). */
  readySeconds: number;
  /** From deletion until the pod is gone (preStop, exit, within the grace period). */
  terminationSeconds: number;
}

/** When a pod of `spec` is Ready and how long its deletion takes, under the default kubelet options. */
export function podStartupSeconds(spec: JsonObject | undefined): PodStartupSeconds {
  const options = defaultKubeletOptions();
  return { readySeconds: planContainers(spec, 0, options).readyAt / 1000, terminationSeconds: terminationSeconds(spec, options) };
}
