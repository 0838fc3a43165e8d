// The links between objects that a manifest writes by name or by labels: what a field refers to, and the objects
// it reaches among a set of candidates (the workspace index). Completion, go to definition and references share it.
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import type { PathSegment } from '../manifest/yaml-path';
import { labelsOf } from '../checks/label-selector';
import { namespaceOf, templateLabelsOf } from '../facts/service-selection';

/** What a field names: objects of `kinds` by name (the field's value), or the workloads a selector picks. */
export type ObjectReference = { by: 'name'; kinds: readonly string[]; name?: string } | { by: 'selector'; selector: Record<string, string> };

/** The kinds whose pods come from a pod template: what a Service selector, a PDB or an HPA reaches. */
const WORKLOAD_KINDS: readonly string[] = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob', 'Pod'];

// Field name suffixes (list indices left out) that hold another object's name, as the API documents them.
const NAME_FIELDS: { suffix: readonly string[]; kinds: readonly string[] }[] = [
  { suffix: ['configMapKeyRef', 'name'], kinds: ['ConfigMap'] },
  { suffix: ['configMapRef', 'name'], kinds: ['ConfigMap'] },
  { suffix: ['configMap', 'name'], kinds: ['ConfigMap'] },
  { suffix: ['secretKeyRef', 'name'], kinds: ['Secret'] },
  { suffix: ['secretRef', 'name'], kinds: ['Secret'] },
  { suffix: ['secret', 'secretName'], kinds: ['Secret'] },
  { suffix: ['imagePullSecrets', 'name'], kinds: ['Secret'] },
  { suffix: ['tls', 'secretName'], kinds: ['Secret'] },
  { suffix: ['persistentVolumeClaim', 'claimName'], kinds: ['PersistentVolumeClaim'] },
  { suffix: ['backend', 'service', 'name'], kinds: ['Service'] },
  { suffix: ['defaultBackend', 'service', 'name'], kinds: ['Service'] },
  { suffix: ['serviceAccountName'], kinds: ['ServiceAccount'] },
];

function endsWith(names: readonly string[], suffix: readonly string[]): boolean {
  return suffix.length <= names.length && suffix.every((segment, i) => names[names.length - suffix.length + i] === segment);
}

function valueAt(root: ReadonlyJsonValue, path: readonly PathSegment[]): ReadonlyJsonValue | undefined {
  let node: ReadonlyJsonValue | undefined = root;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isJsonObject(node) && typeof segment === 'string') node = node[segment];
    else return undefined;
  }
  return node;
}

/** What the field at `path` of `object` refers to, or undefined when it names no other object. */
export function objectReferenceAt(object: ManifestObject, path: readonly PathSegment[]): ObjectReference | undefined {
  const value = valueAt(object.value, path);
  const name = typeof value === 'string' ? value : undefined;
  const names = path.filter((segment): segment is string => typeof segment === 'string');
  const key = names.join('.');
  if (object.kind === 'StatefulSet' && key === 'spec.serviceName') return { by: 'name', kinds: ['Service'], name };
  if (object.kind === 'HorizontalPodAutoscaler' && key === 'spec.scaleTargetRef.name') {
    const target = valueAt(object.value, ['spec', 'scaleTargetRef']);
    const kind = isJsonObject(target) && typeof target.kind === 'string' ? target.kind : undefined;
    const targetName = isJsonObject(target) && typeof target.name === 'string' ? target.name : undefined;
    return { by: 'name', kinds: kind ? [kind] : WORKLOAD_KINDS, name: targetName };
  }
  if (object.kind === 'Service' && object.apiVersion === 'v1' && names[0] === 'spec' && names[1] === 'selector' && path.length <= 3) {
    return { by: 'selector', selector: labelsOf(valueAt(object.value, ['spec', 'selector'])) ?? {} };
  }
  if (object.kind === 'PodDisruptionBudget' && names[0] === 'spec' && names[1] === 'selector' && (names.length === 2 || names[2] === 'matchLabels')) {
    return { by: 'selector', selector: labelsOf(valueAt(object.value, ['spec', 'selector', 'matchLabels'])) ?? {} };
  }
  const field = NAME_FIELDS.find((candidate) => endsWith(names, candidate.suffix));
  return field ? { by: 'name', kinds: field.kinds, name } : undefined;
}

/** The objects among `candidates` that `reference`, written in `from`, reaches (same namespace). */
export function resolveReference(reference: ObjectReference, from: ManifestObject, candidates: readonly ManifestObject[]): ManifestObject[] {
  const namespace = namespaceOf(from);
  const local = candidates.filter((candidate) => candidate !== from && namespaceOf(candidate) === namespace);
  if (reference.by === 'name') {
    if (reference.name === undefined) return [];
    return local.filter((candidate) => reference.kinds.includes(candidate.kind) && candidate.name === reference.name);
  }
  const selector = Object.entries(reference.selector);
  if (selector.length === 0) return [];
  return local.filter((candidate) => {
    if (!WORKLOAD_KINDS.includes(candidate.kind)) return false;
    const labels = candidate.kind === 'Pod' ? (labelsOf(valueAt(candidate.value, ['metadata', 'labels'])) ?? {}) : templateLabelsOf(candidate);
    return selector.every(([key, value]) => labels[key] === value);
  });
}

/** Every reference written in `object`: each string field naming another object, and a Service's or PDB's selector. */
function referencesIn(object: ManifestObject): { path: PathSegment[]; reference: ObjectReference }[] {
  const found: { path: PathSegment[]; reference: ObjectReference }[] = [];
  const visit = (node: ReadonlyJsonValue, path: PathSegment[]) => {
    if (typeof node === 'string') {
      const reference = objectReferenceAt(object, path);
      if (reference) found.push({ path, reference });
    } else if (Array.isArray(node)) node.forEach((item, i) => visit(item, [...path, i]));
    else if (isJsonObject(node)) {
      if (path.join('.') === 'spec.selector') {
        const reference = objectReferenceAt(object, path);
        if (reference) return void found.push({ path, reference });
      }
      for (const [key, value] of Object.entries(node)) visit(value, [...path, key]);
    }
  };
  visit(object.value, []);
  return found;
}

/** The fields among `candidates` that refer to `target` (by name or by selector), each with its object. */
export function findReferencesTo(target: ManifestObject, candidates: readonly ManifestObject[]): { object: ManifestObject; path: PathSegment[] }[] {
  const found: { object: ManifestObject; path: PathSegment[] }[] = [];
  for (const candidate of candidates) {
    if (candidate === target || namespaceOf(candidate) !== namespaceOf(target)) continue;
    for (const { path, reference } of referencesIn(candidate)) {
      if (resolveReference(reference, candidate, [target]).length > 0) found.push({ object: candidate, path });
    }
  }
  return found;
}
