// Finds the pod template of each workload kind and the objects whose pods a selector can see.
import { type ReadonlyJsonValue, isJsonObject } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import type { PathSegment } from '../manifest/yaml-path';
import { namespaceOf, type IndexedObject } from './indexed-object';
import { labelsOf, valueAt, type Labels } from './label-selector';

/** Where each pod-owning kind keeps its pod template. */
const TEMPLATE_PATHS: Record<string, PathSegment[]> = {
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  Job: ['spec', 'template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
};

/** Kinds whose `spec.selector` is a LabelSelector owning pods (selector overlap matters for them). */
export const SELECTOR_WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet', 'DaemonSet']);

/** The pods an object creates, described by their template. A bare Pod is its own template. */
export interface PodSource {
  owner: IndexedObject;
  labels: Labels;
  /** The pod spec (containers, ports). */
  podSpec: ReadonlyJsonValue | undefined;
  /** Path of the template (or [] for a Pod) relative to the owner. */
  templatePath: PathSegment[];
}

/** The pod template path of a workload kind, or undefined for kinds that own no pods. */
export function templatePathOf(kind: string): PathSegment[] | undefined {
  return TEMPLATE_PATHS[kind];
}

/** The pods an indexed object makes, if it is a workload or a Pod. */
export function podSourceOf(owner: IndexedObject): PodSource | undefined {
  // Workspace checks ask this for every pair of objects; the answer depends only on the parsed
  // value, which later parses share while the document is unchanged.
  let template = templates.get(owner.object.value);
  if (template === undefined) {
    template = podTemplateOf(owner.object) ?? null;
    templates.set(owner.object.value, template);
  }
  return template ? { owner, ...template } : undefined;
}

const templates = new WeakMap<object, Omit<PodSource, 'owner'> | null>();

function podTemplateOf(object: ManifestObject): Omit<PodSource, 'owner'> | undefined {
  if (object.kind === 'Pod' && object.apiVersion === 'v1') {
    return { labels: labelsOf(valueAt(object.value, ['metadata', 'labels'])) ?? {}, podSpec: object.value.spec, templatePath: [] };
  }
  const path = templatePathOf(object.kind);
  if (!path) return undefined;
  const template = valueAt(object.value, path);
  if (!isJsonObject(template)) return undefined;
  return { labels: labelsOf(valueAt(template, ['metadata', 'labels'])) ?? {}, podSpec: template.spec, templatePath: path };
}

/** Every pod source of the workspace in `namespace`. */
export function podSourcesIn(workspace: readonly IndexedObject[], namespace: string): PodSource[] {
  // One check run passes the same workspace array for every object: group it once per run.
  let byNamespace = sourcesByWorkspace.get(workspace);
  if (!byNamespace) {
    byNamespace = new Map();
    for (const entry of workspace) {
      const source = podSourceOf(entry);
      if (!source) continue;
      const key = namespaceOf(entry.object);
      const list = byNamespace.get(key);
      if (list) list.push(source);
      else byNamespace.set(key, [source]);
    }
    sourcesByWorkspace.set(workspace, byNamespace);
  }
  return byNamespace.get(namespace) ?? [];
}

const sourcesByWorkspace = new WeakMap<readonly IndexedObject[], Map<string, PodSource[]>>();

/** True when two entries are the same object in the same file (the current file's copy counts once). */
export function isSameObject(a: ManifestObject, b: ManifestObject): boolean {
  return a === b || (a.document === b.document && a.basePath.join('/') === b.basePath.join('/'));
}
