// `kubectl describe replicaset|statefulset`, following describeReplicaSet, describeStatefulSet,
// describeVolumeClaimTemplates, printController and getPodStatusForController in kubernetes/kubectl
// pkg/describe/describe.go (the pod counts are of pods the object controls, by phase).
import { isAtLeast } from '../model/kubernetes-version';
import type { Cluster } from '../cluster/cluster';
import type { JsonObject, ObjectMeta, ReplicaSet, StatefulSet } from '../model/objects';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { describeEvents, formatRfc1123z } from './describe';
import { describePodTemplate, formatLabelSelector, multiline } from './describe-pod-template';
import { alignTabs } from './tab-writer';
import { quantityString, roundTripQuantity } from '../quantity/quantity';

// getPodStatusForController: Running / Waiting (Pending) / Succeeded / Failed among the pods it controls.
function podStatusCounts(cluster: Cluster, uid: string | undefined, namespace: string): string {
  const counts = { Running: 0, Pending: 0, Succeeded: 0, Failed: 0 } as Record<string, number>;
  for (const pod of cluster.listPods(namespace)) {
    if (!pod.metadata.ownerReferences?.some((ref) => ref.controller === true && ref.uid === uid)) continue;
    if (pod.status.phase in counts) counts[pod.status.phase]++;
  }
  return `${counts.Running} Running / ${counts.Pending} Waiting / ${counts.Succeeded} Succeeded / ${counts.Failed} Failed`;
}

// printController: `Deployment/web` for the controlling owner reference.
function controlledBy(metadata: ObjectMeta): string | undefined {
  const owner = metadata.ownerReferences?.find((ref) => ref.controller === true);
  return owner ? `${owner.kind}/${owner.name}` : undefined;
}

// Output ends like the Deployment describer's: the aligned block, then the events table.
function finish(cluster: Cluster, text: string, kind: string, metadata: ObjectMeta): string {
  const events = describeEvents(cluster, cluster.recorder.eventsFor(kind, metadata.name, metadata.namespace ?? 'default'));
  return (alignTabs(text + events.inline) + events.table).replace(/\n$/, '');
}

/** `kubectl describe rs NAME`, or the NotFound error. */
export function describeReplicaSet(cluster: Cluster, name: string, namespace = 'default'): string {
  const rs: ReplicaSet | undefined = cluster.replicaSets.get(name, namespace);
  if (!rs) return `Error from server (NotFound): replicasets.apps "${name}" not found`;
  let text = `Name:\t${rs.metadata.name}\nNamespace:\t${namespace}\n`;
  text += `Selector:\t${formatLabelSelector(rs.spec.selector)}\n`;
  text += multiline('Labels', rs.metadata.labels, '=');
  text += multiline('Annotations', rs.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  const owner = controlledBy(rs.metadata);
  if (owner) text += `Controlled By:\t${owner}\n`;
  text += `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec.replicas ?? 1} desired\n`;
  text += `Pods Status:\t${podStatusCounts(cluster, rs.metadata.uid, namespace)}\n`;
  text += describePodTemplate(rs.spec.template, { portNames: isAtLeast(cluster.spec.version, '1.34') });
  const conditions = rs.status?.conditions ?? [];
  if (conditions.length > 0) {
    text += 'Conditions:\n  Type\tStatus\tReason\n  ----\t------\t------\n';
    for (const condition of conditions) text += `  ${condition.type} \t${condition.status}\t${condition.reason ?? ''}\n`;
  }
  return finish(cluster, text, 'ReplicaSet', rs.metadata);
}

/** `kubectl describe statefulset NAME`, or the NotFound error. */
export function describeStatefulSet(cluster: Cluster, name: string, namespace = 'default'): string {
  const set: StatefulSet | undefined = cluster.statefulSets.get(name, namespace);
  if (!set) return `Error from server (NotFound): statefulsets.apps "${name}" not found`;
  let text = `Name:\t${set.metadata.name}\nNamespace:\t${namespace}\n`;
  text += `CreationTimestamp:\t${formatRfc1123z(cluster.startEpochMs + cluster.timeOf(set.metadata.creationTimestamp))}\n`;
  text += `Selector:\t${formatLabelSelector(set.spec.selector)}\n`;
  text += multiline('Labels', set.metadata.labels, '=');
  text += multiline('Annotations', set.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  text += `Replicas:\t${set.spec.replicas ?? 1} desired | ${set.status?.replicas ?? 0} total\n`;
  const strategy = set.spec.updateStrategy;
  text += `Update Strategy:\t${strategy?.type ?? 'RollingUpdate'}\n`;
  // The stored set is defaulted: a RollingUpdate strategy has rollingUpdate.partition 0.
  const rollingUpdate = strategy?.rollingUpdate ?? ((strategy?.type ?? 'RollingUpdate') === 'RollingUpdate' ? { partition: 0 } : undefined);
  if (rollingUpdate?.partition !== undefined) {
    text += `  Partition:\t${rollingUpdate.partition}\n`;
    if (rollingUpdate.maxUnavailable !== undefined) text += `  MaxUnavailable:\t${String(rollingUpdate.maxUnavailable)}\n`;
  }
  text += `Pods Status:\t${podStatusCounts(cluster, set.metadata.uid, namespace)}\n`;
  text += describePodTemplate(set.spec.template, { portNames: isAtLeast(cluster.spec.version, '1.34') });
  text += describeVolumeClaimTemplates(set.spec.volumeClaimTemplates ?? []);
  return finish(cluster, text, 'StatefulSet', set.metadata);
}

// describeVolumeClaimTemplates: name, class (GetPersistentVolumeClaimClass), labels, annotations,
// the storage request (or <default>) and the access modes as Go prints a slice: `[ReadWriteOnce]`.
function describeVolumeClaimTemplates(templates: readonly JsonObject[]): string {
  if (templates.length === 0) return 'Volume Claims:\t<none>\n';
  let text = 'Volume Claims:\n';
  for (const claim of templates) {
    const metadata = (claim.metadata ?? {}) as { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
    const spec = (claim.spec ?? {}) as { storageClassName?: string; accessModes?: string[]; resources?: { requests?: Record<string, string> } };
    const className = metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? spec.storageClassName ?? '';
    text += `  Name:\t${metadata.name ?? ''}\n  StorageClass:\t${className}\n`;
    text += `  ${multiline('Labels', metadata.labels, '=').replace(/\n\t/g, '\n  \t')}`;
    text += `  ${multiline('Annotations', metadata.annotations, '=').replace(/\n\t/g, '\n  \t')}`;
    text += `  Capacity:\t${capacityOf(spec.resources?.requests?.storage)}\n`;
    text += `  Access Modes:\t[${(spec.accessModes ?? []).join(' ')}]\n`;
  }
  return text;
}

// Quantity.String() of the storage request (its canonical form); the raw text if it does not parse.
function capacityOf(storage: string | number | undefined): string {
  if (storage === undefined) return '<default>';
  try {
    return quantityString(roundTripQuantity(storage, false));
  } catch {
    return String(storage);
  }
}
