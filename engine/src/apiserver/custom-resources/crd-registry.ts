// The custom resources a cluster serves, from the CustomResourceDefinitions it is given (the workspace's,
// a profile's `crds:` paths, later a chart's rendered output): one entry per group and kind with its
// versions, scope and names. The discovery side of apiextensions-apiserver's crdHandler (a version is
// reachable only while `served`); this registry does not care where a definition came from, so every
// source is one more list of objects.
import { isJsonObject } from '../../model/json-value';
import type { ReadonlyJsonObject, ReadonlyJsonValue } from '../../model/objects';

/** One version of a CRD, as `spec.versions[*]` declares it. */
export interface CrdVersion {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  /** `schema.openAPIV3Schema`, when the version has one. */
  readonly schema: ReadonlyJsonObject | undefined;
  /** `subresources.status`: the API server then drops `status` from a create or update of the main resource. */
  readonly statusSubresource: boolean;
}

/** One CustomResourceDefinition, read enough to serve and check its kind. */
export interface CrdEntry {
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly versions: readonly CrdVersion[];
  /** The CRD object itself (its identity changes when the definition is edited). */
  readonly definition: ReadonlyJsonObject;
  /** Where it came from (a file URI or path), for messages. */
  readonly source: string;
}

/** What the registry answers for a custom resource's apiVersion and kind. */
type CustomResourceMatch =
  | { status: 'served'; crd: CrdEntry; version: CrdVersion }
  /** The CRD is known but does not serve this version: kubectl's `no matches for kind`. */
  | { status: 'version-not-served'; crd: CrdEntry; served: readonly string[] };

/** A definition and where it was found. */
export interface CrdSourceObject {
  readonly value: ReadonlyJsonObject;
  readonly source: string;
}

/** The registry: group/kind to its definition (the first definition of a name wins, as the API server keeps one). */
export class CrdRegistry {
  private readonly byGroupKind = new Map<string, CrdEntry>();

  constructor(definitions: readonly CrdSourceObject[]) {
    for (const definition of definitions) {
      const entry = crdEntryOf(definition.value, definition.source);
      if (!entry) continue;
      const key = `${entry.group}/${entry.kind}`;
      if (!this.byGroupKind.has(key)) this.byGroupKind.set(key, entry);
    }
  }

  get size(): number {
    return this.byGroupKind.size;
  }

  entries(): IterableIterator<CrdEntry> {
    return this.byGroupKind.values();
  }

  /** The CRD serving `apiVersion`/`kind`, undefined when no definition of that group and kind is known. */
  match(apiVersion: string, kind: string): CustomResourceMatch | undefined {
    const slash = apiVersion.indexOf('/');
    if (slash < 0) return undefined;
    const crd = this.byGroupKind.get(`${apiVersion.slice(0, slash)}/${kind}`);
    if (!crd) return undefined;
    const name = apiVersion.slice(slash + 1);
    const version = crd.versions.find((candidate) => candidate.name === name && candidate.served);
    if (version) return { status: 'served', crd, version };
    return { status: 'version-not-served', crd, served: crd.versions.filter((candidate) => candidate.served).map((candidate) => candidate.name) };
  }
}

/** Whether `value` is an apiextensions.k8s.io/v1 CustomResourceDefinition. */
export function isCustomResourceDefinition(value: ReadonlyJsonObject): boolean {
  return value.apiVersion === 'apiextensions.k8s.io/v1' && value.kind === 'CustomResourceDefinition';
}

function crdEntryOf(value: ReadonlyJsonObject, source: string): CrdEntry | undefined {
  if (!isCustomResourceDefinition(value)) return undefined;
  const spec = objectAt(value, 'spec');
  const names = objectAt(spec, 'names');
  const group = stringAt(spec, 'group');
  const kind = stringAt(names, 'kind');
  if (!group || !kind || !Array.isArray(spec?.versions)) return undefined;
  const versions: CrdVersion[] = [];
  for (const item of spec.versions as readonly ReadonlyJsonValue[]) {
    if (!isJsonObject(item) || typeof item.name !== 'string') continue;
    const schema = objectAt(objectAt(item, 'schema'), 'openAPIV3Schema');
    const statusSubresource = isJsonObject(objectAt(item, 'subresources')?.status);
    versions.push({ name: item.name, served: item.served === true, storage: item.storage === true, schema, statusSubresource });
  }
  return {
    group,
    kind,
    plural: stringAt(names, 'plural') ?? '',
    namespaced: spec.scope !== 'Cluster',
    versions,
    definition: value,
    source,
  };
}

function objectAt(value: ReadonlyJsonObject | undefined, key: string): ReadonlyJsonObject | undefined {
  const child = value?.[key];
  return isJsonObject(child) ? child : undefined;
}

function stringAt(value: ReadonlyJsonObject | undefined, key: string): string | undefined {
  const child = value?.[key];
  return typeof child === 'string' && child !== '' ? child : undefined;
}
