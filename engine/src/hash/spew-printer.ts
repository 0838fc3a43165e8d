// The go-spew text that DeepHashObject (pkg/util/hash) feeds the hasher: ConfigState
// {SortKeys, DisableMethods, SpewKeys} with "%#v" (k8s.io/utils/dump.ForHash), following
// formatState.format and formatPtr in go-spew spew/format.go.
import type { GoLayout } from '../go-layout/go-layout-types';
import { goTypeString } from '../go-layout/go-layouts';
import { goTypeShape } from '../go-layout/go-types';
import type { GoValue } from './go-value';
import { utf8Bytes } from './utf8';

/** Prints `value` of Go type `expr` as `%#v` would, type prefix included. */
export function spewPrint(layout: GoLayout, value: GoValue, expr: string): string {
  const out: string[] = [];
  formatValue(layout, value, expr, false, out);
  return out.join('');
}

function formatValue(layout: GoLayout, value: GoValue, expr: string, ignoreType: boolean, out: string[]): void {
  const shape = goTypeShape(layout, expr);
  if (shape.kind === 'pointer') {
    // A nil pointer shows its own type; a set one shows "*" + the pointee's type, then the
    // pointee without a second prefix. In slices and maps the type becomes "<*>".
    if (value === null) {
      out.push(ignoreType ? '<nil>' : `(${goTypeString(expr)})<nil>`);
      return;
    }
    out.push(ignoreType ? '<*>' : `(${goTypeString(expr)})`);
    formatValue(layout, value, shape.elem, true, out);
    return;
  }
  if (!ignoreType) out.push(`(${goTypeString(expr)})`);
  switch (shape.kind) {
    case 'slice': {
      if (value === null) {
        out.push('<nil>');
        return;
      }
      out.push('[');
      (value as GoValue[]).forEach((item, index) => {
        if (index > 0) out.push(' ');
        formatValue(layout, item, shape.elem, true, out);
      });
      out.push(']');
      return;
    }
    case 'map': {
      if (value === null) {
        out.push('<nil>');
        return;
      }
      const entries = value as { [key: string]: GoValue };
      const keys = Object.keys(entries).sort(compareBytes);
      out.push('map[');
      keys.forEach((key, index) => {
        if (index > 0) out.push(' ');
        out.push(key, ':');
        formatValue(layout, entries[key]!, shape.value, true, out);
      });
      out.push(']');
      return;
    }
    case 'struct': {
      const fields = value as { [field: string]: GoValue };
      out.push('{');
      layout.structs[shape.name]!.forEach(([goName, , , type], index) => {
        if (index > 0) out.push(' ');
        out.push(goName, ':');
        formatValue(layout, fields[goName] ?? null, type, false, out);
      });
      out.push('}');
      return;
    }
    case 'bool':
      out.push(value === true ? 'true' : 'false');
      return;
    default:
      out.push(String(value ?? ''));
  }
}

// Go compares string map keys byte by byte (UTF-8), which differs from UTF-16 order past U+FFFF.
function compareBytes(a: string, b: string): number {
  if (/^[\x00-\x7f]*$/.test(a + b)) return a < b ? -1 : a > b ? 1 : 0;
  const left = utf8Bytes(a);
  const right = utf8Bytes(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! - right[i]!;
  return left.length - right.length;
}
