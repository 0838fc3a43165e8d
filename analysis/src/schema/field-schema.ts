// What an editor knows about a field (its documentation, type, enum values and fields): the interface every
// schema source answers with, built-in kinds from the release's layouts and custom resources from their CRDs.
import type { ClusterSpec } from '@kubesim/engine';
import type { PathSegment } from '../manifest/yaml-path';

/** One field (or a whole object) as completion and hovers see it. Children are computed on demand. */
export interface FieldSchema {
  /** The type as a reader writes it: `integer`, `string`, `DeploymentSpec`, `[]Container`, `map[string]string`. */
  readonly type: string;
  /** An object with named fields, a list, a map from strings, or a scalar. */
  readonly shape: 'object' | 'list' | 'map' | 'scalar';
  /** The API's own description of the field. */
  readonly description?: string;
  /** The values the API documents for a string field. */
  readonly enum?: readonly string[];
  /** Where `description` and `enum` come from when it is not the selected release ("Kubernetes 1.36"). */
  readonly documentedIn?: string;
  /** The fields of an object, by JSON name, in declaration order. */
  properties?(): ReadonlyMap<string, FieldSchema>;
  /** The item of a list, or the value of a map. */
  element?(): FieldSchema;
}

/** A source of schemas by kind: built-in kinds from the layouts, custom resources from CRDs. */
export interface KindSchemaSource {
  /** The schema of a whole object of `apiVersion`/`kind` in `cluster`, or undefined when this source does not know it. */
  schemaFor(apiVersion: string, kind: string, cluster: ClusterSpec): FieldSchema | undefined;
}

/** The first answer of several sources, in order. */
export function firstSchemaFor(sources: readonly KindSchemaSource[], apiVersion: string, kind: string, cluster: ClusterSpec): FieldSchema | undefined {
  for (const source of sources) {
    const schema = source.schemaFor(apiVersion, kind, cluster);
    if (schema) return schema;
  }
  return undefined;
}

/** The schema at `path` under `root` (list indices are numbers, map keys and fields strings), or undefined. */
export function schemaAt(root: FieldSchema, path: readonly PathSegment[]): FieldSchema | undefined {
  let node: FieldSchema | undefined = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (node.shape === 'list' && typeof segment === 'number') node = node.element?.();
    else if (node.shape === 'map' && typeof segment === 'string') node = node.element?.();
    else if (node.shape === 'object' && typeof segment === 'string') node = node.properties?.().get(segment);
    else return undefined;
  }
  return node;
}
