// A position inside a custom resource as apiextensions-apiserver names it: kube-openapi's validator path
// (`spec.rules[0].name`, a map key appended after a dot) and the segments that find the YAML node.
import { FieldPath, type PathSegment } from '../validation/field-error';

/** A path text with its segments; the root has empty text. */
export interface SchemaPath {
  readonly text: string;
  readonly segments: readonly PathSegment[];
}

export const ROOT_PATH: SchemaPath = { text: '', segments: [] };

/** A property or map key: kube-openapi appends `.key` (no escaping, also for keys with dots). */
export function childOf(path: SchemaPath, key: string): SchemaPath {
  return { text: path.text === '' ? key : `${path.text}.${key}`, segments: [...path.segments, key] };
}

export function indexOf(path: SchemaPath, index: number): SchemaPath {
  return { text: `${path.text}[${index}]`, segments: [...path.segments, index] };
}

/** The field.Path the API server prints for `path`, located at its segments. */
export function fieldPathOf(path: SchemaPath): FieldPath {
  return FieldPath.root(path.text).locatedAt(...path.segments);
}
