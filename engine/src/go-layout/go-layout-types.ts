// The shape of the generated Go struct layout tables (one per Kubernetes release).

/**
 * One struct field: [Go name, JSON name, flags, Go type, markers?]. Flags: `o` omitempty,
 * `z` omitzero, `i` json inline, `e` embedded. Types use package keys (`core.Container`,
 * `meta.Time`, `resource.Quantity`); core, meta and apps all print as `v1.` in Go.
 */
export type GoField = [string, string, string, string, GoFieldMarkers?] | [string, string, string, string];

/** The `+default=` and `+featureGate=` markers written above a field. */
interface GoFieldMarkers {
  default?: string;
  featureGate?: string;
}

/** The struct and named-type declarations of one release. */
export interface GoLayout {
  /** The k8s.io/api tag the table was generated from. */
  release: string;
  /** Struct type name to its fields, in declaration order. */
  structs: Record<string, GoField[]>;
  /** Named non-struct type to its underlying type (`core.Protocol` -> `string`). */
  named: Record<string, string>;
  /** The kinds a client can create in each group/version a default cluster serves: kind -> [root struct, scope]. */
  resources: Record<string, Record<string, [string, 'namespaced' | 'cluster']>>;
  /** Every group/version of k8s.io/api at the tag (alpha and beta too) with the kinds its types declare. */
  groupVersions: Record<string, string[]>;
}
