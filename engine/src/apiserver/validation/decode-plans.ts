// What strict decoding needs to know about each Go type and struct of a release, worked out once per
// layout (every document of a workspace asks about the same few hundred types): the type after
// pointers, the types with their own UnmarshalJSON, the shape, the integer range, and each struct's
// JSON field table. Follows encoding/json's field resolution (typeFields: embedded structs flattened)
// and the integer kinds of reflect.
import { goTypeString } from '../../go-layout/go-layouts';
import { goTypeShape, type GoTypeShape } from '../../go-layout/go-types';
import type { GoLayout } from '../../go-layout/go-layout-types';

/** How decodeValue treats one type expression. */
export interface TypePlan {
  /** The type after following pointers (indirect allocates them). */
  type: string;
  /** Types decoded by their own UnmarshalJSON (or, for []uint8 given a string, by base64). */
  special: 'opaque' | 'bytes' | 'intstr' | 'quantity' | 'time' | undefined;
  /** Undefined for a type the layout cannot shape (not looked into). */
  shape: GoTypeShape | undefined;
  /** For int and uint shapes: the accepted values, `min <= value < limit` (bounds exact as doubles). */
  range: IntRange | undefined;
  /** The plan of the element (slice, pointer) or value (map) type, once asked for. */
  element?: TypePlan;
  /** The field table of a struct shape, once asked for. */
  table?: StructTable;
}

/** A Go integer type's range as doubles: `limit` is max + 1, a power of two, so the comparison stays exact. */
interface IntRange {
  min: number;
  limit: number;
}

/** A struct's JSON field names to the plans of their types, and the struct's name as Go prints it in an error context. */
export interface StructTable {
  fields: Map<string, TypePlan>;
  /** `DeploymentSpec` for `apps.DeploymentSpec`. */
  shortName: string;
}

/** The plans of one layout, shared by every decode: built on first use (links to other plans included), never changed after. */
export interface DecodePlans {
  layout: GoLayout;
  types: Map<string, TypePlan>;
  structs: Map<string, StructTable>;
}

const ALL_PLANS = new WeakMap<GoLayout, DecodePlans>();

/** The plans of `layout`, created on first use. */
export function decodePlansFor(layout: GoLayout): DecodePlans {
  let plans = ALL_PLANS.get(layout);
  if (!plans) ALL_PLANS.set(layout, (plans = { layout, types: new Map(), structs: new Map() }));
  return plans;
}

// Types with their own UnmarshalJSON that keep any JSON value as it is (RawExtension, apiextensions'
// JSON and its schema-or-x unions, managedFields' FieldsV1): strict decoding does not look inside.
const OPAQUE_TYPES = new Set([
  'runtime.RawExtension',
  'meta.FieldsV1',
  'apiextensions.JSON',
  'apiextensions.JSONSchemaPropsOrArray',
  'apiextensions.JSONSchemaPropsOrBool',
  'apiextensions.JSONSchemaPropsOrStringArray',
]);

// The ranges of Go's integer kinds; other integer kinds (uintptr) are checked as int64.
const INT_RANGES: Record<string, IntRange> = {
  int8: { min: -(2 ** 7), limit: 2 ** 7 },
  int16: { min: -(2 ** 15), limit: 2 ** 15 },
  int32: { min: -(2 ** 31), limit: 2 ** 31 },
  int64: { min: -(2 ** 63), limit: 2 ** 63 },
  int: { min: -(2 ** 63), limit: 2 ** 63 },
  uint8: { min: 0, limit: 2 ** 8 },
  uint16: { min: 0, limit: 2 ** 16 },
  uint32: { min: 0, limit: 2 ** 32 },
  uint64: { min: 0, limit: 2 ** 64 },
  uint: { min: 0, limit: 2 ** 64 },
};

/** Whether a JSON number fits a Go integer type: a whole number within its range. */
export function isInRange(value: number, range: IntRange): boolean {
  // For a whole double, `value < max + 1` is `value <= max` even where max + 1 is not representable exactly.
  return Number.isInteger(value) && value >= range.min && value < range.limit;
}

/** How to decode `expr`, worked out on first use. */
export function typePlanOf(plans: DecodePlans, expr: string): TypePlan {
  let plan = plans.types.get(expr);
  if (!plan) plans.types.set(expr, (plan = buildTypePlan(plans.layout, expr)));
  return plan;
}

/** The plan of the element type of a slice or pointer plan, or of the value type of a map plan. */
export function elementPlanOf(plans: DecodePlans, plan: TypePlan): TypePlan {
  if (plan.element) return plan.element;
  const shape = plan.shape;
  if (shape?.kind === 'map') return (plan.element = typePlanOf(plans, shape.value));
  if (shape?.kind === 'slice' || shape?.kind === 'pointer') return (plan.element = typePlanOf(plans, shape.elem));
  throw new Error(`${plan.type} has no element type`);
}

/** The field table of a struct plan. */
export function structTableOfPlan(plans: DecodePlans, plan: TypePlan): StructTable {
  if (plan.table) return plan.table;
  if (plan.shape?.kind !== 'struct') throw new Error(`${plan.type} is not a struct`);
  return (plan.table = structTableOf(plans, plan.shape.name));
}

function buildTypePlan(layout: GoLayout, expr: string): TypePlan {
  let type = expr;
  while (type.startsWith('*')) type = type.slice(1);
  const special = OPAQUE_TYPES.has(type)
    ? 'opaque'
    : type === '[]uint8'
      ? 'bytes'
      : type === 'intstr.IntOrString'
        ? 'intstr'
        : type === 'resource.Quantity'
          ? 'quantity'
          : type === 'meta.Time' || type === 'meta.MicroTime'
            ? 'time'
            : undefined;
  const shape = shapeOf(layout, type);
  const range = shape?.kind === 'int' || shape?.kind === 'uint' ? (INT_RANGES[underlyingName(layout, type)] ?? INT_RANGES.int64!) : undefined;
  return { type, special, shape, range };
}

function shapeOf(layout: GoLayout, expr: string): GoTypeShape | undefined {
  try {
    return goTypeShape(layout, expr);
  } catch {
    return undefined;
  }
}

function underlyingName(layout: GoLayout, type: string): string {
  let name = type;
  while (layout.named[name]) name = layout.named[name]!;
  return name;
}

/** Go's reflect name for a type (already past its pointers), as an UnmarshalTypeError prints it. */
export function targetTypeName(type: string): string {
  return goTypeString(type);
}

/** The JSON name to field table of a struct, with embedded structs flattened as encoding/json does. */
export function structTableOf(plans: DecodePlans, structName: string): StructTable {
  let table = plans.structs.get(structName);
  if (!table) {
    table = { fields: buildFields(plans, structName), shortName: structName.slice(structName.indexOf('.') + 1) };
    plans.structs.set(structName, table);
  }
  return table;
}

function buildFields(plans: DecodePlans, structName: string): Map<string, TypePlan> {
  const fields = new Map<string, TypePlan>();
  for (const [goName, jsonName, flags, type] of plans.layout.structs[structName] ?? []) {
    if (jsonName === '-') continue;
    if (jsonName === '' && flags.includes('e')) {
      const embedded = type.startsWith('*') ? type.slice(1) : type;
      for (const [name, fieldType] of structTableOf(plans, embedded).fields) if (!fields.has(name)) fields.set(name, fieldType);
      continue;
    }
    const name = jsonName === '' ? goName : jsonName;
    if (/^[A-Z]/.test(goName)) fields.set(name, typePlanOf(plans, type));
  }
  return fields;
}
