// Completion in a custom resource: the enum values of the field whose value is being typed, and the properties
// an object may hold where a key is being typed (those it already has are left out), from its CRD's schema.
import type { ClusterSpec, CrdSourceObject, ReadonlyJsonValue } from '@kubesim/engine';
import { CompletionItemKind, MarkupKind, type CompletionItem, type Position } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  customResourceFieldAt,
  customResourcePropertiesAt,
  objectPathAt,
  objectsOf,
  parseManifestFile,
  type CustomResourceField,
  type ManifestFile,
  type ManifestObject,
} from '@kubesim/analysis';

// `  key: partial` with the cursor in the value; `  partial` or `  - partial` with the cursor in a key.
const VALUE_LINE = /^(\s*(?:-\s+)*)([A-Za-z_][\w-]*)(\s*:\s*)(["']?[\w.-]*)$/;
const KEY_LINE = /^(\s*)((?:-\s+)*)([A-Za-z_][\w-]*)?$/;

/** Where CRDs are in sight: the file's and the workspace's objects, and what the workspace's charts render. */
interface CrdsInSight {
  readonly candidates: readonly ManifestObject[];
  readonly rendered: readonly CrdSourceObject[];
}

/** The completion items for a custom resource at `position` (none when its CRD is not in sight). */
export function provideCustomResourceCompletion(
  document: TextDocument,
  file: ManifestFile,
  position: Position,
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[] | undefined,
  renderedCrds: readonly CrdSourceObject[] = [],
): CompletionItem[] {
  const offset = document.offsetAt(position);
  const lineStart = file.text.lastIndexOf('\n', offset - 1) + 1;
  const before = file.text.slice(lineStart, offset);
  const all: CrdsInSight = { candidates: [...objectsOf(file), ...(candidates ?? [])], rendered: renderedCrds };
  const value = VALUE_LINE.exec(before);
  if (value) return enumItems(document, file, lineStart + value[1]!.length, value[2]!, offset - value[4]!.length, offset, cluster, all);
  const key = KEY_LINE.exec(before);
  if (key) return propertyItems(document, file, lineStart, key[1]!.length + key[2]!.length, key[3] ?? '', offset, cluster, all);
  return [];
}

function enumItems(
  document: TextDocument,
  file: ManifestFile,
  keyOffset: number,
  key: string,
  start: number,
  offset: number,
  cluster: ClusterSpec,
  crds: CrdsInSight,
): CompletionItem[] {
  const manifest = file.documents.find((candidate) => keyOffset >= candidate.start && keyOffset < candidate.end);
  const found = manifest && objectPathAt(manifest, keyOffset + 1);
  if (!found || found.path[found.path.length - 1] !== key) return [];
  const field = customResourceFieldAt(found.object, found.path, crds.candidates, cluster, crds.rendered)?.field;
  if (!field?.enum) return [];
  const range = { start: document.positionAt(start), end: document.positionAt(offset) };
  return field.enum.map((choice) => ({ label: choice, kind: CompletionItemKind.EnumMember, detail: field.name, textEdit: { range, newText: choice } }));
}

// The key being typed belongs to the nearest line above with a smaller key column; a `- ` between them puts it in a list item.
function propertyItems(
  document: TextDocument,
  file: ManifestFile,
  lineStart: number,
  column: number,
  partial: string,
  offset: number,
  cluster: ClusterSpec,
  crds: CrdsInSight,
): CompletionItem[] {
  // The partial key does not parse as YAML yet: read the file without it.
  const text = file.text.slice(0, offset - partial.length) + file.text.slice(offset);
  const reread = partial === '' ? file : parseManifestFile(text);
  const lines = text.slice(0, lineStart).split('\n');
  let inItem = /-\s/.test(text.slice(lineStart, lineStart + column));
  let position = lineStart;
  for (let index = lines.length - 2; index >= 0; index--) {
    const line = lines[index]!;
    position -= line.length + 1;
    if (line.trim() === '' || line.trim().startsWith('#') || line.startsWith('---')) {
      if (line.startsWith('---')) return [];
      continue;
    }
    const dash = /^(\s*)((?:-\s+)*)/.exec(line)!;
    const keyColumn = dash[1]!.length + dash[2]!.length;
    if (keyColumn >= column) {
      // A sibling key of the same list item: the key being typed is in that item.
      if (dash[2] !== '' && dash[1]!.length < column) inItem = true;
      continue;
    }
    const parent = parentPath(reread, position + keyColumn, inItem);
    if (!parent) return [];
    return items(document, parent.object, parent.path, partial, offset, cluster, crds);
  }
  const manifest = reread.documents.find((candidate) => lineStart >= candidate.start && lineStart <= candidate.end);
  const object = manifest?.objects[0];
  return object && column === 0 ? items(document, object, [], partial, offset, cluster, crds) : [];
}

function parentPath(file: ManifestFile, keyOffset: number, inItem: boolean): { object: ManifestObject; path: (string | number)[] } | undefined {
  const manifest = file.documents.find((candidate) => keyOffset >= candidate.start && keyOffset < candidate.end);
  const found = manifest && objectPathAt(manifest, keyOffset + 1);
  if (!found) return undefined;
  const path: (string | number)[] = [...found.path];
  if (inItem) {
    const list = valueAt(found.object.value, path);
    path.push(Array.isArray(list) ? Math.max(0, list.length - 1) : 0);
  }
  return { object: found.object, path };
}

function valueAt(root: ReadonlyJsonValue, path: readonly (string | number)[]): ReadonlyJsonValue | undefined {
  let node: ReadonlyJsonValue | undefined = root;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = (node as readonly ReadonlyJsonValue[])[segment];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && typeof segment === 'string')
      node = (node as Record<string, ReadonlyJsonValue>)[segment];
    else return undefined;
  }
  return node;
}

function items(
  document: TextDocument,
  object: ManifestObject,
  path: readonly (string | number)[],
  partial: string,
  offset: number,
  cluster: ClusterSpec,
  crds: CrdsInSight,
): CompletionItem[] {
  const properties = customResourcePropertiesAt(object, path, crds.candidates, cluster, crds.rendered);
  if (!properties) return [];
  const present = valueAt(object.value, path);
  const has = (name: string) => present !== null && typeof present === 'object' && !Array.isArray(present) && name in present;
  const range = { start: document.positionAt(offset - partial.length), end: document.positionAt(offset) };
  return properties.filter((property) => !has(property.name)).map((property) => item(property, range));
}

function item(
  property: CustomResourceField,
  range: CompletionItem['textEdit'] extends infer T ? (T extends { range: infer R } ? R : never) : never,
): CompletionItem {
  const completion: CompletionItem = {
    label: property.name,
    kind: CompletionItemKind.Property,
    detail: `${property.type}${property.required ? ' (required)' : ''}`,
    textEdit: { range, newText: `${property.name}: ` },
  };
  if (property.description) completion.documentation = { kind: MarkupKind.Markdown, value: property.description };
  return completion;
}
