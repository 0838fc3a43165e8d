// The bookkeeping of kubesim's CEL cost estimate, as cel-go's checker/cost.go keeps it: the sizes of a list or
// map literal's entries (entrySizeEstimate), the comprehension variables in scope (scopes, with their path from
// the rule's variable and their sizes), and what a literal is and how big (computeExprSize).
import type { parse } from '@bufbuild/cel';
import { fixed, union, type Range } from './cel-cost-arithmetic';
import { BOOL, notEstimated, scalar, type CelType } from './cel-cost-types';

export type Expr = ReturnType<typeof parse>['expr'] & object;

export interface EntrySize {
  readonly container: 'list' | 'map';
  readonly key: Range;
  readonly value: Range;
}

export interface LocalVar {
  readonly path: readonly string[];
  readonly size: Range | undefined;
  readonly entrySize: EntrySize | undefined;
  readonly type: CelType;
}

export const ACCUMULATORS = new Set(['@result', '__result__', '@__result__']);

/** The comprehension variables in scope, innermost last. */
export class Scopes {
  private readonly stacks = new Map<string, LocalVar[]>();

  push(name: string, local: LocalVar): void {
    const stack = this.stacks.get(name) ?? [];
    stack.push(local);
    this.stacks.set(name, stack);
  }

  pop(name: string): void {
    this.stacks.get(name)?.pop();
  }

  peek(name: string): LocalVar | undefined {
    const stack = this.stacks.get(name);
    return stack && stack.length > 0 ? stack[stack.length - 1] : undefined;
  }
}

export function literalType(kind: string | undefined): CelType {
  const types: Record<string, CelType> = {
    boolValue: BOOL,
    int64Value: scalar('int'),
    uint64Value: scalar('uint'),
    doubleValue: scalar('double'),
    stringValue: scalar('string'),
    bytesValue: scalar('bytes'),
    nullValue: scalar('null'),
  };
  return types[kind ?? ''] ?? notEstimated(`a literal of kind ${String(kind)}`);
}

// computeExprSize: a string literal's runes, a bytes literal's bytes, one for other literals, a list or map
// literal's entries.
export function literalSize(expr: Expr): Range | undefined {
  const kind = expr.exprKind;
  if (kind.case === 'constExpr') {
    const constant = kind.value.constantKind;
    if (constant.case === 'stringValue') return fixed([...constant.value].length);
    if (constant.case === 'bytesValue') return fixed(constant.value.length);
    return fixed(1);
  }
  if (kind.case === 'listExpr') return fixed(kind.value.elements.length);
  if (kind.case === 'structExpr' && kind.value.messageName === '') return fixed(kind.value.entries.length);
  return undefined;
}

export function unionEntries(a: EntrySize | undefined, b: EntrySize | undefined): EntrySize | undefined {
  if (!a || !b) return undefined;
  return { container: a.container, key: union(a.key, b.key), value: union(a.value, b.value) };
}

export function conditionalType(a: CelType, b: CelType): CelType {
  return a.kind === 'dyn' ? b : a;
}

export function listConcatType(a: CelType, b: CelType): CelType {
  if (a.kind === 'list' && a.elem.kind !== 'dyn') return a;
  return b;
}

// A path from the rule's variable as a rule writes it: `self.spec.names[*]`, a map's values `[*]`, its keys `{key}`.
export function displayPath(path: readonly string[]): string {
  return path.map((name, index) => (name === '@items' || name === '@values' ? '[*]' : name === '@keys' ? '{key}' : index === 0 ? name : `.${name}`)).join('');
}
