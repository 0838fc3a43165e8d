// Composition root of the kubesim language server: wires the LSP connection to the checks.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion, type KubernetesVersion } from '../../engine/src/index';
import { checkFile } from '../../analysis/src/check-file';
import { ManifestStore } from './lsp/document-store';
import { ParallelChecks } from './lsp/parallel-checks';
import { isManifestDocument } from './lsp/is-manifest-document';
import { toDiagnostic } from './lsp/to-diagnostic';
import { registerWorkloadFeatures, WORKLOAD_FEATURE_CAPABILITIES } from './lsp/workload-features';
import { registerSimulateRollout } from './lsp/simulate-rollout';
import { DEFAULT_CLUSTER_DOMAIN } from '../../analysis/src/facts/fact-settings';
import { WorkspaceChecks, WORKSPACE_CHECK_CAPABILITIES } from './lsp/workspace-checks';
import { problemsOf, type ManifestFile } from '../../analysis/src/manifest/manifest-file';
import { pathOfUri } from '../../analysis/src/workspace/file-uri';
import { KustomizeLive } from './lsp/kustomize-live';
import { kustomizeHover, kustomizeLenses } from './lsp/kustomize-features';
import { kustomizePreviewSource } from './lsp/kustomize-preview';
import type { Finding } from '../../analysis/src/validation/finding';

/** Starts the server on the given connection (stdio, IPC or a test pipe). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const documents = new TextDocuments(TextDocument);
  const store = new ManifestStore();
  const parallel = new ParallelChecks();
  parallel.start();
  let kubernetesVersion: KubernetesVersion = DEFAULT_KUBERNETES_VERSION;
  let clusterDomain = DEFAULT_CLUSTER_DOMAIN;
  let canPullConfiguration = false;
  const workspace = new WorkspaceChecks(connection, documents, store, () => kubernetesVersion, (document) => validate(document));
  const kustomize = new KustomizeLive(connection, documents, () => kubernetesVersion, (document) => validate(document));
  let folders: string[] = [];

  connection.onInitialize((params) => {
    const options = params.initializationOptions as { kubernetesVersion?: string; clusterDomain?: string } | undefined;
    clusterDomain = options?.clusterDomain || clusterDomain;
    kubernetesVersion = parseKubernetesVersion(options?.kubernetesVersion ?? '') ?? kubernetesVersion;
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    workspace.initialize(params);
    folders = (params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : [])).flatMap((uri) => pathOfUri(uri) ?? []);
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, ...WORKLOAD_FEATURE_CAPABILITIES, ...WORKSPACE_CHECK_CAPABILITIES },
      serverInfo: { name: 'kubesim' },
    };
  });

  async function refreshSettings(): Promise<void> {
    if (!canPullConfiguration) return;
    const settings = (await connection.workspace.getConfiguration('kubesim')) as { kubernetesVersion?: string; clusterDomain?: string } | null;
    clusterDomain = settings?.clusterDomain || DEFAULT_CLUSTER_DOMAIN;
    kubernetesVersion = parseKubernetesVersion(settings?.kubernetesVersion ?? '') ?? DEFAULT_KUBERNETES_VERSION;
  }

  function validate(document: TextDocument): void {
    if (!isManifestDocument(document.uri, document.languageId)) return;
    const file = store.get(document);
    if (parallel.wouldHelp(file, kubernetesVersion)) {
      // A large file seen for the first time: check its objects on both cores, then publish if
      // no newer version arrived meanwhile (a newer one is validated by its own change event).
      const version = document.version;
      void parallel.precheck(file, kubernetesVersion).then(() => {
        const current = documents.get(document.uri);
        if (current && current.version === version) publish(current, file);
      });
      return;
    }
    publish(document, file);
  }

  function publish(document: TextDocument, file: ManifestFile): void {
    // A file of a kustomization (patch, base resource) is checked as part of its rendering only.
    const alone = kustomize.isCheckedAlone(document.uri);
    const options = workspace.optionsFor(document, file);
    if (options.workspace) options.workspace = kustomize.objectsOutsideFragments(options.workspace);
    const findings: Finding[] = alone ? checkFile(file, { kubernetesVersion, ...options }) : problemsOf(file).map((problem) => ({ ...problem }));
    findings.push(...kustomize.findingsFor(document));
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: findings.map((finding) => toDiagnostic(document, finding)) });
  }

  connection.onInitialized(() => {
    void refreshSettings().catch(() => undefined).then(() => workspace.refreshSettings()).then(() => workspace.start());
    void kustomize.start(folders);
  });
  connection.onDidChangeConfiguration(() => void refreshSettings().then(() => workspace.refreshSettings()).then(() => documents.all().forEach(revalidateAll), () => undefined));
  // A new release changes the renderings' findings too: each kustomization is rendered again.
  function revalidateAll(document: TextDocument): void {
    kustomize.noteChange(document);
    validate(document);
  }
  documents.onDidChangeContent((event) => {
    kustomize.noteChange(event.document);
    validate(event.document);
  });
  documents.onDidSave((event) => kustomize.noteSave(event.document));
  documents.onDidClose((event) => {
    store.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  // Hovers name the Services selecting a workload, and the rollout preview finds a StatefulSet's
  // governing Service, anywhere in the workspace index (this file included).
  const workspaceObjects = (uri: string, file: ManifestFile) => {
    const document = documents.get(uri);
    return document ? workspace.optionsFor(document, file).workspace?.map((entry) => entry.object) : undefined;
  };
  registerWorkloadFeatures(connection, documents, store, () => ({ kubernetesVersion, clusterDomain }), workspaceObjects, {
    hover: (document, position) => kustomizeHover(kustomize, document, position),
    lenses: (document) => kustomizeLenses(kustomize, document, kubernetesVersion),
  });
  registerSimulateRollout(connection, documents, store, () => ({ kubernetesVersion, clusterDomain }), workspaceObjects, (document, params) =>
    kustomizePreviewSource(kustomize, document, params, kubernetesVersion, workspace.canRunGit()));
  documents.listen(connection);
  connection.listen();
}
