// The worst-case cost of a CRD validation rule, estimated as the API server estimates it when the CRD is written:
// cel-go's checker/cost.go (Cost: each identifier and field selection one unit, a comprehension its range's size
// times its step, string operations by the sizes they traverse) with the Kubernetes library estimates and the
// CRD's size estimator (apiextensions-apiserver pkg/apiserver/schema/cel/compilation.go sizeEstimator: a value
// reached from `self` by fields, `@items`, `@values` and `@keys` holds at most its DeclType's maxElements).
// `has()` costs nothing beyond its operand (base.go's PresenceTestHasCost(false)). kubesim has no type checker:
// it follows the types the schema gives and the functions it knows, and gives no estimate (undefined) for the
// rest rather than guess. 1.32's cel-go (v0.22) estimated sizes differently (no sizes of literals' entries or of
// comprehension variables); kubesim restates the estimator of 1.33 and later and gives 1.32 no estimate.
import { parse } from '@bufbuild/cel';
import { isAtLeast, type KubernetesVersion } from '@kubesim/engine';
import {
  add,
  byFactor,
  fixed,
  LIST_CREATE_BASE_COST,
  MAP_CREATE_BASE_COST,
  multiply,
  SELECT_AND_IDENT_COST,
  STRING_TRAVERSAL_COST_FACTOR,
  STRUCT_CREATE_BASE_COST,
  sum,
  union,
  UNKNOWN_SIZE,
  ZERO,
  type Range,
} from './cel-cost-arithmetic';
import { callCost } from './cel-cost-functions';
import { BOOL, celTypeOf, DYN, isScalarType, NotEstimated, notEstimated, scalar, type CelType, type CostNode } from './cel-cost-types';
import type { DeclType } from './cel-decl-type';
import { NAMESPACES } from './cel-environment';
import {
  ACCUMULATORS,
  conditionalType,
  listConcatType,
  literalSize,
  literalType,
  Scopes,
  unionEntries,
  displayPath,
  type EntrySize,
  type Expr,
  type LocalVar,
} from './cel-cost-scopes';

/** A rule's estimated cost and the type it evaluates to. */
interface RuleCostEstimate {
  readonly cost: Range;
  readonly type: CelType;
  /** The values the rule reads whose size no declared limit bounds: their path from `self` and the limit they lack. */
  readonly unbounded: readonly { readonly path: string; readonly limit: string }[];
}

/** The estimate of `expression` with `self` (and `oldSelf`) of type `root`, or undefined where kubesim cannot tell. */
export function estimateRuleCost(expression: string, root: DeclType, version: KubernetesVersion, optionalOldSelf: boolean): RuleCostEstimate | undefined {
  if (!isAtLeast(version, '1.33')) return undefined;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expression);
  } catch {
    return undefined;
  }
  if (!parsed.expr) return undefined;
  try {
    const coster = new Coster(root, version, optionalOldSelf);
    const cost = coster.cost(parsed.expr);
    return { cost, type: coster.typeOf(parsed.expr), unbounded: [...coster.unbounded].map(([path, limit]) => ({ path, limit })) };
  } catch (error) {
    if (error instanceof NotEstimated) return undefined;
    throw error;
  }
}

class Coster {
  private readonly paths = new Map<Expr, readonly string[]>();
  private readonly sizes = new Map<Expr, Range>();
  private readonly entrySizes = new Map<Expr, EntrySize>();
  private readonly types = new Map<Expr, CelType>();
  private readonly locals = new Scopes();
  readonly unbounded = new Map<string, string>();

  constructor(
    private readonly root: DeclType,
    private readonly version: KubernetesVersion,
    private readonly optionalOldSelf: boolean,
  ) {}

  typeOf(expr: Expr): CelType {
    return this.types.get(expr) ?? DYN;
  }

  cost(expr: Expr): Range {
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'constExpr':
        this.types.set(expr, literalType(kind.value.constantKind.case));
        return ZERO;
      case 'identExpr':
        return this.ident(expr, kind.value.name);
      case 'selectExpr':
        return this.select(expr, kind.value);
      case 'callExpr':
        return this.call(expr, kind.value);
      case 'listExpr':
        return this.createList(expr, kind.value.elements);
      case 'structExpr':
        return this.createMapOrStruct(expr, kind.value);
      case 'comprehensionExpr':
        return this.comprehension(expr, kind.value);
      default:
        return notEstimated(`an expression of kind ${String(kind.case)}`);
    }
  }

  private ident(expr: Expr, name: string): Range {
    const local = this.peek(name);
    if (local) {
      this.paths.set(expr, local.path);
      this.types.set(expr, local.type);
    } else {
      this.paths.set(expr, [name]);
      if (name === 'self' || (name === 'oldSelf' && !this.optionalOldSelf)) this.types.set(expr, celTypeOf(this.root));
      else if (['int', 'uint', 'double', 'string', 'bytes', 'bool', 'list', 'map', 'null_type', 'type'].includes(name)) this.types.set(expr, scalar('type'));
      else notEstimated(`the identifier ${name}`);
    }
    return fixed(SELECT_AND_IDENT_COST);
  }

  private select(expr: Expr, select: Extract<Expr['exprKind'], { case: 'selectExpr' }>['value']): Range {
    const operand = select.operand ?? notEstimated('a selection without operand');
    if (select.testOnly) {
      this.types.set(expr, BOOL);
      return this.cost(operand);
    }
    let total = this.cost(operand);
    const operandType = this.typeOf(operand);
    if (operandType.kind === 'map' || operandType.kind === 'object') total = add(total, fixed(SELECT_AND_IDENT_COST));
    this.paths.set(expr, [...this.pathOf(operand), select.field]);
    this.types.set(expr, this.fieldType(expr, operandType));
    return total;
  }

  // The selected field's type: the schema's, found by the path from `self`; a map's value type.
  private fieldType(expr: Expr, operand: CelType): CelType {
    if (operand.kind === 'map') return operand.value;
    if (operand.kind === 'dyn') return DYN;
    if (operand.kind !== 'object') return notEstimated(`a field of a ${operand.kind}`);
    const field = expr.exprKind.case === 'selectExpr' ? operand.decl?.fields?.get(expr.exprKind.value.field) : undefined;
    return field ? celTypeOf(field) : notEstimated('a field the schema does not type');
  }

  private call(expr: Expr, call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value']): Range {
    const name = this.functionName(call);
    const hasTarget = call.target !== undefined && !name.includes('.');
    if (name === 'dyn' && call.args.length === 1) {
      const arg = call.args[0]!;
      const argCost = this.cost(arg);
      this.copySizes(expr, arg);
      this.types.set(expr, DYN);
      return add(fixed(1), argCost);
    }
    const argCosts = call.args.map((arg) => this.cost(arg));
    const args = call.args.map((arg) => this.node(arg));
    let total = ZERO;
    let target: CostNode | undefined;
    if (hasTarget) {
      total = this.cost(call.target!);
      target = this.node(call.target!);
    }
    const special = this.operatorCost(expr, name, call.args, args, argCosts);
    if (special) {
      this.types.set(expr, special.type);
      if (special.resultSize) this.sizes.set(expr, special.resultSize);
      else this.setComputedSize(expr);
      return add(total, special.cost);
    }
    const result = callCost({ name, target, args, argCosts, version: this.version, pathSize: (path) => this.pathSize(path) });
    this.types.set(expr, result.type);
    if (result.resultSize) this.sizes.set(expr, result.resultSize);
    else this.setComputedSize(expr);
    return add(total, result.cost);
  }

  private functionName(call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value']): string {
    const target = call.target;
    if (target?.exprKind.case === 'identExpr' && NAMESPACES.has(target.exprKind.value.name) && !this.peek(target.exprKind.value.name)) {
      const qualified = `${target.exprKind.value.name}.${call.function}`;
      if (qualified !== 'ip.isCanonical') notEstimated(`the function ${qualified}`);
      return qualified;
    }
    return call.function;
  }

  // The overloads whose estimate reads the sizes of their entries: &&, ||, the conditional, concatenation, index.
  private operatorCost(expr: Expr, name: string, exprs: readonly Expr[], args: readonly CostNode[], argCosts: readonly Range[]) {
    const argSum = sum(argCosts);
    switch (name) {
      case '_&&_':
      case '_||_':
        return { cost: { min: argCosts[0]!.min, max: add(argCosts[0]!, argCosts[1]!).max }, type: BOOL };
      case '_?_:_': {
        const size = union(args[1]!.size ?? UNKNOWN_SIZE, args[2]!.size ?? UNKNOWN_SIZE);
        this.setEntrySize(expr, unionEntries(this.entrySizeOf(exprs[1]!), this.entrySizeOf(exprs[2]!)));
        return { cost: add(argCosts[0]!, union(argCosts[1]!, argCosts[2]!)), type: conditionalType(args[1]!.type, args[2]!.type), resultSize: size };
      }
      case '_+_': {
        const kind = args[0]!.type.kind;
        if (kind === 'dyn' || args[1]!.type.kind === 'dyn') return notEstimated('`+` on a dynamic value');
        if (kind !== 'string' && kind !== 'bytes' && kind !== 'list') return undefined;
        const resultSize = add(args[0]!.size ?? UNKNOWN_SIZE, args[1]!.size ?? UNKNOWN_SIZE);
        this.setEntrySize(expr, unionEntries(this.entrySizeOf(exprs[0]!), this.entrySizeOf(exprs[1]!)));
        const cost = kind === 'list' ? add(fixed(1), argSum) : add(byFactor(resultSize, STRING_TRAVERSAL_COST_FACTOR), argSum);
        return { cost, type: kind === 'list' ? listConcatType(args[0]!.type, args[1]!.type) : args[0]!.type, resultSize };
      }
      case '_[_]': {
        const container = args[0]!.type;
        if (container.kind !== 'list' && container.kind !== 'map') return notEstimated(`an index into a ${container.kind}`);
        this.paths.set(expr, [...this.pathOf(exprs[0]!), container.kind === 'list' ? '@items' : '@values']);
        const entry = this.entrySizeOf(exprs[0]!);
        const type = container.kind === 'list' ? container.elem : container.value;
        return { cost: add(fixed(1), argSum), type, ...(entry ? { resultSize: entry.value } : {}) };
      }
    }
    return undefined;
  }

  private createList(expr: Expr, elements: readonly Expr[]): Range {
    let total = ZERO;
    let itemSize: Range = { min: elements.length === 0 ? 0 : 2 ** 64, max: 0 };
    let elem: CelType = DYN;
    for (const element of elements) {
      total = add(total, this.cost(element));
      itemSize = union(itemSize, this.computeSize(element) ?? UNKNOWN_SIZE);
      if (elem.kind === 'dyn') elem = this.typeOf(element);
    }
    this.setEntrySize(expr, { container: 'list', key: fixed(1), value: itemSize });
    this.types.set(expr, { kind: 'list', elem });
    return add(total, fixed(LIST_CREATE_BASE_COST));
  }

  private createMapOrStruct(expr: Expr, struct: Extract<Expr['exprKind'], { case: 'structExpr' }>['value']): Range {
    if (struct.messageName !== '') {
      const total = sum(struct.entries.map((entry) => (entry.value ? this.cost(entry.value) : ZERO)));
      this.types.set(expr, { kind: 'object' });
      return add(total, fixed(STRUCT_CREATE_BASE_COST));
    }
    let total = ZERO;
    const empty = struct.entries.length === 0;
    let keySize: Range = { min: empty ? 0 : 2 ** 64, max: 0 };
    let valueSize: Range = { min: empty ? 0 : 2 ** 64, max: 0 };
    let key: CelType = DYN;
    let value: CelType = DYN;
    for (const entry of struct.entries) {
      if (entry.keyKind.case !== 'mapKey' || !entry.value) return notEstimated('an optional map entry');
      total = add(add(total, this.cost(entry.keyKind.value)), this.cost(entry.value));
      keySize = union(keySize, this.computeSize(entry.keyKind.value) ?? UNKNOWN_SIZE);
      valueSize = union(valueSize, this.computeSize(entry.value) ?? UNKNOWN_SIZE);
      if (key.kind === 'dyn') key = this.typeOf(entry.keyKind.value);
      if (value.kind === 'dyn') value = this.typeOf(entry.value);
    }
    this.setEntrySize(expr, { container: 'map', key: keySize, value: valueSize });
    this.types.set(expr, { kind: 'map', key, value });
    return add(total, fixed(MAP_CREATE_BASE_COST));
  }

  private comprehension(expr: Expr, comp: Extract<Expr['exprKind'], { case: 'comprehensionExpr' }>['value']): Range {
    const { iterRange, accuInit, loopCondition, loopStep, result } = comp;
    if (!iterRange || !accuInit || !loopCondition || !loopStep || !result) return notEstimated('an incomplete comprehension');
    if (comp.iterVar2 !== '') return notEstimated('a two-variable comprehension');
    let total = add(this.cost(iterRange), this.cost(accuInit));
    this.push(comp.accuVar, {
      path: this.pathOf(accuInit),
      size: this.computeSize(accuInit),
      entrySize: this.entrySizeOf(accuInit),
      type: this.typeOf(accuInit),
    });
    const rangeType = this.typeOf(iterRange);
    if (rangeType.kind !== 'list' && rangeType.kind !== 'map') return notEstimated(`a comprehension over a ${rangeType.kind}`);
    const entry = this.entrySizeOf(iterRange);
    const container = entry?.container ?? rangeType.kind;
    const isList = container === 'list';
    this.push(comp.iterVar, {
      path: [...this.pathOf(iterRange), isList ? '@items' : '@keys'],
      size: entry ? (isList ? entry.value : entry.key) : undefined,
      entrySize: undefined,
      type: rangeType.kind === 'list' ? rangeType.elem : rangeType.key,
    });
    const loopCost = this.cost(loopCondition);
    const stepCost = this.cost(loopStep);
    this.pop(comp.iterVar);
    total = add(total, this.cost(result));
    this.pop(comp.accuVar);
    const rangeCount = this.computeSize(iterRange) ?? UNKNOWN_SIZE;
    total = add(total, multiply(rangeCount, add(stepCost, loopCost)));
    const accuKind = accuInit.exprKind.case;
    if (accuKind === 'constExpr') {
      const size = this.computeSize(accuInit);
      if (size) this.sizes.set(expr, size);
      this.types.set(expr, this.typeOf(result));
    } else if (accuKind === 'listExpr' || accuKind === 'structExpr') {
      this.sizes.set(expr, rangeCount);
      const stepEntry = this.entrySizeOf(loopStep);
      if (stepEntry) this.setEntrySize(expr, stepEntry);
      this.types.set(expr, this.typeOf(loopStep));
    } else this.types.set(expr, this.typeOf(result));
    return total;
  }

  // checker's newAstNode: a path from an accumulator is no path.
  private node(expr: Expr): CostNode {
    const path = this.pathOf(expr);
    const literal = expr.exprKind.case === 'constExpr' ? expr.exprKind.value.constantKind : undefined;
    const literalInt = literal?.case === 'int64Value' ? Number(literal.value) : undefined;
    return {
      path: path.length > 0 && ACCUMULATORS.has(path[0]!) ? undefined : path,
      type: this.typeOf(expr),
      size: this.computeSize(expr),
      ...(literalInt !== undefined ? { literalInt } : {}),
    };
  }

  private pathOf(expr: Expr): readonly string[] {
    if (expr.exprKind.case === 'identExpr') {
      const local = this.peek(expr.exprKind.value.name);
      if (local) return local.path;
    }
    return this.paths.get(expr) ?? [];
  }

  // computeSize: a computed size, a literal's, the schema's for the path, a scalar's one, a local variable's.
  private computeSize(expr: Expr): Range | undefined {
    const computed = this.sizes.get(expr);
    if (computed) return computed;
    const literal = literalSize(expr);
    if (literal) return literal;
    const fromPath = this.pathSize(this.pathOf(expr));
    if (fromPath) {
      this.sizes.set(expr, fromPath);
      return fromPath;
    }
    if (isScalarType(this.typeOf(expr))) return fixed(1);
    if (expr.exprKind.case === 'identExpr') return this.peek(expr.exprKind.value.name)?.size;
    return undefined;
  }

  private setComputedSize(expr: Expr): void {
    const size = this.computeSize(expr);
    if (size) this.sizes.set(expr, size);
  }

  private copySizes(to: Expr, from: Expr): void {
    const size = this.computeSize(from);
    if (size) this.sizes.set(to, size);
    this.setEntrySize(to, this.entrySizeOf(from));
  }

  // computeEntrySize: a computed entry size, else a local variable's.
  private entrySizeOf(expr: Expr): EntrySize | undefined {
    const computed = this.entrySizes.get(expr);
    if (computed) return computed;
    return expr.exprKind.case === 'identExpr' ? this.peek(expr.exprKind.value.name)?.entrySize : undefined;
  }

  private setEntrySize(expr: Expr, size: EntrySize | undefined): void {
    if (size) this.entrySizes.set(expr, size);
  }

  // compilation.go sizeEstimator.EstimateSize: the first element (the variable) is the rule's root.
  pathSize(path: readonly string[] | undefined): Range | undefined {
    if (!path || path.length === 0) return undefined;
    const decl = this.declAt(path);
    if (decl?.missingLimit && (path[0] === 'self' || path[0] === 'oldSelf')) this.unbounded.set(displayPath(path), decl.missingLimit);
    return decl ? { min: 0, max: decl.maxElements } : undefined;
  }

  private declAt(path: readonly string[]): DeclType | undefined {
    let node: DeclType | undefined = this.root;
    for (const name of path.slice(1)) {
      if (!node) return undefined;
      if (name === '@items' || name === '@values') node = node.elem;
      else if (name === '@keys') node = node.key;
      else node = node.fields?.get(name);
    }
    return node;
  }

  private push(name: string, local: LocalVar): void {
    this.locals.push(name, local);
  }

  private pop(name: string): void {
    this.locals.pop(name);
  }

  private peek(name: string): LocalVar | undefined {
    return this.locals.peek(name);
  }
}
