// `kubectl label` and `kubectl annotate` of one object, following kubectl pkg/cmd/label/label.go (parseLabels,
// labelFunc, validateNoOverwrites, updateDataChangeMsg: `labeled`, `not labeled`, `unlabeled`, and `label "k" not
// found.` for a removal of a missing key) and pkg/cmd/annotate/annotate.go (cmdutil.ParsePairs, validateAnnotations,
// validateNoAnnotationOverwrites, always `annotated`). Without --overwrite any key already present is an error, even
// with the same value. A pod whose new labels leave its controller's selector is released by that controller
// (controller_ref_manager.go ClaimPods: ReleasePod drops the ownerReference), which then creates a replacement.
// Adoption of an orphan pod that matches a selector is not simulated.
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import { labelSelectorMatches } from '../model/label-selection';
import type { ObjectMeta, OwnerReference } from '../model/objects';
import type { CommandResult } from '../deployment/rollback';
import { isValidLabelValue } from '../apiserver/validation/string-checks';

/** Which command: labels or annotations. */
type MetadataField = 'labels' | 'annotations';

/** The key=value pairs and key- removals of the command line. */
export interface MetadataChange {
  set: Record<string, string>;
  remove: string[];
}

/** The pairs of `kubectl label|annotate`, or kubectl's error for them. */
export function parseMetadataChange(field: MetadataField, words: readonly string[]): MetadataChange | { error: string } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const word of words) {
    if (word.includes('=')) {
      const parts = word.split('=');
      if (field === 'labels') {
        if (parts.length !== 2) return { error: `invalid label spec: ${word}` };
        const errors = isValidLabelValue(parts[1]!);
        if (errors.length > 0) return { error: `invalid label value: ${JSON.stringify(word)}: ${errors.join(';')}` };
        set[parts[0]!] = parts[1]!;
      } else set[parts[0]!] = word.slice(parts[0]!.length + 1);
    } else if (word.endsWith('-')) remove.push(word.slice(0, -1));
    else return { error: field === 'labels' ? `unknown label spec: ${word}` : `invalid annotation format: ${word}` };
  }
  const both = remove.filter((key) => key in set);
  if (both.length > 0)
    return {
      error:
        field === 'labels'
          ? 'can not both modify and remove a label in the same command'
          : `can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}`,
    };
  if (Object.keys(set).length === 0 && remove.length === 0) return { error: `at least one ${field === 'labels' ? 'label' : 'annotation'} update is required` };
  return { set, remove };
}

/**
 * The metadata after the change, and kubectl's lines; an error when a key is already set without --overwrite.
 * Go ranges over a map in random order; the keys of several errors are listed sorted here.
 */
export function changedMetadata(
  field: MetadataField,
  current: Readonly<Record<string, string>> | undefined,
  change: MetadataChange,
  overwrite: boolean,
): { next: Record<string, string>; notes: string[]; outcome: string } | { error: string } {
  const before = { ...(current ?? {}) };
  if (!overwrite) {
    const taken = Object.keys(change.set)
      .sort()
      .filter((key) => key in before && !(field === 'annotations' && key === 'kubernetes.io/change-cause'));
    if (taken.length > 0 && field === 'labels') {
      const errors = taken.map((key) => `'${key}' already has a value (${before[key]}), and --overwrite is false`);
      return { error: errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]` };
    }
    const declared = taken.map((key) => `'${key}' already has a value (${before[key]})`);
    if (taken.length > 0) return { error: `--overwrite is false but found the following declared annotation(s): ${declared.join('; ')}` };
  }
  const notes = field === 'labels' ? change.remove.filter((key) => !(key in before)).map((key) => `label ${JSON.stringify(key)} not found.`) : [];
  const next = { ...before, ...change.set };
  for (const key of change.remove) delete next[key];
  if (field === 'annotations') return { next, notes, outcome: 'annotated' };
  // updateDataChangeMsg compares the object's JSON before and after: shorter without --overwrite is `unlabeled`.
  const size = (labels: Record<string, string>): number => JSON.stringify(labels).length;
  const changed = JSON.stringify(Object.entries(before).sort()) !== JSON.stringify(Object.entries(next).sort());
  const outcome = !changed ? 'not labeled' : !overwrite && size(next) < size(before) ? 'unlabeled' : 'labeled';
  return { next, notes, outcome };
}

/** The metadata with `field` replaced (an empty map leaves the field out, as omitempty does). */
export function withMetadataField<T extends ObjectMeta>(metadata: T, field: MetadataField, values: Record<string, string>, cluster: Cluster): T {
  const next = { ...metadata, resourceVersion: cluster.nextResourceVersion() };
  if (Object.keys(values).length === 0) delete next[field];
  else next[field] = values;
  return next;
}

// The selector of the pod's controller, when it is one kubesim stores (ReplicaSet, StatefulSet, DaemonSet, Job).
function controllerSelector(cluster: Cluster, owner: OwnerReference, namespace: string) {
  const lists = [cluster.replicaSets.list(namespace), cluster.statefulSets.list(namespace), cluster.daemonSets.list(namespace), cluster.jobs.list(namespace)];
  for (const list of lists) for (const object of list) if (object.metadata.uid === owner.uid) return object.spec.selector;
  return undefined;
}

/** `kubectl label|annotate pod NAME ...`: the pod in a cohort of its own; released by its controller when its labels leave the selector. */
export function changePodMetadata(cluster: Cluster, cohort: PodCohort, name: string, field: MetadataField, values: Record<string, string>): void {
  const labels = field === 'labels' ? values : cohort.labels;
  const annotations = field === 'annotations' ? values : cohort.annotations;
  const selector = cohort.owner.controller ? controllerSelector(cluster, cohort.owner, cohort.namespace) : undefined;
  const released = selector !== undefined && !labelSelectorMatches(selector, labels);
  const owner: OwnerReference = released ? { apiVersion: '', kind: '', name: '', uid: `released/${cohort.namespace}/${name}/${cluster.now}` } : cohort.owner;
  // The pod leaves its cohort for one of its own: same spec, node and timeline, the new metadata and owner.
  cohort.names = cohort.names.filter((other) => other !== name);
  const template = { metadata: { labels: { ...labels }, ...(annotations && Object.keys(annotations).length > 0 ? { annotations: { ...annotations } } : {}) } };
  const moved = cluster.createPods(owner, cohort.namespace, { ...template, spec: cohort.spec }, { names: [name] }, cohort.nodeName);
  moved.timeline = cohort.timeline;
}

/** A result line of kubectl's printer, or the error. */
export function metadataCommandResult(resource: string, result: ReturnType<typeof changedMetadata>): CommandResult {
  if ('error' in result) return { output: `error: ${result.error}`, error: true };
  return { output: [...result.notes, `${resource} ${result.outcome}`].join('\n') };
}
