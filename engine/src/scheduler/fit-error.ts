// The scheduler's words when a pod fits nowhere: FitError.Error (pkg/scheduler/framework/types.go) with
// the PostFilter plugins' messages after it (DynamicResources while DynamicResourceAllocation is on, GA in 1.34, then
// DefaultPreemption's `preemption: ` and its own FitError over the nodes it could not use).
import { isFeatureEnabled } from '../defaulting/feature-gates';
import { isAtLeast } from '../model/kubernetes-version';
import type { ClusterSpec } from '../model/cluster-spec';

/** One node's filter verdict: the failing plugin's reasons and whether evicting pods could help. */
export interface NodeVerdict {
  readonly reasons: readonly string[];
  /** UnschedulableAndUnresolvable: preemption is not helpful on this node. */
  readonly unresolvable: boolean;
}

/** Preemption's reasons: nodes that cannot help, and nodes where no lower-priority pod could be evicted. */
const NOT_HELPFUL = 'Preemption is not helpful for scheduling';
const NO_VICTIMS = 'No preemption victims found for incoming pod';

/** `0/N nodes are available: ` and the sorted histogram `COUNT reason` (Go's sort.Strings), then a period. */
function histogram(nodeCount: number, reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const lines = [...counts].map(([reason, count]) => `${count} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `0/${nodeCount} nodes are available:${lines.length > 0 ? ` ${lines.join(', ')}.` : ''}`;
}

/**
 * The FailedScheduling message for the verdicts of every node. Every simulated pod has priority 0, so
 * preemption never finds a victim: each node where it might help reports no victims.
 */
export function fitErrorMessage(verdicts: readonly NodeVerdict[], cluster: ClusterSpec): string {
  const filter = histogram(
    verdicts.length,
    verdicts.flatMap((verdict) => verdict.reasons),
  );
  const preemption = histogram(
    verdicts.length,
    verdicts.map((verdict) => (verdict.unresolvable ? NOT_HELPFUL : NO_VICTIMS)),
  );
  const claims = isFeatureEnabled('DynamicResourceAllocation', cluster) ? 'no new claims to deallocate, ' : '';
  return `${filter} ${claims}preemption: ${preemption}`;
}

/** The TaintToleration reason: the taint named up to 1.34, a generic text from 1.35 (kubernetes#134740). */
export function untoleratedTaintReason(taint: { key: string; value?: string }, cluster: ClusterSpec): string {
  return isAtLeast(cluster.version, '1.35') ? 'node(s) had untolerated taint(s)' : `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
}

/**
 * The FailedScheduling message when a PreFilter plugin refused the pod: FitError.Error puts its message
 * in place of the per-node histogram, and DefaultPreemption finds every node unresolvable. The
 * DynamicResources PostFilter adds nothing here (its PreFilter never ran): a 1.34 cluster printed
 * `0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes are
 * available: 2 Preemption is not helpful for scheduling.` (open-metadata/openmetadata-helm-charts#417).
 */
export function preFilterFitErrorMessage(nodeCount: number, message: string): string {
  return `0/${nodeCount} nodes are available: ${message}. preemption: ${histogram(
    nodeCount,
    Array.from({ length: nodeCount }, () => NOT_HELPFUL),
  )}`;
}
