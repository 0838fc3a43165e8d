// Outline, folding, go to definition and find references: the analysis's navigation turned into LSP answers.
import {
  type Connection,
  type DocumentSymbol,
  type FoldingRange,
  FoldingRangeKind,
  type Location,
  SymbolKind,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  findReferencesTo,
  foldingLinesOf,
  LineIndex,
  locate,
  objectPathAt,
  objectReferenceAt,
  outlineOf,
  resolveReference,
  type ManifestFile,
  type ManifestObject,
  type OutlineSymbol,
  type PathSegment,
  type SourceSpan,
} from '@kubesim/analysis';
import type { ManifestStore } from './document-store';
import { isManifestDocument } from './is-manifest-document';
import type { RenderedPlace } from './kustomize-navigation';

/** Where objects of the workspace are, and the text of any indexed file (for positions in it). */
interface NavigationWorkspace {
  objects(uri: string, file: ManifestFile): readonly { uri: string; object: ManifestObject }[];
  textOf(uri: string): string | undefined;
  /** The answers of the kustomize renderings that read `uri` (kustomize-navigation.ts). */
  rendered?(uri: string, offset: number, path: readonly PathSegment[], what: 'definition' | 'references'): Promise<readonly RenderedPlace[]>;
}

const ROLE_KINDS: Record<OutlineSymbol['role'], SymbolKind> = { object: SymbolKind.Class, section: SymbolKind.Field, item: SymbolKind.Object };

function toDocumentSymbol(document: TextDocument, symbol: OutlineSymbol): DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: ROLE_KINDS[symbol.role],
    range: { start: document.positionAt(symbol.span.start), end: document.positionAt(symbol.span.end) },
    selectionRange: { start: document.positionAt(symbol.selection.start), end: document.positionAt(symbol.selection.end) },
    children: symbol.children.map((child) => toDocumentSymbol(document, child)),
  };
}

/** The LSP folding ranges of a text: each YAML document, and each block inside (folding by indentation stays). */
function foldingRangesOf(text: string): FoldingRange[] {
  return foldingLinesOf(text).map((lines) => ({
    startLine: lines.startLine,
    endLine: lines.endLine,
    ...(lines.kind === 'document' ? { kind: FoldingRangeKind.Region } : {}),
  }));
}

const locationKey = (location: Location) =>
  `${location.uri}|${location.range.start.line}:${location.range.start.character}|${location.range.end.line}:${location.range.end.character}`;

/** Registers document symbols, folding ranges, definitions and references on the connection. */
export function registerNavigation(connection: Connection, documents: TextDocuments<TextDocument>, store: ManifestStore, workspace: NavigationWorkspace): void {
  const manifestOf = (uri: string) => {
    const document = documents.get(uri);
    if (!document || !isManifestDocument(document.uri, document.languageId)) return undefined;
    return { document, file: store.get(document) };
  };
  // Positions in another file come from its text: the open document's, else the indexed one.
  const locationOf = (uri: string, span: SourceSpan): Location | undefined => {
    const open = documents.get(uri);
    if (open) return { uri, range: { start: open.positionAt(span.start), end: open.positionAt(span.end) } };
    const text = workspace.textOf(uri);
    if (text === undefined) return undefined;
    const lines = new LineIndex(text);
    return { uri, range: { start: lines.positionAt(span.start), end: lines.positionAt(span.end) } };
  };
  // A rendering's place: the open document's positions, else those of the text the rendering read.
  const placeLocation = (place: RenderedPlace): Location => {
    const lines = documents.get(place.uri) ?? new LineIndex(place.text);
    return { uri: place.uri, range: { start: lines.positionAt(place.span.start), end: lines.positionAt(place.span.end) } };
  };
  const withRendered = (locations: Location[], places: readonly RenderedPlace[] | undefined): Location[] => {
    const seen = new Set(locations.map(locationKey));
    for (const location of (places ?? []).map(placeLocation)) {
      if (seen.has(locationKey(location))) continue;
      seen.add(locationKey(location));
      locations.push(location);
    }
    return locations;
  };
  const nameSpanOf = (object: ManifestObject): SourceSpan | undefined => locate(object, ['metadata', 'name']).value ?? locate(object, ['kind']).value;
  const fieldSpanOf = (object: ManifestObject, path: readonly PathSegment[]): SourceSpan | undefined => {
    // A selector is shown by its key; a name by its value.
    const location = locate(object, path);
    return path[path.length - 1] === 'selector' ? (location.key ?? location.value) : (location.value ?? location.key);
  };

  connection.onDocumentSymbol((params) => {
    const found = manifestOf(params.textDocument.uri);
    return found ? outlineOf(found.file).map((symbol) => toDocumentSymbol(found.document, symbol)) : [];
  });
  connection.onFoldingRanges((params) => {
    const found = manifestOf(params.textDocument.uri);
    return found ? foldingRangesOf(found.file.text) : [];
  });
  connection.onDefinition(async (params) => {
    const found = manifestOf(params.textDocument.uri);
    if (!found) return [];
    const offset = found.document.offsetAt(params.position);
    const document = found.file.documents.find((candidate) => offset >= candidate.start && offset <= candidate.end);
    const at = document && objectPathAt(document, offset);
    if (!at) return [];
    const reference = objectReferenceAt(at.object, at.path);
    const indexed = reference ? workspace.objects(found.document.uri, found.file) : [];
    const uriOf = new Map(indexed.map((entry) => [entry.object, entry.uri]));
    const locations = reference
      ? resolveReference(
          reference,
          at.object,
          indexed.map((entry) => entry.object),
        ).flatMap((target) => {
          const span = nameSpanOf(target);
          const location = span && locationOf(uriOf.get(target)!, span);
          return location ? [location] : [];
        })
      : [];
    // A file kustomize reads (a base resource, an overlay's patch) also leads where its renderings say.
    return withRendered(locations, await workspace.rendered?.(found.document.uri, offset, at.path, 'definition'));
  });
  connection.onReferences(async (params) => {
    const found = manifestOf(params.textDocument.uri);
    if (!found) return [];
    const offset = found.document.offsetAt(params.position);
    const document = found.file.documents.find((candidate) => offset >= candidate.start && offset <= candidate.end);
    const at = document && objectPathAt(document, offset);
    if (!at) return [];
    const indexed = workspace.objects(found.document.uri, found.file);
    const uriOf = new Map(indexed.map((entry) => [entry.object, entry.uri]));
    const target = indexed.find((entry) => entry.uri === found.document.uri && entry.object.value === at.object.value)?.object ?? at.object;
    const locations = findReferencesTo(
      target,
      indexed.map((entry) => entry.object),
    ).flatMap(({ object, path }) => {
      const span = fieldSpanOf(object, path);
      const location = span && locationOf(uriOf.get(object)!, span);
      return location ? [location] : [];
    });
    if (params.context.includeDeclaration) {
      const span = nameSpanOf(at.object);
      if (span)
        locations.unshift({ uri: params.textDocument.uri, range: { start: found.document.positionAt(span.start), end: found.document.positionAt(span.end) } });
    }
    return withRendered(locations, await workspace.rendered?.(found.document.uri, offset, at.path, 'references'));
  });
}
