// Reading package-keyed Go type expressions ("*core.Probe", "[]core.Container", "map[string]string").
import type { GoLayout } from './go-layout-types';

/** What a Go type expression is, with its parts. */
export type GoTypeShape =
  | { kind: 'pointer'; elem: string }
  | { kind: 'slice'; elem: string }
  | { kind: 'map'; key: string; value: string }
  | { kind: 'struct'; name: string }
  | { kind: 'string' | 'bool' | 'int' | 'uint' | 'float' };

const INT_KINDS = new Set(['int', 'int8', 'int16', 'int32', 'int64']);
const UINT_KINDS = new Set(['uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr']);

// Decoding asks for the same few hundred expressions over and over: remember each per layout.
const shapeCache = new WeakMap<GoLayout, Map<string, GoTypeShape>>();

/** The shape of `expr`, following named types to their underlying type. */
export function goTypeShape(layout: GoLayout, expr: string): GoTypeShape {
  let shapes = shapeCache.get(layout);
  if (!shapes) shapeCache.set(layout, (shapes = new Map()));
  let shape = shapes.get(expr);
  if (!shape) shapes.set(expr, (shape = computeShape(layout, expr)));
  return shape;
}

function computeShape(layout: GoLayout, expr: string): GoTypeShape {
  if (expr.startsWith('*')) return { kind: 'pointer', elem: expr.slice(1) };
  if (expr.startsWith('[]')) return { kind: 'slice', elem: expr.slice(2) };
  if (expr.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < expr.length; i++) {
      if (expr[i] === '[') depth++;
      else if (expr[i] === ']' && --depth === 0) return { kind: 'map', key: expr.slice(4, i), value: expr.slice(i + 1) };
    }
  }
  if (layout.structs[expr]) return { kind: 'struct', name: expr };
  const underlying = layout.named[expr];
  if (underlying) return computeShape(layout, underlying);
  if (expr === 'string') return { kind: 'string' };
  if (expr === 'bool') return { kind: 'bool' };
  if (INT_KINDS.has(expr)) return { kind: 'int' };
  if (UINT_KINDS.has(expr)) return { kind: 'uint' };
  if (expr === 'float32' || expr === 'float64') return { kind: 'float' };
  throw new Error(`unknown Go type ${expr}`);
}
