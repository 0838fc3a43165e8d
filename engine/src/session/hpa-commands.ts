// Session commands for HorizontalPodAutoscalers: `kubectl get|describe|delete hpa`, `kubectl autoscale`
// (kubectl's AutoscaleOptions: autoscaling/v2 with --cpu from 1.34, where --cpu-percent is deprecated;
// autoscaling/v1 with targetCPUUtilizationPercentage before) and the metric a session feeds:
//
//   kubesim metric hpa/NAME RESOURCE VALUE [for DURATION]
//
// RESOURCE is a resource name (cpu, memory); VALUE is a share of each pod's request (`80%`) or a usage
// per pod as a quantity (`200m`, `300Mi`). From now on every running pod the HPA selects reports that
// value (metrics-server's view: a per-pod average that does not fall as pods are added); with
// `for DURATION` the clock then runs that long, every controller syncing on the way. A later metric
// line replaces the value from its own instant.
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import type { JsonObject } from '../model/objects';
import { isAtLeast } from '../model/kubernetes-version';
import { HorizontalPodAutoscalerController } from '../autoscaler/hpa-controller';
import { milliValueOfText, type MetricValue } from '../autoscaler/hpa-metrics';
import { storeHorizontalPodAutoscaler } from '../autoscaler/hpa-admission';
import { formatKubectlErrors } from '../kubectl/api-errors';
import { describeHorizontalPodAutoscaler, getHorizontalPodAutoscalers } from '../kubectl/hpa-get';
import { parseArguments, parseDuration } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';
import { runFor } from './simulation-clock';

const HPA_WORDS = ['hpa', 'horizontalpodautoscaler', 'horizontalpodautoscalers', 'horizontalpodautoscaler.autoscaling', 'horizontalpodautoscalers.autoscaling'];
const SCALABLE: Record<string, { kind: string; words: string[] }> = {
  deployment: { kind: 'Deployment', words: ['deployment', 'deployments', 'deploy', 'deployment.apps', 'deployments.apps'] },
  statefulset: { kind: 'StatefulSet', words: ['statefulset', 'statefulsets', 'sts', 'statefulset.apps', 'statefulsets.apps'] },
  replicaset: { kind: 'ReplicaSet', words: ['replicaset', 'replicasets', 'rs', 'replicaset.apps', 'replicasets.apps'] },
};

function target(positional: readonly string[]): { kind: string; name?: string } {
  const [first = '', second] = positional;
  const slash = first.indexOf('/');
  if (slash >= 0) return { kind: first.slice(0, slash), name: first.slice(slash + 1) };
  return second === undefined ? { kind: first } : { kind: first, name: second };
}

function usage(message: string): CommandResult {
  return { output: `error: ${message}`, error: true };
}

function hpaController(cluster: Cluster): HorizontalPodAutoscalerController | undefined {
  return cluster.controllers.find((controller): controller is HorizontalPodAutoscalerController => controller instanceof HorizontalPodAutoscalerController);
}

/** A metric value: `80%` (utilization) or a quantity (`200m`); undefined when it is neither. */
export function parseMetricValue(text: string): MetricValue | undefined {
  const percent = /^(\d+)%$/.exec(text);
  if (percent) return { utilization: Number(percent[1]) };
  const milli = milliValueOfText(text);
  return milli === undefined || milli < 0 ? undefined : { averageMilli: milli };
}

/** `kubesim metric hpa/NAME RESOURCE VALUE [for DURATION]`. */
function setMetric(cluster: Cluster, namespace: string, argv: string[]): CommandResult {
  const words = argv.slice(2);
  const { kind, name } = target([words[0] ?? '']);
  const metric = parseMetricValue(words[2] ?? '');
  const grammar = 'usage: kubesim metric hpa/NAME RESOURCE VALUE [for DURATION] (VALUE: 80% of the request, or a quantity such as 200m)';
  if (!HPA_WORDS.includes(kind) || !name || !words[1] || metric === undefined || (words.length !== 3 && words.length !== 5)) return usage(grammar);
  let duration: number | undefined;
  if (words.length === 5) {
    duration = words[3] === 'for' ? parseDuration(words[4]!) : undefined;
    if (duration === undefined) return usage(`invalid duration "${words[4]}"`);
  }
  const controller = hpaController(cluster);
  if (!controller) return usage('the HorizontalPodAutoscaler controller is not running');
  controller.metrics.set(namespace, name, words[1], cluster.now, metric);
  if (duration !== undefined) runFor(cluster, duration);
  return { output: '' };
}

/** `kubectl autoscale KIND NAME --max=N [--min=N] [--cpu-percent=N | --cpu=VALUE] [--name=NAME]`. */
function autoscale(cluster: Cluster, namespace: string, argv: string[]): CommandResult {
  const parsed = parseArguments(argv.slice(2));
  const { kind, name } = target(parsed.positional);
  const scalable = Object.values(SCALABLE).find((entry) => entry.words.includes(kind));
  if (!scalable || !name) return usage('kubesim autoscales Deployments, StatefulSets and ReplicaSets: kubectl autoscale deployment NAME --max=N');
  const max = Number(parsed.flags.get('max') ?? -1);
  const min = Number(parsed.flags.get('min') ?? -1);
  if (!(max >= 1)) return usage(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min) return usage(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  const store = scalable.kind === 'Deployment' ? cluster.deployments : scalable.kind === 'StatefulSet' ? cluster.statefulSets : cluster.replicaSets;
  if (!store.get(name, namespace))
    return {
      output: `Error from server (NotFound): ${Object.keys(SCALABLE).find((key) => SCALABLE[key] === scalable)}s.apps "${name}" not found`,
      error: true,
    };
  const withCpuFlag = isAtLeast(cluster.spec.version, '1.34');
  const cpuPercent = parsed.flags.get('cpu-percent');
  const cpu = withCpuFlag ? parsed.flags.get('cpu') : undefined;
  if (!withCpuFlag && parsed.flags.has('cpu')) return usage('unknown flag: --cpu');
  if (cpuPercent !== undefined && !/^-?\d+$/.test(cpuPercent))
    return usage(`invalid argument "${cpuPercent}" for "--cpu-percent" flag: strconv.ParseInt: parsing "${cpuPercent}": invalid syntax`);
  const hpaName = parsed.flags.get('name') ?? name;
  const scaleTargetRef = { apiVersion: 'apps/v1', kind: scalable.kind, name };
  const spec: JsonObject = { scaleTargetRef, maxReplicas: max };
  if (min > 0) spec.minReplicas = min;
  let manifest: JsonObject;
  const warnings: string[] = [];
  if (withCpuFlag) {
    if (cpuPercent !== undefined && cpu !== undefined) return usage('--cpu-percent and --cpu are mutually exclusive');
    if (cpuPercent !== undefined)
      warnings.push(
        "Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).",
      );
    const metrics: JsonObject[] = [];
    if (cpuPercent !== undefined && Number(cpuPercent) > 0)
      metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: Number(cpuPercent) } } });
    if (cpu !== undefined) {
      const value = /^\d+(\.\d+)?$/.test(cpu) ? `${cpu}m` : cpu;
      const parsedValue = parseMetricValue(value);
      if (parsedValue === undefined) return usage(`invalid resource cpu value: ${cpu}`);
      const metricTarget: JsonObject =
        'utilization' in parsedValue ? { type: 'Utilization', averageUtilization: parsedValue.utilization } : { type: 'AverageValue', averageValue: value };
      metrics.push({ type: 'Resource', resource: { name: 'cpu', target: metricTarget } });
    }
    if (metrics.length > 0) spec.metrics = metrics;
    manifest = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: hpaName, namespace }, spec };
  } else {
    if (cpuPercent !== undefined && Number(cpuPercent) >= 0) spec.targetCPUUtilizationPercentage = Number(cpuPercent);
    manifest = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: hpaName, namespace }, spec };
  }
  if (cluster.horizontalPodAutoscalers.get(hpaName, namespace))
    return { output: `Error from server (AlreadyExists): horizontalpodautoscalers.autoscaling "${hpaName}" already exists`, error: true };
  const stored = storeHorizontalPodAutoscaler(cluster, manifest, namespace);
  if ('reason' in stored) return { output: formatKubectlErrors([{ rejection: stored }]), error: true };
  return { output: [...warnings, `horizontalpodautoscaler.autoscaling/${hpaName} autoscaled`].join('\n') };
}

/** The HPA commands, in the order they are tried. */
export const hpaCommands: readonly SessionCommand[] = [
  { matches: (argv) => startsWith(argv, 'kubesim', 'metric'), run: (context, argv) => setMetric(context.cluster, context.namespace, argv) },
  { matches: (argv) => startsWith(argv, 'kubectl', 'autoscale'), run: (context, argv) => autoscale(context.cluster, context.namespace, argv) },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && HPA_WORDS.includes(target(parseArguments(argv.slice(2)).positional).kind),
    run: (context, argv) => getHorizontalPodAutoscalers(context.cluster, context.namespace, target(parseArguments(argv.slice(2)).positional).name),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && HPA_WORDS.includes(target(parseArguments(argv.slice(2)).positional).kind),
    run: (context, argv) => {
      const { name } = target(parseArguments(argv.slice(2)).positional);
      if (!name) return usage('kubesim describes one HorizontalPodAutoscaler: kubectl describe hpa NAME');
      const output = describeHorizontalPodAutoscaler(context.cluster, name, context.namespace);
      return output.startsWith('Error from server') ? { output, error: true } : { output };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'delete') && HPA_WORDS.includes(target(parseArguments(argv.slice(2)).positional).kind),
    run: (context, argv) => {
      const { name } = target(parseArguments(argv.slice(2)).positional);
      if (!name) return usage('resource(s) were provided, but no name was specified');
      const hpa = context.cluster.horizontalPodAutoscalers.get(name, context.namespace);
      if (!hpa) return { output: `Error from server (NotFound): horizontalpodautoscalers.autoscaling "${name}" not found`, error: true };
      context.cluster.horizontalPodAutoscalers.delete(name, context.namespace);
      hpaController(context.cluster)?.forget(hpa.metadata.uid ?? '');
      return { output: `horizontalpodautoscaler.autoscaling "${name}" deleted` };
    },
  },
];
