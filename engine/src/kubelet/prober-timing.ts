// When the kubelet's probe workers run a container's probes, following kubernetes pkg/kubelet/prober
// (worker.go run/doProbe, prober_manager.go UpdatePodStatus) and the probe defaults of SetDefaults_Probe.
//
// One worker per probe and container is added when the pod reaches the kubelet (prober_manager.go AddPod),
// and its ticker fires every periodSeconds from then on. worker.run sleeps a random part of the first period
// only while the kubelet itself started less than a period ago; the simulated kubelet has been up for long,
// so there is no jitter: ticks fall at workerStart + k * periodSeconds, exactly. A tick probes only once
// the container has run for initialDelaySeconds (doProbe compares whole seconds since StartedAt), and a
// readiness or liveness probe only once the container is started (its startupProbe passed). Besides the
// ticks, UpdatePodStatus asks the readiness worker for an immediate run when it sees a started container
// that is not ready yet: the simulation takes that run at the moment the container becomes started.
// A probe that succeeds is taken to answer at once (timeoutSeconds bounds only a failing probe).
import type { JsonObject } from '../model/objects';

/** A probe with SetDefaults_Probe's defaults filled in (seconds). */
interface ProbeSettings {
  initialDelaySeconds: number;
  timeoutSeconds: number;
  periodSeconds: number;
  successThreshold: number;
  failureThreshold: number;
}

/** The three probes of a container. */
export type ProbeKind = 'startupProbe' | 'readinessProbe' | 'livenessProbe';

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The container's probe of this kind with SetDefaults_Probe's defaults (timeout 1, period 10, thresholds 1 and 3), or undefined. */
export function probeSettings(container: JsonObject, kind: ProbeKind): ProbeSettings | undefined {
  const probe = container[kind];
  if (probe === null || typeof probe !== 'object' || Array.isArray(probe)) return undefined;
  const initialDelay = probe.initialDelaySeconds;
  return {
    initialDelaySeconds: typeof initialDelay === 'number' && initialDelay > 0 ? initialDelay : 0,
    timeoutSeconds: positive(probe.timeoutSeconds, 1),
    periodSeconds: positive(probe.periodSeconds, 10),
    successThreshold: positive(probe.successThreshold, 1),
    failureThreshold: positive(probe.failureThreshold, 3),
  };
}

/** The inputs of one probe worker (simulated ms). */
export interface ProbeWorkerClock {
  /** When the worker was added: the pod reached the kubelet (its ticker's phase). */
  workerStart: number;
  /** When the container started running (State.Running.StartedAt). */
  containerStart: number;
  /** When the container counts as started (startupProbe passed); readiness and liveness wait for it. */
  startedAt: number;
}

/** The first tick of a ticker started at `start` with `periodMs` that falls at or after `from`. */
function firstTickFrom(start: number, periodMs: number, from: number): number {
  if (from <= start) return start + periodMs;
  return start + Math.ceil((from - start) / periodMs) * periodMs;
}

/**
 * The times (ms) at which the worker of `kind` probes the container, from the first one on, at most `count`
 * of them and none after `until`. Startup probes run before the container is started; readiness and
 * liveness probes after it (worker.go doProbe).
 */
export function probeTimes(settings: ProbeSettings, kind: ProbeKind, clock: ProbeWorkerClock, count: number, until = Infinity): number[] {
  const periodMs = settings.periodSeconds * 1000;
  const eligible = clock.containerStart + settings.initialDelaySeconds * 1000;
  const from = kind === 'startupProbe' ? eligible : Math.max(eligible, clock.startedAt);
  const times: number[] = [];
  // UpdatePodStatus triggers the readiness worker once the container is started and not ready.
  if (kind === 'readinessProbe' && clock.startedAt >= eligible) times.push(clock.startedAt);
  let tick = firstTickFrom(clock.workerStart, periodMs, from);
  if (times.length > 0 && tick === times[0]) tick += periodMs;
  while (times.length < count && tick <= until) {
    times.push(tick);
    tick += periodMs;
  }
  return times.filter((time) => time <= until).slice(0, count);
}

/** When a probe that always succeeds flips its result to Success: its successThreshold-th run (worker.go doProbe). */
export function probeSucceedsAt(settings: ProbeSettings, kind: ProbeKind, clock: ProbeWorkerClock): number {
  return probeTimes(settings, kind, clock, settings.successThreshold).at(-1)!;
}
