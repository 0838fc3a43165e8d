// The schemas of built-in kinds: fields and types from the selected release's Go layouts (k8s.io/api, generated),
// descriptions and enum values from the OpenAPI documentation table (`FieldDocTable`) when the server has one.
import { goLayoutFor, type ClusterSpec, type GoField, type GoLayout } from '@kubesim/engine';
import type { FieldDocTable, TypeDocs } from './field-docs';
import type { FieldSchema, KindSchemaSource } from './field-schema';

// Types whose own UnmarshalJSON takes something other than their Go shape, as a reader writes them.
const OPAQUE_TYPES: Record<string, string> = {
  'intstr.IntOrString': 'integer or string',
  'resource.Quantity': 'quantity',
  'meta.Time': 'time',
  'meta.MicroTime': 'time',
  'meta.Duration': 'duration',
  'runtime.RawExtension': 'object',
  'apiextensions.JSON': 'any',
  'apiextensions.JSONSchemaPropsOrArray': 'schema or list of schemas',
  'apiextensions.JSONSchemaPropsOrBool': 'schema or boolean',
  'apiextensions.JSONSchemaPropsOrStringArray': 'schema or list of strings',
  '[]byte': 'base64 string',
};
const PRIMITIVES: Record<string, string> = { string: 'string', bool: 'boolean', float32: 'number', float64: 'number' };

interface Documentation {
  description?: string;
  enum?: readonly string[];
}

/** Built-in kinds, as the release of the cluster serves them; one instance per documentation table. */
export class BuiltinSchemaSource implements KindSchemaSource {
  // Per layout: each struct's properties, made once when first asked.
  private readonly structs = new WeakMap<GoLayout, Map<string, ReadonlyMap<string, FieldSchema>>>();
  private readonly groupVersions = new WeakMap<GoLayout, Map<string, string>>();

  private loadDocs: (() => FieldDocTable | undefined) | undefined;
  private loadedDocs: FieldDocTable | undefined;

  /** `docs`: the table, or how to load it when first asked (the server reads it after start-up, not before `initialize`). */
  constructor(docs?: FieldDocTable | (() => FieldDocTable | undefined)) {
    if (typeof docs === 'function') this.loadDocs = docs;
    else this.loadedDocs = docs;
  }

  private get docs(): FieldDocTable | undefined {
    if (this.loadDocs) {
      this.loadedDocs = this.loadDocs();
      this.loadDocs = undefined;
    }
    return this.loadedDocs;
  }

  /** The release the documentation describes, or undefined without a table. */
  get docsRelease(): string | undefined {
    return this.docs?.release;
  }

  schemaFor(apiVersion: string, kind: string, cluster: ClusterSpec): FieldSchema | undefined {
    const layout = goLayoutFor(cluster.version);
    const root = layout.resources[apiVersion]?.[kind]?.[0];
    if (!root) return undefined;
    const documentedIn = this.docs && this.docs.release !== cluster.version ? `Kubernetes ${this.docs.release}` : undefined;
    return this.structSchema(layout, root, this.typeDocs(layout, root)?.d, documentedIn);
  }

  private structSchema(layout: GoLayout, name: string, description: string | undefined, documentedIn: string | undefined): FieldSchema {
    return {
      type: shortName(name),
      shape: 'object',
      description,
      documentedIn: description === undefined ? undefined : documentedIn,
      properties: () => this.cachedProperties(layout, name, documentedIn),
    };
  }

  private cachedProperties(layout: GoLayout, name: string, documentedIn: string | undefined): ReadonlyMap<string, FieldSchema> {
    let cache = this.structs.get(layout);
    if (!cache) this.structs.set(layout, (cache = new Map()));
    const key = `${documentedIn ?? ''} ${name}`;
    let properties = cache.get(key);
    if (!properties) cache.set(key, (properties = this.propertiesOf(layout, name, documentedIn)));
    return properties;
  }

  // A struct's fields by JSON name; an inline embedded struct's fields are the struct's own (as encoding/json reads them).
  private propertiesOf(layout: GoLayout, name: string, documentedIn: string | undefined, docs = this.typeDocs(layout, name)): Map<string, FieldSchema> {
    const properties = new Map<string, FieldSchema>();
    for (const field of layout.structs[name] ?? []) {
      const [, json, flags, type] = field;
      if (json === '' && flags.includes('i')) {
        const embedded = type.replace(/^\*/, '');
        const own = this.typeDocs(layout, embedded);
        for (const [key, value] of this.propertiesOf(layout, embedded, documentedIn, mergedDocs(docs, own))) properties.set(key, value);
        continue;
      }
      if (json === '' || json === '-') continue;
      properties.set(json, this.fieldSchema(layout, field, docs?.f[json] ?? {}, documentedIn));
    }
    return properties;
  }

  private fieldSchema(layout: GoLayout, field: GoField, docs: { d?: string; e?: readonly string[] }, documentedIn: string | undefined): FieldSchema {
    return this.typeSchema(layout, field[3], { description: docs.d, enum: docs.e }, documentedIn);
  }

  private typeSchema(layout: GoLayout, expr: string, docs: Documentation, documentedIn: string | undefined): FieldSchema {
    const documented = docs.description !== undefined || docs.enum !== undefined ? documentedIn : undefined;
    const scalar = (type: string): FieldSchema => ({ type, shape: 'scalar', ...docs, documentedIn: documented });
    const opaque = OPAQUE_TYPES[expr];
    if (opaque) return scalar(opaque);
    if (expr.startsWith('*')) return this.typeSchema(layout, expr.slice(1), docs, documentedIn);
    if (expr.startsWith('[]')) {
      const element = () => this.typeSchema(layout, expr.slice(2), {}, documentedIn);
      return { type: `[]${displayName(layout, expr.slice(2))}`, shape: 'list', ...docs, documentedIn: documented, element };
    }
    const map = /^map\[([^\]]+)\](.+)$/.exec(expr);
    if (map) {
      const element = () => this.typeSchema(layout, map[2]!, {}, documentedIn);
      return { type: `map[${displayName(layout, map[1]!)}]${displayName(layout, map[2]!)}`, shape: 'map', ...docs, documentedIn: documented, element };
    }
    if (layout.structs[expr]) return this.structSchema(layout, expr, docs.description ?? this.typeDocs(layout, expr)?.d, documentedIn);
    const underlying = layout.named[expr];
    if (underlying) return this.typeSchema(layout, underlying, docs, documentedIn);
    return scalar(PRIMITIVES[expr] ?? (/^u?int\d*$/.test(expr) ? 'integer' : expr));
  }

  // `apps.DeploymentSpec` -> the table's `apps/v1.DeploymentSpec`; the package's group/version comes from the
  // layout's own resources (the package of each creatable kind's root struct).
  private typeDocs(layout: GoLayout, name: string): TypeDocs | undefined {
    if (!this.docs) return undefined;
    const dot = name.indexOf('.');
    const groupVersion = this.groupVersionsOf(layout).get(name.slice(0, dot));
    return groupVersion === undefined ? undefined : this.docs.types[`${groupVersion}.${name.slice(dot + 1)}`];
  }

  private groupVersionsOf(layout: GoLayout): Map<string, string> {
    let known = this.groupVersions.get(layout);
    if (known) return known;
    known = new Map([['meta', 'meta/v1']]);
    for (const [groupVersion, kinds] of Object.entries(layout.resources)) {
      for (const [root] of Object.values(kinds)) known.set(root.slice(0, root.indexOf('.')), groupVersion);
    }
    this.groupVersions.set(layout, known);
    return known;
  }
}

// The embedding struct's documentation wins (the OpenAPI flattens inline fields into it); the embedded one fills in.
function mergedDocs(outer: TypeDocs | undefined, inner: TypeDocs | undefined): TypeDocs | undefined {
  if (!outer || !inner) return outer ?? inner;
  return { d: outer.d, f: { ...inner.f, ...outer.f } };
}

function shortName(name: string): string {
  return name.slice(name.indexOf('.') + 1);
}

function displayName(layout: GoLayout, expr: string): string {
  if (OPAQUE_TYPES[expr]) return OPAQUE_TYPES[expr];
  if (expr.startsWith('*')) return displayName(layout, expr.slice(1));
  if (expr.startsWith('[]') || expr.startsWith('map[')) return expr.replace(/\b[a-z0-9]+\.([A-Z]\w*)/g, '$1');
  if (layout.structs[expr]) return shortName(expr);
  const underlying = layout.named[expr];
  if (underlying) return displayName(layout, underlying);
  return PRIMITIVES[expr] ?? (/^u?int\d*$/.test(expr) ? 'integer' : expr);
}
