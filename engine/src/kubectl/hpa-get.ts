// `kubectl get hpa` and `kubectl describe hpa`, following printHorizontalPodAutoscaler and formatHPAMetrics of
// kubernetes pkg/printers/internalversion/printers.go (TARGETS as `cpu: 80%/50%` in every supported
// release) and describeHorizontalPodAutoscalerV2 and printDirectionBehavior of kubectl pkg/describe/describe.go.
import type { Cluster } from '../cluster/cluster';
import type { HorizontalPodAutoscaler } from '../model/autoscaling-objects';
import type { JsonObject, JsonValue } from '../model/objects';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { describeEvents, formatRfc1123z } from './describe';
import { multiline } from './describe-pod-template';
import { alignTabs } from './tab-writer';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

function text(value: JsonValue | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}

// One metric's current value and target, as formatHPAMetrics prints it.
function metricCell(metric: JsonObject, status: JsonObject | undefined): string {
  const type = text(metric.type);
  if (type === 'Resource' || type === 'ContainerResource') {
    const source = asObject(metric[type === 'Resource' ? 'resource' : 'containerResource']) ?? {};
    const target = asObject(source.target) ?? {};
    const current = asObject(asObject(status?.[type === 'Resource' ? 'resource' : 'containerResource'])?.current);
    if (target.averageValue !== undefined)
      return `${text(source.name)}: ${current?.averageValue === undefined ? '<unknown>' : text(current.averageValue)}/${text(target.averageValue)}`;
    const now = typeof current?.averageUtilization === 'number' ? `${current.averageUtilization}%` : '<unknown>';
    const wanted = typeof target.averageUtilization === 'number' ? `${target.averageUtilization}%` : '<auto>';
    return `${text(source.name)}: ${now}/${wanted}`;
  }
  if (type === 'Pods') {
    const target = asObject(asObject(metric.pods)?.target) ?? {};
    const current = asObject(asObject(status?.pods)?.current)?.averageValue;
    return `${current === undefined ? '<unknown>' : text(current)}/${text(target.averageValue)}`;
  }
  if (type === 'Object' || type === 'External') {
    const source = asObject(metric[type === 'Object' ? 'object' : 'external']) ?? {};
    const target = asObject(source.target) ?? {};
    const current = asObject(asObject(status?.[type === 'Object' ? 'object' : 'external'])?.current);
    if (target.averageValue !== undefined)
      return `${current?.averageValue === undefined ? '<unknown>' : text(current.averageValue)}/${text(target.averageValue)} (avg)`;
    return `${current?.value === undefined ? '<unknown>' : text(current.value)}/${text(target.value)}`;
  }
  return '<unknown type>';
}

/** formatHPAMetrics: the first two metrics, then `+ N more...`. */
function formatHpaMetrics(hpa: HorizontalPodAutoscaler): string {
  const metrics = hpa.spec.metrics;
  if (metrics.length === 0) return '<none>';
  const statuses = (hpa.status.currentMetrics ?? []) as JsonObject[];
  const cells = metrics.map((metric, index) => metricCell(metric, statuses[index]));
  if (cells.length <= 2) return cells.join(', ');
  return `${cells.slice(0, 2).join(', ')} + ${cells.length - 2} more...`;
}

/** `kubectl get hpa [NAME]`: NAME REFERENCE TARGETS MINPODS MAXPODS REPLICAS AGE. */
export function getHorizontalPodAutoscalers(cluster: Cluster, namespace = 'default', name?: string): { output: string; error?: boolean } {
  const hpas = cluster.horizontalPodAutoscalers.list(namespace).filter((hpa) => name === undefined || hpa.metadata.name === name);
  if (name !== undefined && hpas.length === 0)
    return { output: `Error from server (NotFound): horizontalpodautoscalers.autoscaling "${name}" not found`, error: true };
  if (hpas.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = hpas
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0))
    .map((hpa) => [
      hpa.metadata.name,
      `${hpa.spec.scaleTargetRef.kind}/${hpa.spec.scaleTargetRef.name}`,
      formatHpaMetrics(hpa),
      String(hpa.spec.minReplicas),
      String(hpa.spec.maxReplicas),
      String(hpa.status.currentReplicas),
      humanDuration(cluster.now - cluster.timeOf(hpa.metadata.creationTimestamp)),
    ]);
  return { output: formatTable([['NAME', 'REFERENCE', 'TARGETS', 'MINPODS', 'MAXPODS', 'REPLICAS', 'AGE'], ...rows], GET_LAYOUT) };
}

// One metric's line of `Metrics:`.
function describeMetric(metric: JsonObject, status: JsonObject | undefined): string {
  const type = text(metric.type);
  if (type !== 'Resource') return `  ${metricCell(metric, status)}\n`;
  const source = asObject(metric.resource) ?? {};
  const target = asObject(source.target) ?? {};
  const current = asObject(asObject(status?.resource)?.current);
  if (target.averageValue !== undefined) {
    const value = current?.averageValue === undefined ? '<unknown>' : text(current.averageValue);
    return `  resource ${text(source.name)} on pods:\t${value} / ${text(target.averageValue)}\n`;
  }
  const now = typeof current?.averageUtilization === 'number' ? `${current.averageUtilization}% (${text(current.averageValue)})` : '<unknown>';
  const wanted = typeof target.averageUtilization === 'number' ? `${target.averageUtilization}%` : '<auto>';
  return `  resource ${text(source.name)} on pods  (as a percentage of request):\t${now} / ${wanted}\n`;
}

// printDirectionBehavior.
function describeDirection(direction: string, value: JsonValue | undefined): string {
  const rules = asObject(value);
  if (!rules) return '';
  let out = `  ${direction}:\n`;
  if (typeof rules.stabilizationWindowSeconds === 'number') out += `    Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`;
  const policies = Array.isArray(rules.policies) ? rules.policies.map(asObject) : [];
  if (policies.length > 0) {
    out += `    Select Policy: ${text(rules.selectPolicy ?? 'Max')}\n    Policies:\n`;
    for (const policy of policies)
      out += `      - Type: ${text(policy?.type)}\tValue: ${text(policy?.value)}\tPeriod: ${text(policy?.periodSeconds)} seconds\n`;
  }
  return out;
}

/** `kubectl describe hpa NAME`, or the NotFound error. */
export function describeHorizontalPodAutoscaler(cluster: Cluster, name: string, namespace = 'default'): string {
  const hpa = cluster.horizontalPodAutoscalers.get(name, namespace);
  if (!hpa) return `Error from server (NotFound): horizontalpodautoscalers.autoscaling "${name}" not found`;
  let out = `Name:\t${name}\nNamespace:\t${namespace}\n`;
  out += multiline('Labels', hpa.metadata.labels, '=');
  out += multiline('Annotations', hpa.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  out += `CreationTimestamp:\t${formatRfc1123z(cluster.startEpochMs + cluster.timeOf(hpa.metadata.creationTimestamp))}\n`;
  out += `Reference:\t${hpa.spec.scaleTargetRef.kind}/${hpa.spec.scaleTargetRef.name}\n`;
  out += 'Metrics:\t( current / target )\n';
  const statuses = (hpa.status.currentMetrics ?? []) as JsonObject[];
  hpa.spec.metrics.forEach((metric, index) => (out += describeMetric(metric, statuses[index])));
  out += `Min replicas:\t${hpa.spec.minReplicas}\nMax replicas:\t${hpa.spec.maxReplicas}\n`;
  const behavior = asObject(hpa.spec.behavior);
  if (behavior) out += `Behavior:\n${describeDirection('Scale Up', behavior.scaleUp)}${describeDirection('Scale Down', behavior.scaleDown)}`;
  out += `${hpa.spec.scaleTargetRef.kind} pods:\t${hpa.status.currentReplicas} current / ${hpa.status.desiredReplicas} desired\n`;
  const conditions = hpa.status.conditions ?? [];
  if (conditions.length > 0) {
    out += 'Conditions:\n  Type\tStatus\tReason\tMessage\n  ----\t------\t------\t-------\n';
    for (const condition of conditions) out += `  ${condition.type}\t${condition.status}\t${condition.reason}\t${condition.message}\n`;
  }
  const events = describeEvents(cluster, cluster.recorder.eventsFor('HorizontalPodAutoscaler', name, namespace));
  return (alignTabs(out + events.inline) + events.table).replace(/\n$/, '');
}
