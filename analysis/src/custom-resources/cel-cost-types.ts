// The static types and nodes kubesim's CEL cost estimate works with: the part of cel-go's checked types the
// estimate reads (checker/cost.go asks a node's kind: list, map, struct, a scalar, an opaque Kubernetes type) and
// the AstNode it hands to a function's estimator (its path from `self`, its type, its computed size).
import type { Range } from './cel-cost-arithmetic';
import type { DeclType } from './cel-decl-type';

type ScalarKind = 'string' | 'bytes' | 'int' | 'uint' | 'double' | 'bool' | 'null' | 'duration' | 'timestamp' | 'type' | 'dyn';

/** A CEL type as far as the estimate needs it. */
export type CelType =
  | { readonly kind: 'list'; readonly elem: CelType }
  | { readonly kind: 'map'; readonly key: CelType; readonly value: CelType }
  | { readonly kind: 'object'; readonly decl?: DeclType }
  | { readonly kind: 'opaque'; readonly name: 'quantity' | 'ip' | 'cidr' | 'url' | 'semver' }
  | { readonly kind: ScalarKind };

export const scalar = (kind: ScalarKind): CelType => ({ kind });
export const DYN = scalar('dyn');
export const STRING = scalar('string');
export const BOOL = scalar('bool');
export const INT = scalar('int');

/** The CEL type a schema's DeclType declares. */
export function celTypeOf(decl: DeclType): CelType {
  switch (decl.kind) {
    case 'object':
      return { kind: 'object', decl };
    case 'list':
      return { kind: 'list', elem: celTypeOf(decl.elem!) };
    case 'map':
      return { kind: 'map', key: STRING, value: celTypeOf(decl.elem!) };
    default:
      return scalar(decl.kind);
  }
}

/** isScalar of checker/cost.go: a size of 1 whatever the value. */
export function isScalarType(type: CelType): boolean {
  return ['bool', 'double', 'duration', 'int', 'timestamp', 'uint'].includes(type.kind);
}

/** An argument or target as a function's cost estimator sees it (checker.AstNode). */
export interface CostNode {
  /** From the rule's variable (`self`, `oldSelf`, a comprehension variable), undefined for any other value. */
  readonly path: readonly string[] | undefined;
  readonly type: CelType;
  /** The size computed so far (checker's derivedSize), undefined when unknown. */
  readonly size: Range | undefined;
  /** The literal integer this node is, if it is one (split's limit). */
  readonly literalInt?: number;
}

/** Thrown where kubesim does not know what cel-go would estimate; the rule's cost is then not estimated. */
export class NotEstimated extends Error {}

export function notEstimated(why: string): never {
  throw new NotEstimated(why);
}
