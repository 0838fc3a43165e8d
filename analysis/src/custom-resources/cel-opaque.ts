// Opaque CEL values of the Kubernetes libraries (a quantity, an IP, a CIDR, a URL, a format, an optional): a map
// with one key no rule can write, holding the value's text. Two opaque values are equal when their texts are, so
// each library stores a text that is equal exactly when upstream's Equal says so.
import { isCelMap, type CelValue } from '@bufbuild/cel';

/** The opaque value of `kind` holding `text`. */
export function opaqueValue(kind: string, text: string): Map<string, string> {
  return new Map([[`\u0000kubernetes.${kind}`, text]]);
}

/** The text an opaque value of `kind` holds, or undefined for any other value. */
export function opaqueText(value: CelValue, kind: string): string | undefined {
  if (!isCelMap(value) || value.size !== 1) return undefined;
  const text = value.get(`\u0000kubernetes.${kind}`);
  return typeof text === 'string' ? text : undefined;
}

/** The text of an opaque value of `kind`, or cel-go's no-such-overload error. */
export function requireOpaque(value: CelValue, kind: string): string {
  const text = opaqueText(value, kind);
  if (text === undefined) throw new Error('no such overload');
  return text;
}

/** An evaluation kubesim cannot do faithfully: the rule is reported as not checked. */
export function notEvaluated(why: string): never {
  throw new Error(`kubesim does not evaluate ${why}`);
}
