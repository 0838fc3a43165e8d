// The kubelet's `Unhealthy` events of a readiness probe that keeps failing, for `kubectl describe pod`.
// prober.go probe records `<Kind> probe failed: <output>` (events.ContainerUnhealthy, a Warning) on every
// failed run, whatever the failureThreshold; the runs fall where the worker's ticker puts them
// (kubelet/prober-timing.ts). The output is the prober's own for a failure of each handler: the HTTP
// prober's status line (503 is assumed), the TCP prober's dial error (connection refused is assumed), the
// gRPC prober's NOT_SERVING answer, an exec command's output (assumed empty).
import type { ContainerTimes } from '../kubelet/container-timing';
import { probeSettings, probeTimes } from '../kubelet/prober-timing';
import type { JsonObject } from '../model/objects';

/** Runs listed at most for one container (a day of 1 s periods). */
const MAX_PROBE_RUNS = 86_400;

function asObject(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The port a probe targets: a number, or a named container port resolved (the name itself when unknown). */
function probePort(container: JsonObject, port: unknown): string {
  if (typeof port === 'number') return String(port);
  const named = Array.isArray(container.ports) ? container.ports.map(asObject).find((entry) => entry?.name === port) : undefined;
  return typeof named?.containerPort === 'number' ? String(named.containerPort) : String(port ?? '');
}

/** What the prober reports for a failed readiness run of `container` (the text after `Readiness probe failed: `). */
export function readinessFailureOutput(container: JsonObject, podIp: string): string {
  const probe = asObject(container.readinessProbe) ?? {};
  // http.go DoHTTPProbe: a status code of 400 or more.
  if (asObject(probe.httpGet)) return 'HTTP probe failed with statuscode: 503';
  // tcp.go DoTCPProbe: the dial error.
  const tcp = asObject(probe.tcpSocket);
  if (tcp) return `dial tcp ${podIp}:${probePort(container, tcp.port)}: connect: connection refused`;
  // grpc.go Probe: the health service answered but not SERVING.
  if (asObject(probe.grpc)) return 'service unhealthy (responded with "NOT_SERVING")';
  return '';
}

/** The times (ms, up to `now`) at which the readiness probe of `container` ran and failed. */
export function failedReadinessRuns(container: JsonObject, times: ContainerTimes, scheduledAt: number, now: number): number[] {
  const settings = probeSettings(container, 'readinessProbe');
  if (!settings) return [];
  const clock = { workerStart: scheduledAt, containerStart: times.startedRunningAt, startedAt: times.startedAt };
  return probeTimes(settings, 'readinessProbe', clock, MAX_PROBE_RUNS, now);
}
