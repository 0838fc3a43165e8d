// What the editor says about a custom resource's fields, from the schema of the CRD version that serves it:
// a field's description, type, enum values and default (hover), and the properties an object may hold
// (completion). The CRDs are the workspace's objects, those the workspace's Helm charts render (`rendered`, as
// check-file.ts's registry takes them) and the cluster's declared `crds:` paths.
import {
  isCustomResourceDefinition,
  isJsonObject,
  type ClusterSpec,
  type CrdSourceObject,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import type { PathSegment } from '../manifest/yaml-path';
import { declaredCrdObjects } from '../profile/declared-crds';
import { registryOf } from './crd-sources';

/** One field of a custom resource as its schema describes it. */
export interface CustomResourceField {
  readonly name: string;
  readonly type: string;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly default?: string;
  readonly required: boolean;
}

/** Where a schema came from: the CRD's name and the version. */
interface CustomResourceSchemaSource {
  readonly crd: string;
  readonly version: string;
}

function schemaOf(
  object: ManifestObject,
  candidates: readonly ManifestObject[],
  cluster: ClusterSpec,
  rendered: readonly CrdSourceObject[],
): { schema: ReadonlyJsonObject; source: CustomResourceSchemaSource } | undefined {
  const definitions: CrdSourceObject[] = candidates
    .filter((candidate) => isCustomResourceDefinition(candidate.value))
    .map((candidate) => ({ value: candidate.value, source: '' }));
  definitions.push(...rendered);
  if (cluster.declared.crds && cluster.declared.crds.length > 0) definitions.push(...declaredCrdObjects(cluster.declared.crds));
  if (definitions.length === 0) return undefined;
  const match = registryOf(definitions).match(object.apiVersion, object.kind);
  if (match?.status !== 'served' || !match.version.schema) return undefined;
  return { schema: match.version.schema, source: { crd: `${match.crd.plural}.${match.crd.group}`, version: match.version.name } };
}

// The schema of the node at `path`: properties, list items, map values.
function schemaAtPath(root: ReadonlyJsonObject, path: readonly PathSegment[]): { schema: ReadonlyJsonObject; required: boolean } | undefined {
  let schema: ReadonlyJsonObject = root;
  let required = false;
  for (const segment of path) {
    const properties = isJsonObject(schema.properties) ? schema.properties : undefined;
    let next: ReadonlyJsonValue | undefined;
    if (typeof segment === 'number') next = schema.items;
    else if (properties && isJsonObject(properties[segment])) {
      next = properties[segment];
      required = Array.isArray(schema.required) && (schema.required as readonly ReadonlyJsonValue[]).includes(segment);
    } else next = schema.additionalProperties;
    if (!isJsonObject(next)) return undefined;
    schema = next;
  }
  return { schema, required };
}

function typeText(schema: ReadonlyJsonObject): string {
  if (schema['x-kubernetes-int-or-string'] === true) return 'integer or string';
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  if (type === 'array' && isJsonObject(schema.items)) return `array of ${typeText(schema.items)}`;
  if (type === 'object' && isJsonObject(schema.additionalProperties)) return `map of ${typeText(schema.additionalProperties)}`;
  return type;
}

function fieldOf(name: string, schema: ReadonlyJsonObject, required: boolean): CustomResourceField {
  const field: { -readonly [K in keyof CustomResourceField]: CustomResourceField[K] } = { name, type: typeText(schema), required };
  if (typeof schema.description === 'string' && schema.description !== '') field.description = schema.description;
  if (Array.isArray(schema.enum))
    field.enum = (schema.enum as readonly ReadonlyJsonValue[]).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  if (schema.default !== undefined) field.default = JSON.stringify(schema.default);
  return field;
}

/** The field at `path` of a custom resource whose CRD is in sight, undefined otherwise (or for apiVersion, kind, metadata). */
export function customResourceFieldAt(
  object: ManifestObject,
  path: readonly PathSegment[],
  candidates: readonly ManifestObject[],
  cluster: ClusterSpec,
  rendered: readonly CrdSourceObject[] = [],
): { field: CustomResourceField; source: CustomResourceSchemaSource } | undefined {
  if (path.length === 0 || path[0] === 'apiVersion' || path[0] === 'kind' || path[0] === 'metadata') return undefined;
  const found = schemaOf(object, candidates, cluster, rendered);
  const at = found && schemaAtPath(found.schema, path);
  if (!found || !at) return undefined;
  const name = path
    .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`))
    .join('')
    .slice(1);
  return { field: fieldOf(name, at.schema, at.required), source: found.source };
}

/** The properties the object at `path` may hold, per its schema (undefined when the CRD is not in sight). */
export function customResourcePropertiesAt(
  object: ManifestObject,
  path: readonly PathSegment[],
  candidates: readonly ManifestObject[],
  cluster: ClusterSpec,
  rendered: readonly CrdSourceObject[] = [],
): CustomResourceField[] | undefined {
  const found = schemaOf(object, candidates, cluster, rendered);
  const at = found && schemaAtPath(found.schema, path);
  if (!at || !isJsonObject(at.schema.properties)) return undefined;
  const required = Array.isArray(at.schema.required) ? (at.schema.required as readonly ReadonlyJsonValue[]) : [];
  return Object.entries(at.schema.properties)
    .filter(([name, schema]) => isJsonObject(schema) && !(path.length === 0 && (name === 'apiVersion' || name === 'kind' || name === 'metadata')))
    .map(([name, schema]) => fieldOf(name, schema as ReadonlyJsonObject, required.includes(name)));
}
