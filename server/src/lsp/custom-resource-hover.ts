// Hover on a custom resource's field: the description, type, enum values and default its CRD's schema gives.
import type { ClusterSpec, CrdSourceObject } from '@kubesim/engine';
import type { Hover, Position } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { customResourceFieldAt, locate, objectPathAt, objectsOf, type ManifestFile, type ManifestObject } from '@kubesim/analysis';

/** The hover for a custom resource's field at `position`, or null when its CRD is not in sight. */
export function provideCustomResourceHover(
  document: TextDocument,
  file: ManifestFile,
  position: Position,
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[] | undefined,
  renderedCrds: readonly CrdSourceObject[] = [],
): Hover | null {
  const offset = document.offsetAt(position);
  const manifest = file.documents.find((candidate) => offset >= candidate.start && offset <= candidate.end);
  const found = manifest && objectPathAt(manifest, offset);
  if (!found) return null;
  const described = customResourceFieldAt(found.object, found.path, [...objectsOf(file), ...(candidates ?? [])], cluster, renderedCrds);
  if (!described) return null;
  const { field, source } = described;
  const lines = [`**${field.name}** \`${field.type}\`${field.required ? ' (required)' : ''}`];
  if (field.description) lines.push('', field.description);
  if (field.enum) lines.push('', `One of: ${field.enum.map((value) => `\`${value}\``).join(', ')}`);
  if (field.default !== undefined) lines.push('', `Default: \`${field.default}\``);
  lines.push('', `_From the CustomResourceDefinition ${source.crd}, version ${source.version}._`);
  const location = locate(found.object, found.path);
  const span = (found.onKey ? location.key : location.value) ?? location.key ?? location.value;
  const hover: Hover = { contents: { kind: 'markdown', value: lines.join('\n') } };
  if (span) hover.range = { start: document.positionAt(span.start), end: document.positionAt(span.end) };
  return hover;
}
