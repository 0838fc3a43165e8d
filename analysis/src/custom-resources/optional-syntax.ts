// cel-go's optional selection `a.?b` and optional indexing `a[?k]` (cel.OptionalTypes, CRD rules since 1.28) on a
// parser that lacks them: the text is rewritten into syntax it parses (`.?b` becomes a select of a marked field name,
// `[?k]` an index by a marked call), then the parsed tree's marked nodes become calls of cel-optional.ts's OPTIONAL_SELECT and OPTIONAL_INDEX
// (cel-optional.ts), and a selection or index whose operand is optional becomes optional too, as cel-go's
// applyQualifiers makes every qualifier after an optional one optional. Optional list and map entries are left as
// written (the parser refuses them and the rule is reported as not checked).
import type { parse } from '@bufbuild/cel';
import { OPTIONAL_INDEX, OPTIONAL_SELECT } from './cel-optional';

type Expr = ReturnType<typeof parse>['expr'] & object;
type Call = Extract<Expr['exprKind'], { case: 'callExpr' }>['value'];

const FIELD_MARK = '__kubesim_optional__';
const INDEX_MARK = '__kubesim_optional_index__';

// The end of the string literal starting at `start` (a quote, maybe after r/b prefixes), as CEL's lexer reads it.
function stringEnd(text: string, start: number): number {
  let prefix = start;
  while (prefix > 0 && /[rRbB]/.test(text[prefix - 1]!)) prefix--;
  const raw = /[rR]/.test(text.slice(prefix, start)) && (prefix === 0 || !/[\w]/.test(text[prefix - 1]!));
  const quote = text.startsWith(text[start]!.repeat(3), start) ? text[start]!.repeat(3) : text[start]!;
  for (let i = start + quote.length; i < text.length; i++) {
    if (!raw && text[i] === '\\') i++;
    else if (text.startsWith(quote, i)) return i + quote.length;
  }
  return text.length;
}

// The index of the `]` closing the bracket opened at `open`, skipping strings and nested brackets.
function closingBracket(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = stringEnd(text, i) - 1;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return c === ']' ? i : undefined;
  }
  return undefined;
}

/** The text with `.?name` and `a[?k]` marked for the parser, or undefined when the rule has no optional syntax. */
export function markOptionalSyntax(text: string): string | undefined {
  let out = '';
  let changed = false;
  const closers: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
      continue;
    }
    if (closers.length > 0 && closers[closers.length - 1] === i) {
      closers.pop();
      out += ')]';
      continue;
    }
    const select = c === '.' ? /^\.\s*\?\s*([A-Za-z_])/.exec(text.slice(i)) : null;
    if (select) {
      out += `.${FIELD_MARK}`;
      i += select[0].length - 2;
      changed = true;
      continue;
    }
    const index = c === '[' ? /^\[\s*\?/.exec(text.slice(i)) : null;
    if (index && /[\w)\]}'"]\s*$/.test(text.slice(0, i))) {
      const close = closingBracket(text, i);
      if (close === undefined) return undefined;
      closers.push(close);
      out += `[${INDEX_MARK}(`;
      i += index[0].length - 1;
      changed = true;
      continue;
    }
    out += c;
  }
  return changed ? out : undefined;
}

function callOf(expr: Expr, name: string, args: Expr[]): void {
  const call = { $typeName: 'cel.expr.Expr.Call', function: name, args } as unknown as Call;
  (expr as { exprKind: Expr['exprKind'] }).exprKind = { case: 'callExpr', value: call };
}

// Ids the parser never gives (it counts up from 1), so no planned node shares one.
let nextId = 1n << 40n;

function stringConstant(value: string): Expr {
  return {
    $typeName: 'cel.expr.Expr',
    id: nextId++,
    exprKind: { case: 'constExpr', value: { $typeName: 'cel.expr.Constant', constantKind: { case: 'stringValue', value } } },
  } as unknown as Expr;
}

/** Rewrites the marked nodes of a freshly parsed tree in place; true when `expr` gives an optional. */
export function lowerOptionalSyntax(expr: Expr): boolean {
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'selectExpr': {
      const { operand, field, testOnly } = kind.value;
      const optionalOperand = operand ? lowerOptionalSyntax(operand) : false;
      if (!operand || testOnly || (!field.startsWith(FIELD_MARK) && !optionalOperand)) return false;
      callOf(expr, OPTIONAL_SELECT, [operand, stringConstant(field.startsWith(FIELD_MARK) ? field.slice(FIELD_MARK.length) : field)]);
      return true;
    }
    case 'callExpr': {
      const call = kind.value;
      if (call.function === '_[_]' && call.args.length === 2) {
        const optionalOperand = lowerOptionalSyntax(call.args[0]!);
        const key = call.args[1]!;
        lowerOptionalSyntax(key);
        const marked = key.exprKind.case === 'callExpr' && key.exprKind.value.function === INDEX_MARK && key.exprKind.value.args.length === 1;
        if (!marked && !optionalOperand) return false;
        callOf(expr, OPTIONAL_INDEX, [call.args[0]!, marked ? (key.exprKind.value as Call).args[0]! : key]);
        return true;
      }
      if (call.target) lowerOptionalSyntax(call.target);
      for (const arg of call.args) lowerOptionalSyntax(arg);
      return false;
    }
    case 'comprehensionExpr': {
      const value = kind.value;
      for (const part of [value.iterRange, value.accuInit, value.loopCondition, value.loopStep, value.result]) if (part) lowerOptionalSyntax(part);
      return false;
    }
    case 'listExpr':
      for (const element of kind.value.elements) lowerOptionalSyntax(element);
      return false;
    case 'structExpr':
      for (const entry of kind.value.entries) {
        if (entry.keyKind.case === 'mapKey') lowerOptionalSyntax(entry.keyKind.value);
        if (entry.value) lowerOptionalSyntax(entry.value);
      }
      return false;
    default:
      return false;
  }
}
