// The ConfigMaps and Secrets a kustomization generates, with the names kustomize gave them
// (prefix, suffix and content hash included): read from the real output, never recomputed.
import type { RenderedKustomization } from './render-kustomization';
import { generatorOf } from './transformer-entries';

/** One generated object. */
export interface GeneratedName {
  kind: string;
  namespace: string;
  /** The name in the cluster, e.g. `prod-api-config-hf678c7m2b`. */
  name: string;
  /** The generator entry's own name, e.g. `api-config`. */
  generator: string;
  /** Absolute path of the kustomization holding the generator. */
  generatorPath: string;
  /** The kustomization this was rendered from (set by the caller). */
  kustomization?: string;
}

/** Every object of the rendering that a configMapGenerator or secretGenerator made. */
export function generatedNamesOf(rendered: RenderedKustomization): GeneratedName[] {
  const names: GeneratedName[] = [];
  for (const { object, provenance } of rendered.objects) {
    const by = provenance.generatedBy;
    if (!by || !object.name) continue;
    const kustomization = rendered.tree.kustomizations.get(by.kustomizationPath);
    const entry = kustomization ? generatorOf(kustomization, object.kind, object.name) : undefined;
    names.push({
      kind: object.kind,
      namespace: object.namespace ?? 'default',
      name: object.name,
      generator: typeof entry?.entry.name === 'string' ? entry.entry.name : object.name,
      generatorPath: by.kustomizationPath,
    });
  }
  return names;
}
