// The field documentation part of a hover: the field's type and the API's description, under kubesim's own facts.
import type { ClusterSpec } from '@kubesim/engine';
import { firstSchemaFor, type KindSchemaSource, type ManifestObject, type PathSegment, schemaAt } from '@kubesim/analysis';

/** Markdown for the field at `path` of `object`, or undefined when no schema source knows it. */
export function describeFieldDocumentation(
  object: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  sources: readonly KindSchemaSource[],
): string | undefined {
  const root = firstSchemaFor(sources, object.apiVersion, object.kind, cluster);
  if (!root) return undefined;
  // On `kind`, `apiVersion` or the document itself, the kind's own description.
  const atRoot = path.length === 0 || (path.length === 1 && (path[0] === 'kind' || path[0] === 'apiVersion'));
  const schema = atRoot ? root : schemaAt(root, path);
  if (!schema) return undefined;
  const name = atRoot ? `${object.kind} (${object.apiVersion})` : fieldName(path);
  const lines = [`**${name}** \`${schema.type}\``];
  if (schema.description) lines.push('', schema.description);
  else if (schema.enum) lines.push('', `One of ${schema.enum.map((value) => `\`${value}\``).join(', ')}.`);
  if (schema.documentedIn && (schema.description || schema.enum)) {
    lines.push('', `_From the ${schema.documentedIn} API documentation; this file is checked against Kubernetes ${cluster.version}._`);
  }
  return lines.join('\n');
}

// The last named segment: `containers[0]` when the cursor is on a list item.
function fieldName(path: readonly PathSegment[]): string {
  const last = path[path.length - 1];
  if (typeof last === 'number') return `${String(path[path.length - 2] ?? '')}[${last}]`;
  return String(last);
}
