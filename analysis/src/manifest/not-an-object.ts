// A document that is YAML but not an object (`hello`, `- a`, `12`). kubectl's resource builder
// (cli-runtime StreamVisitor) validates each document before decoding it: with the default
// --validate (strict), the schema validator (kubectl validation.ValidateSchema over schemaValidation's
// getObjectKind) refuses it; with --validate=false, decoding it into unstructured's kind detector fails.
import type { JsonValue } from '@kubesim/engine';
import type { SourceNode } from './source-tree';
import type { SyntaxProblem } from './source-span';

/** What `kubectl apply -f` prints after `error validating "FILE": ` for such a document. */
export const INVALID_OBJECT_MESSAGE =
  'error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false';

const TYPE_WORDS: Record<string, string> = { string: 'a string', number: 'a number', bool: 'a boolean', array: 'an array' };

/** The JSON type Go's encoding/json names in "cannot unmarshal TYPE into Go value", or undefined for an object or nothing. */
export function nonObjectJsonType(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))) return undefined;
  return Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value;
}

/** The error on a document whose value is not an object, on its content; `start` is the document's offset. */
export function notAnObjectProblem(value: JsonValue | undefined, tree: SourceNode | undefined, start: number, length: number): SyntaxProblem | undefined {
  const type = nonObjectJsonType(value);
  if (type === undefined) return undefined;
  const range = tree?.range;
  const [from, to] = range ? [range[0], range[1]] : [0, length];
  return {
    start: start + from,
    end: start + Math.max(to, from + 1),
    code: 'kubectl-not-an-object',
    message: `${INVALID_OBJECT_MESSAGE} (kubectl reads every document as an object; this one is ${TYPE_WORDS[type] ?? type})`,
    severity: 'error',
  };
}
