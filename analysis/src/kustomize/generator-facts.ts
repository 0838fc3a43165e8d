// What hovers and lenses say about a kustomization's generators: the names kustomize gave the
// generated objects, and which workloads an edit rolls out because a generated name changed.
import {
  computeControllerRevisionHash,
  computePodTemplateHash,
  controllerRevisionData,
  controllerRevisionName,
  type Deployment,
  type ClusterSpec,
  type StatefulSet,
} from '@kubesim/engine';
import { pathAtOffset } from '../manifest/yaml-path';
import type { Kustomization } from './kustomization-file';
import type { RenderedKustomization } from './render-kustomization';
import { generatorOf } from './transformer-entries';
import { writableCopyAs } from '../manifest/writable-copy';

/** A generator entry of a kustomization file. */
interface GeneratorEntry {
  key: 'configMapGenerator' | 'secretGenerator';
  index: number;
  /** The entry's `name:`. */
  name: string;
  kind: 'ConfigMap' | 'Secret';
}

/** Every generator entry of the kustomization, in order. */
export function generatorEntriesOf(kustomization: Kustomization): GeneratorEntry[] {
  const entries: GeneratorEntry[] = [];
  for (const key of ['configMapGenerator', 'secretGenerator'] as const) {
    const list = kustomization.value[key];
    if (!Array.isArray(list)) continue;
    list.forEach((entry, index) => {
      const name = (entry as { name?: unknown } | null)?.name;
      if (typeof name === 'string') entries.push({ key, index, name, kind: key === 'configMapGenerator' ? 'ConfigMap' : 'Secret' });
    });
  }
  return entries;
}

/** The generator entry under an offset of the kustomization's text, if any. */
export function generatorEntryAt(kustomization: Kustomization, offset: number): GeneratorEntry | undefined {
  const { path } = pathAtOffset(kustomization.tree, offset);
  if ((path[0] !== 'configMapGenerator' && path[0] !== 'secretGenerator') || typeof path[1] !== 'number') return undefined;
  return generatorEntriesOf(kustomization).find((entry) => entry.key === path[0] && entry.index === path[1]);
}

/** The name the rendering gave the object of `entry` in `kustomization` (a base's or an overlay's merge). */
export function generatedNameOf(rendered: RenderedKustomization, kustomization: Kustomization, entry: GeneratorEntry): string | undefined {
  for (const { object, provenance } of rendered.objects) {
    if (object.kind !== entry.kind || !object.name || !provenance.generatedBy) continue;
    const from = generatorOf(kustomization, object.kind, object.name);
    if (from && from.key === entry.key && from.index === entry.index) return object.name;
  }
  return undefined;
}

/** A workload whose pods an edit replaces: a Deployment's new ReplicaSet or a StatefulSet's new revision. */
interface RolledOutWorkload {
  kind: 'Deployment' | 'StatefulSet';
  name: string;
  /** `prod-api-5d8f7c9b6` (ReplicaSet) or `ledger-7f9c5d` (ControllerRevision). */
  newName: string;
}

/** The workloads whose pod template differs between two renderings of one root, by kind and name. */
export function rolledOutWorkloads(before: RenderedKustomization, after: RenderedKustomization, cluster: ClusterSpec): RolledOutWorkload[] {
  const revisions = (rendered: RenderedKustomization) => {
    const map = new Map<string, RolledOutWorkload>();
    for (const { object, value } of rendered.objects) {
      if (object.apiVersion !== 'apps/v1' || !object.name) continue;
      const key = `${object.kind}/${object.namespace ?? ''}/${object.name}`;
      if (object.kind === 'Deployment') {
        const template = writableCopyAs<Deployment>(value).spec?.template;
        if (template)
          map.set(key, { kind: 'Deployment', name: object.name, newName: `${object.name}-${computePodTemplateHash(template, undefined, cluster)}` });
      } else if (object.kind === 'StatefulSet') {
        const set = writableCopyAs<StatefulSet>(value);
        if (!set.spec?.template) continue;
        const hash = computeControllerRevisionHash(controllerRevisionData(set, cluster), undefined);
        map.set(key, { kind: 'StatefulSet', name: object.name, newName: controllerRevisionName(object.name, hash) });
      }
    }
    return map;
  };
  const old = revisions(before);
  return [...revisions(after)].flatMap(([key, workload]) => {
    const previous = old.get(key);
    return previous && previous.newName !== workload.newName ? [workload] : [];
  });
}

/** "this edit rolls out prod-api (new ReplicaSet prod-api-6c9f8d7b5d)", for a lens or a hover. */
export function describeRollouts(workloads: readonly RolledOutWorkload[]): string {
  const parts = workloads.map((workload) => `${workload.name} (new ${workload.kind === 'Deployment' ? 'ReplicaSet' : 'revision'} ${workload.newName})`);
  return `this edit rolls out ${parts.join(', ')}`;
}
