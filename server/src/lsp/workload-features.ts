// Registers hovers, enum completion and rollout code lenses on a connection (kept out of server.ts).
import type { CodeLens, Connection, Hover, Position, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec, CrdSourceObject } from '@kubesim/engine';
import { objectsOf, type IndexedObject, type KindSchemaSource, type ManifestObject, type ManifestFile } from '@kubesim/analysis';
import { provideCodeLenses } from './code-lens';
import { provideCompletion } from './completion-items';
import type { ManifestStore } from './document-store';
import { provideHover } from './hover';
import { provideCustomResourceCompletion } from './custom-resource-completion';
import { provideCustomResourceHover } from './custom-resource-hover';
import { isManifestDocument } from './is-manifest-document';

/** Hovers and lenses another part of the server adds (kustomization files), and the schema sources of fields. */
interface ExtraFeatures {
  /** Field documentation, types and enum values by kind, asked in order (built-in kinds, custom resources). */
  schemas?: readonly KindSchemaSource[];
  hover?: (document: TextDocument, position: Position) => Hover | null;
  lenses?: (document: TextDocument) => CodeLens[];
  /** A kustomization fragment (a patch): its objects are not whole objects, so no workload lens reads them as such. */
  isFragment?: (uri: string) => boolean;
  /** The workspace index with each object's file (the workloads behind a Service's traffic lens). */
  indexed?: (uri: string, file: ManifestFile) => readonly IndexedObject[] | undefined;
  /** The CRDs the workspace's Helm charts render (their custom resources get hover and completion too). */
  renderedCrds?: () => readonly CrdSourceObject[];
}

/**
 * Answers hover, completion and code lens requests from the parsed manifests in `store`.
 * `candidates` widens the search for Services selecting a workload beyond its own file (for
 * example the workspace index); by default hovers look at the file's own objects.
 */
export function registerWorkloadFeatures(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  store: ManifestStore,
  clusterOf: (uri?: string) => ClusterSpec,
  candidates?: (uri: string, file: ManifestFile) => readonly ManifestObject[] | undefined,
  extra?: ExtraFeatures,
): void {
  const manifestOf = (uri: string) => {
    const document = documents.get(uri);
    if (!document || !isManifestDocument(document.uri, document.languageId)) return undefined;
    return { document, file: store.get(document) };
  };
  connection.onHover((params) => {
    const found = manifestOf(params.textDocument.uri);
    const extraHover = found && extra?.hover?.(found.document, params.position);
    if (extraHover) return extraHover;
    if (!found) return null;
    const cluster = clusterOf(found.document.uri);
    const others = candidates?.(found.document.uri, found.file);
    return (
      provideHover(found.document, found.file, params.position, cluster, others, extra?.schemas) ??
      provideCustomResourceHover(found.document, found.file, params.position, cluster, others, extra?.renderedCrds?.())
    );
  });
  connection.onCompletion((params) => {
    const found = manifestOf(params.textDocument.uri);
    if (!found) return [];
    const cluster = clusterOf(found.document.uri);
    const others = candidates?.(found.document.uri, found.file);
    const items = provideCompletion(found.document, found.file, params.position, {
      cluster,
      schemas: extra?.schemas ?? [],
      candidates: others ?? objectsOf(found.file),
    });
    if (items.length > 0) return items;
    return provideCustomResourceCompletion(found.document, found.file, params.position, cluster, others, extra?.renderedCrds?.());
  });
  connection.onCodeLens((params) => {
    const found = manifestOf(params.textDocument.uri);
    if (!found) return [];
    const { document, file } = found;
    const own = extra?.isFragment?.(document.uri) ? [] : provideCodeLenses(document, file, clusterOf(document.uri), extra?.indexed?.(document.uri, file));
    return [...own, ...(extra?.lenses?.(found.document) ?? [])];
  });
}
