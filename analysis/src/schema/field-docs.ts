// The field documentation table the build derives from the `kubernetes-models` package (tools/gen-field-docs.mjs):
// the Kubernetes OpenAPI descriptions and enum values, keyed by group/version and type name.
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';

/** One type's documentation: its description and, per JSON field name, a description and enum values. */
export interface TypeDocs {
  readonly d?: string;
  readonly f: Readonly<Record<string, { readonly d?: string; readonly e?: readonly string[] }>>;
}

/** The whole table: the release it describes, where it came from, and `apps/v1.DeploymentSpec`-keyed types. */
export interface FieldDocTable {
  readonly release: string;
  readonly source: string;
  readonly types: Readonly<Record<string, TypeDocs>>;
}

/** The table in parsed JSON, or undefined when it has not the table's shape (a stale or foreign file). */
export function fieldDocTableOf(json: ReadonlyJsonValue): FieldDocTable | undefined {
  if (!isJsonObject(json) || typeof json.release !== 'string' || typeof json.source !== 'string' || !isJsonObject(json.types)) return undefined;
  return json as unknown as FieldDocTable;
}
