// Completion: enum values (with the API server's default first), field names of every kind from its schema, names of
// the objects a field refers to (Services, ConfigMaps, Secrets, PVCs), label keys used in the folder, new-object snippets.
import type { ClusterSpec } from '@kubesim/engine';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Position, type Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  firstSchemaFor,
  keyPositionAt,
  type KeyPosition,
  type KindSchemaSource,
  type ManifestFile,
  type ManifestObject,
  objectReferenceAt,
  schemaAt,
  type FieldSchema,
} from '@kubesim/analysis';
import { computeEnumCompletion, enumCompletionItems, valuePositionAt, type ValuePosition } from './completion';
import { NEW_OBJECT_SNIPPETS } from './completion-snippets';

/** What completion reads besides the file: the cluster, the schema sources and the workspace's objects. */
interface CompletionSources {
  cluster: ClusterSpec;
  schemas: readonly KindSchemaSource[];
  candidates: readonly ManifestObject[];
}

/** The LSP completion items for a position in an open document. */
export function provideCompletion(document: TextDocument, file: ManifestFile, position: Position, sources: CompletionSources): CompletionItem[] {
  const offset = document.offsetAt(position);
  const enumCompletion = computeEnumCompletion(file, offset);
  if (enumCompletion) return enumCompletionItems(document, enumCompletion);
  const value = valuePositionAt(file, offset);
  if (value) return valueItems(document, value, sources);
  const key = keyPositionAt(file.text, offset);
  return key ? keyItems(document, key, sources) : [];
}

function rangeOf(document: TextDocument, start: number, end: number): Range {
  return { start: document.positionAt(start), end: document.positionAt(end) };
}

function namespaceOf(object: ManifestObject): string {
  return object.namespace ?? 'default';
}

// A value: the documented enum values of the field, else the names of the objects the field refers to.
function valueItems(document: TextDocument, value: ValuePosition, sources: CompletionSources): CompletionItem[] {
  const range = rangeOf(document, value.start, value.end);
  const root = firstSchemaFor(sources.schemas, value.object.apiVersion, value.object.kind, sources.cluster);
  const schema = root && schemaAt(root, value.path);
  if (schema?.enum) {
    return schema.enum.map((choice, i) => ({
      label: choice,
      kind: CompletionItemKind.EnumMember,
      detail: value.path.join('.'),
      sortText: String(i).padStart(3, '0'),
      textEdit: { range, newText: choice },
    }));
  }
  const reference = objectReferenceAt(value.object, value.path);
  if (reference?.by !== 'name') return [];
  const seen = new Set<string>();
  return sources.candidates.flatMap((candidate) => {
    if (!reference.kinds.includes(candidate.kind) || candidate.name === undefined || namespaceOf(candidate) !== namespaceOf(value.object)) return [];
    if (seen.has(`${candidate.kind}/${candidate.name}`)) return [];
    seen.add(`${candidate.kind}/${candidate.name}`);
    return [
      {
        label: candidate.name,
        kind: CompletionItemKind.Reference,
        detail: `${candidate.kind} ${candidate.name}`,
        textEdit: { range, newText: candidate.name },
      },
    ];
  });
}

// A key: new-object snippets at the top of an empty document, the fields of the mapping's schema, or label keys.
function keyItems(document: TextDocument, key: KeyPosition, sources: CompletionSources): CompletionItem[] {
  const range = rangeOf(document, key.start, key.end);
  if (key.kind === undefined && key.path.length === 0) {
    return NEW_OBJECT_SNIPPETS.map((snippet) => ({
      label: snippet.label,
      kind: CompletionItemKind.Snippet,
      detail: snippet.detail,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: snippet.body },
    }));
  }
  if (key.apiVersion === undefined || key.kind === undefined) return [];
  const root = firstSchemaFor(sources.schemas, key.apiVersion, key.kind, sources.cluster);
  const schema = root && schemaAt(root, key.path);
  if (!schema) return [];
  if (schema.shape === 'map' && isLabelMap(key)) return labelKeyItems(range, key, sources.candidates);
  if (schema.shape !== 'object') return [];
  const items: CompletionItem[] = [];
  let index = 0;
  for (const [name, field] of schema.properties?.() ?? []) {
    index++;
    if (key.siblings.has(name) || (key.path.length === 0 && (name === 'apiVersion' || name === 'kind'))) continue;
    items.push({
      label: name,
      kind: CompletionItemKind.Field,
      detail: field.type,
      documentation: documentationOf(field),
      sortText: String(index).padStart(3, '0'),
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: snippetOf(name, field) },
    });
  }
  return items;
}

function documentationOf(field: FieldSchema): CompletionItem['documentation'] {
  if (!field.description) return undefined;
  const source = field.documentedIn ? `\n\n_From the ${field.documentedIn} API documentation._` : '';
  return { kind: 'markdown', value: `${field.description}${source}` };
}

// The text a field name inserts: `name: ` for a scalar (a choice of its enum values), a nested block otherwise.
function snippetOf(name: string, field: FieldSchema): string {
  if (field.enum && field.enum.length > 0) return `${name}: \${1|${field.enum.map(escapeChoice).join(',')}|}`;
  if (field.shape === 'scalar') return `${name}: $0`;
  if (field.shape === 'list') return `${name}:\n- $0`;
  return `${name}:\n  $0`;
}

function escapeChoice(value: string): string {
  return value.replace(/[\\$}|,]/g, '\\$&');
}

function isLabelMap(key: KeyPosition): boolean {
  const last = key.path[key.path.length - 1];
  return last === 'labels' || last === 'matchLabels' || (key.kind === 'Service' && key.path.join('.') === 'spec.selector');
}

// Label keys written anywhere in the folder's objects (labels, template labels, selectors), each with its values.
function labelKeyItems(range: Range, key: KeyPosition, candidates: readonly ManifestObject[]): CompletionItem[] {
  const values = new Map<string, Set<string>>();
  const collect = (labels: unknown) => {
    if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return;
    for (const [name, value] of Object.entries(labels as Record<string, unknown>)) {
      if (typeof value !== 'string' || key.siblings.has(name)) continue;
      if (!values.has(name)) values.set(name, new Set());
      values.get(name)!.add(value);
    }
  };
  for (const candidate of candidates) {
    const { metadata, spec } = candidate.value as { metadata?: { labels?: unknown }; spec?: Record<string, unknown> };
    collect(metadata?.labels);
    const template = spec?.template as { metadata?: { labels?: unknown } } | undefined;
    collect(template?.metadata?.labels);
    const selector = spec?.selector as { matchLabels?: unknown } | undefined;
    collect(candidate.kind === 'Service' ? selector : selector?.matchLabels);
  }
  return [...values].map(([name, seen]) => ({
    label: name,
    kind: CompletionItemKind.Property,
    detail: `label used in the folder: ${[...seen].slice(0, 3).join(', ')}${seen.size > 3 ? ', …' : ''}`,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: `${name}: \${1|${[...seen].map(escapeChoice).join(',')}|}` },
  }));
}
