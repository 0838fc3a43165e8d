// What kubesim can tell of a CRD validation rule's compilation without cel-go's type checker: a rule the CEL
// grammar refuses, a name the release's environment does not declare (an identifier that is not `self`, `oldSelf`
// or a comprehension variable; a function of a library the release's NewExpressions environment lacks, or of no
// library at all), and a field the rule's `self` type does not have. Each issue is worded and placed as cel-go's
// checker reports it (checker/errors.go undeclaredReference and undefinedField: an identifier at its first
// character, a call at its opening parenthesis, a selection at its dot) and printed as common.Errors'
// ToDisplayString prints issues (sorted by position, each with its line and a caret). Overloads and result types
// are not checked (a rule that passes here may still fail to compile).
import { parse } from '@bufbuild/cel';
import { isAtLeast, isJsonObject, type KubernetesVersion, type ReadonlyJsonObject } from '@kubesim/engine';
import { hasTwoVariableComprehensions, MACROS, NAMESPACES, newExpressionFunctions, TYPE_NAMES } from './cel-environment';
import { escapePropertyName } from './cel-values';

type Schema = ReadonlyJsonObject;
type Expr = ReturnType<typeof parse>['expr'] & object;

/** The outcome of checking one expression. */
type CompileCheck =
  | { readonly status: 'issues'; readonly display: string }
  | { readonly status: 'syntax'; readonly why: string }
  | { readonly status: 'clean'; readonly usesOldSelf: boolean }
  | { readonly status: 'unknown' };

interface Issue {
  readonly offset: number;
  readonly message: string;
}

/** The type of `self` at a rule's node: its schema, and whether it is a resource root (apiVersion, kind, metadata). */
export interface SelfType {
  readonly schema: Schema;
  readonly isResourceRoot: boolean;
}

/** Checks `expression` in `version`'s environment with `self` typed by `self` (and `oldSelf` unless optional). */
export function checkCompilation(expression: string, self: SelfType, version: KubernetesVersion, optionalOldSelf: boolean): CompileCheck {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expression);
  } catch (error) {
    // Optional syntax (`.?`, `[?`) and quoted field names are cel-go grammar that kubesim's parser lacks.
    if (/[?`]/.test(expression)) return { status: 'unknown' };
    return { status: 'syntax', why: (error as Error).message };
  }
  if (!parsed.expr) return { status: 'unknown' };
  const walker = new Walker(expression, parsed.sourceInfo?.positions ?? {}, self, version, optionalOldSelf);
  walker.visit(parsed.expr, new Set());
  if (walker.gaveUp) return { status: 'unknown' };
  if (walker.issues.length === 0) return { status: 'clean', usesOldSelf: walker.usesOldSelf };
  return { status: 'issues', display: displayIssues(expression, walker.issues) };
}

// A static type as far as kubesim follows it: a schema node (object, map, list or scalar), or unknown.
type StaticType = { readonly schema: Schema; readonly isResourceRoot: boolean } | undefined;

class Walker {
  readonly issues: Issue[] = [];
  usesOldSelf = false;
  gaveUp = false;
  private readonly functions: ReadonlySet<string>;

  constructor(
    private readonly text: string,
    private readonly positions: Record<string, number>,
    private readonly self: SelfType,
    private readonly version: KubernetesVersion,
    private readonly optionalOldSelf: boolean,
  ) {
    this.functions = newExpressionFunctions(version);
  }

  private offsetOf(expr: Expr): number {
    return this.positions[String(expr.id)] ?? 0;
  }

  visit(expr: Expr, scope: ReadonlySet<string>): StaticType {
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'identExpr':
        return this.identifier(kind.value.name, expr, scope);
      case 'selectExpr': {
        if (!kind.value.operand) return undefined;
        const qualified = qualifiedName(kind.value.operand);
        if (qualified !== undefined && !scope.has(qualified.split('.')[0]!) && NAMESPACES.has(qualified.split('.')[0]!)) return undefined;
        const operand = this.visit(kind.value.operand, scope);
        return this.select(operand, kind.value.field, this.offsetOf(expr));
      }
      case 'callExpr':
        return this.call(expr, kind.value, scope);
      case 'comprehensionExpr': {
        const value = kind.value;
        if (value.iterRange) this.visit(value.iterRange, scope);
        if (value.accuInit) this.visit(value.accuInit, scope);
        const inner = new Set([...scope, value.accuVar]);
        for (const part of [value.loopCondition, value.loopStep]) if (part) this.visit(part, new Set([...inner, value.iterVar, value.iterVar2]));
        if (value.result) this.visit(value.result, inner);
        return undefined;
      }
      case 'listExpr':
        for (const element of kind.value.elements) this.visit(element, scope);
        return undefined;
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') this.visit(entry.keyKind.value, scope);
          if (entry.value) this.visit(entry.value, scope);
        }
        if (kind.value.messageName !== '') this.gaveUp = true;
        return undefined;
      default:
        return undefined;
    }
  }

  private identifier(name: string, expr: Expr, scope: ReadonlySet<string>): StaticType {
    if (scope.has(name)) return undefined;
    if (name === 'self') return this.self;
    if (name === 'oldSelf') {
      this.usesOldSelf = true;
      return this.optionalOldSelf ? undefined : this.self;
    }
    if (TYPE_NAMES.has(name) || NAMESPACES.has(name)) return undefined;
    this.issues.push({ offset: this.offsetOf(expr), message: `undeclared reference to '${name}' (in container '')` });
    return undefined;
  }

  // A selection on an object type must name one of its declared (escaped) fields; a map selects any key.
  private select(operand: StaticType, field: string, offset: number): StaticType {
    if (!operand) return undefined;
    const { schema } = operand;
    if (schema['x-kubernetes-int-or-string'] === true || schema.type !== 'object') return undefined;
    if (isJsonObject(schema.additionalProperties)) return { schema: schema.additionalProperties, isResourceRoot: isEmbedded(schema.additionalProperties) };
    const fields = declaredFields(operand);
    const found = fields.get(field);
    if (found) return found;
    // Preserved unknown fields are not visible to rules, but kubesim does not say so (it is not sure cel-go refuses them).
    if (schema['x-kubernetes-preserve-unknown-fields'] === true) return undefined;
    this.issues.push({ offset, message: `undefined field '${field}'` });
    return undefined;
  }

  private call(expr: Expr, call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value'], scope: ReadonlySet<string>): StaticType {
    const name = call.function;
    if (/^[_@!-]/.test(name)) {
      if (call.target) this.visit(call.target, scope);
      for (const arg of call.args) this.visit(arg, scope);
      return undefined;
    }
    const qualified = call.target ? qualifiedName(call.target) : undefined;
    const namespace = qualified !== undefined && !scope.has(qualified.split('.')[0]!) && NAMESPACES.has(qualified.split('.')[0]!);
    const fullName = namespace ? `${qualified}.${name}` : name;
    if (MACROS.has(name) || MACROS.has(fullName)) {
      // A macro kubesim's parser leaves as a call (two-variable comprehensions, transform*, sortBy, cel.bind):
      // its leading identifiers are variables. Without the macro the release reports every argument too.
      if (!macroCompiles(fullName, this.version)) this.gaveUp = true;
      if (call.target && !namespace) this.visit(call.target, scope);
      const inner = new Set(scope);
      for (const arg of call.args) {
        if (arg.exprKind.case === 'identExpr' && arg !== call.args[call.args.length - 1]) inner.add(arg.exprKind.value.name);
        else this.visit(arg, inner);
      }
      return undefined;
    }
    if (call.target && !namespace) this.visit(call.target, scope);
    for (const arg of call.args) this.visit(arg, scope);
    if (!this.functions.has(fullName)) {
      this.issues.push({ offset: this.parenthesisAfter(this.offsetOf(expr)), message: `undeclared reference to '${fullName}' (in container '')` });
    }
    return undefined;
  }

  // cel-go places a call at its opening parenthesis; kubesim's parser at the name (or the dot before it).
  private parenthesisAfter(offset: number): number {
    const open = this.text.indexOf('(', offset);
    return open < 0 ? offset : open;
  }
}

// Whether kubesim knows the release's environment has this macro (cel.bind: kubesim is not sure it has).
function macroCompiles(name: string, version: KubernetesVersion): boolean {
  if (name === 'cel.bind') return false;
  if (name === 'sortBy') return isAtLeast(version, '1.35');
  return hasTwoVariableComprehensions(version);
}

function qualifiedName(expr: Expr): string | undefined {
  const kind = expr.exprKind;
  if (kind.case === 'identExpr') return kind.value.name;
  if (kind.case === 'selectExpr' && kind.value.operand && !kind.value.testOnly) {
    const operand = qualifiedName(kind.value.operand);
    return operand === undefined ? undefined : `${operand}.${kind.value.field}`;
  }
  return undefined;
}

function isEmbedded(schema: Schema): boolean {
  return schema['x-kubernetes-embedded-resource'] === true;
}

const STRING: Schema = { type: 'string' };
const OBJECT_META: Schema = { type: 'object', properties: { name: STRING, generateName: STRING } };

// SchemaDeclType's fields: the escaped names of the properties that have a type (a resource root or an embedded
// resource sees apiVersion, kind and metadata.name/generateName, WithTypeAndObjectMeta). The name as written is
// accepted too: since 1.31's environment a keyword is recognized as a field name.
function declaredFields(type: NonNullable<StaticType>): Map<string, NonNullable<StaticType>> {
  const properties = isJsonObject(type.schema.properties) ? { ...type.schema.properties } : {};
  if (type.isResourceRoot) Object.assign(properties, { apiVersion: STRING, kind: STRING, metadata: OBJECT_META });
  const fields = new Map<string, NonNullable<StaticType>>();
  for (const [name, property] of Object.entries(properties)) {
    if (!isJsonObject(property) || !hasDeclType(property)) continue;
    const entry = { schema: property, isResourceRoot: isEmbedded(property) };
    const escaped = escapePropertyName(name);
    if (escaped !== undefined) fields.set(escaped, entry);
    fields.set(name, entry);
  }
  return fields;
}

// SchemaDeclType gives no type (so no field) to a schema without a known type or an array without items.
function hasDeclType(schema: Schema): boolean {
  if (schema['x-kubernetes-int-or-string'] === true) return true;
  if (schema.type === 'array') return isJsonObject(schema.items) && hasDeclType(schema.items);
  if (schema.type === 'object' && isJsonObject(schema.additionalProperties)) return hasDeclType(schema.additionalProperties);
  return ['object', 'string', 'boolean', 'number', 'integer'].includes(String(schema.type));
}

// common.Errors.ToDisplayString: `ERROR: <input>:line:column: message`, the line, and dots to a caret (full-width
// for a multi-byte character), issues sorted by position.
function displayIssues(text: string, issues: readonly Issue[]): string {
  const lines = text.split('\n');
  return [...issues]
    .sort((a, b) => a.offset - b.offset)
    .map((issue) => {
      const before = text.slice(0, issue.offset);
      const line = before.split('\n').length;
      const lineStart = before.lastIndexOf('\n') + 1;
      const column = [...text.slice(lineStart, issue.offset)].length;
      const snippet = (lines[line - 1] ?? '').replace(/\t/g, ' ');
      const runes = [...snippet];
      const wide = (rune: string | undefined) => rune !== undefined && new TextEncoder().encode(rune).length > 1;
      const dots = runes
        .slice(0, column)
        .map((rune) => (wide(rune) ? '\uff0e' : '.'))
        .join('');
      const caret = wide(runes[column]) ? '\uff3e' : '^';
      return `ERROR: <input>:${line}:${column + 1}: ${issue.message}\n | ${snippet}\n | ${dots}${caret}`;
    })
    .join('\n');
}
