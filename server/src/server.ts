// Composition root of the kubesim language server: wires the LSP connection to the checks.
import { basename } from 'node:path';
import { createConnection, ProposedFeatures, TextDocuments, type Connection, type InitializeParams, type InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_CLUSTER_DOMAIN, DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion, SUPPORTED_KUBERNETES_VERSIONS, type ClusterSpec } from '@kubesim/engine';
import {
  analyzeDocument,
  capFindings,
  type ManifestFile,
  pathOfUri,
  ClusterResolver,
  HelmChartLookup,
  OpenedTexts,
  BuiltinSchemaSource,
  type KindSchemaSource,
  prepareAnalysis,
} from '@kubesim/analysis';
import { loadFieldDocs } from './lsp/field-docs-file';
import { ManifestStore } from './lsp/document-store';
import { ParallelChecks } from './lsp/parallel-checks';
import { isManifestDocument } from './lsp/is-manifest-document';
import { toDiagnostic } from './lsp/to-diagnostic';
import { registerWorkloadFeatures } from './lsp/workload-features';
import { announceClusterChange, registerSimulateRollout } from './lsp/simulate-rollout';
import { registerNavigation } from './lsp/navigation-features';
import { WorkspaceProblems } from './lsp/workspace-problems';
import { WorkspaceChecks } from './lsp/workspace-checks';
import { isTraceLevel, ServerLog } from './lsp/server-log';
import { KustomizeLive } from './lsp/kustomize-live';
import { HelmLive } from './lsp/helm-live';
import { kustomizeHover, kustomizeLenses } from './lsp/kustomize-features';
import { renderedNavigation } from './lsp/kustomize-navigation';
import { kustomizePreviewSource } from './lsp/kustomize-preview';
import { helmPreviewSource, helmValuesLenses } from './lsp/helm-features';
import { clusterSettingsFields, type ClusterSettings } from './lsp/cluster-settings';
import { INITIALIZE_RESULT } from './lsp/server-capabilities';
import { warmUpChecks } from './lsp/warm-up';

/** The `kubesim` settings section as the client sends it (nothing in it is trusted to be well-formed). */
interface KubesimSettings {
  kubernetesVersion?: unknown;
  clusterDomain?: unknown;
  cluster?: ClusterSettings | null;
  trace?: { server?: unknown } | null;
  kustomize?: { allowRemoteResources?: unknown } | null;
}

/** The server's answers to the two messages that start a session; every other handler is registered on the connection. */
interface ServerSession {
  initialize(params: InitializeParams): InitializeResult;
  initialized(): void;
}

/** Starts the server on the given connection (stdio, IPC or a test pipe). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const session = createSession(connection);
  connection.onInitialize((params) => session.initialize(params));
  connection.onInitialized(() => session.initialized());
  connection.listen();
}

/**
 * Takes over a listening connection whose `initialize` was answered already (server-main.ts answers it
 * before loading this bundle): applies the client's parameters, then starts as on `initialized`.
 */
export function continueServer(connection: Connection, params: InitializeParams): void {
  const session = createSession(connection);
  session.initialize(params);
  session.initialized();
}

function createSession(connection: Connection): ServerSession {
  const documents = new TextDocuments(TextDocument);
  const store = new ManifestStore();
  // The documents as first opened: the preview's base when git has none (saves never replace them).
  const opened = new OpenedTexts();
  const log = new ServerLog(connection.console);
  const parallel = new ParallelChecks(log);
  parallel.start();
  let clusterDomain: string | undefined;
  // Each document's cluster: the release and settings over its nearest `.kubesim.yaml`; problems logged once.
  const clusters = new ClusterResolver(DEFAULT_KUBERNETES_VERSION, (notice) => {
    if (notice.kind === 'found') log.info(`cluster profile ${notice.text}`);
    else log.warn(notice.kind === 'file-problem' ? `${notice.text}; ignored` : notice.text);
  });
  const clusterOf = (uri?: string): ClusterSpec => clusters.specFor(uri === undefined ? undefined : pathOfUri(uri));
  let canPullConfiguration = false;
  const workspace = new WorkspaceChecks(connection, documents, store, clusterOf, (document) => validate(document), log);
  const kustomize = new KustomizeLive(
    connection,
    documents,
    (document) => validate(document),
    clusterOf,
    () => workspace.objects(),
  );
  const helm = new HelmLive(
    connection,
    documents,
    (document) => validate(document),
    clusterOf,
    () => workspace.objectValues(),
    () => documents.all().forEach((document) => validate(document)),
    () => workspace.canRunGit(),
  );
  let folders: string[] = [];
  let trusted = true;
  let allowRemoteResources = false;

  function initialize(params: InitializeParams): InitializeResult {
    // The client's trace setting arrives as InitializeParams.trace; initializationOptions may carry the same settings.
    if (isTraceLevel(params.trace)) log.level = params.trace;
    applySettings((params.initializationOptions ?? undefined) as KubesimSettings | undefined, 'initializationOptions');
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    workspace.initialize(params);
    // An untrusted workspace runs no program: no git (WorkspaceChecks), no kustomize.
    trusted = workspace.isTrusted();
    kustomize.configure({ trusted, allowRemoteResources });
    helm.configure(trusted);
    folders = (params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : [])).flatMap((uri) => pathOfUri(uri) ?? []);
    return INITIALIZE_RESULT;
  }

  // A value the server cannot use falls back to the default, and the log says so (with what is accepted).
  function applySettings(settings: KubesimSettings | null | undefined, source: string): void {
    if (!settings) return;
    if (settings.trace?.server !== undefined) {
      if (isTraceLevel(settings.trace.server)) log.level = settings.trace.server;
      else log.warn(`${source}: kubesim.trace.server ${JSON.stringify(settings.trace.server)} is not one of off, messages, verbose; keeping ${log.level}`);
    }
    if (settings.kubernetesVersion !== undefined) {
      const version = typeof settings.kubernetesVersion === 'string' ? parseKubernetesVersion(settings.kubernetesVersion) : undefined;
      if (!version) {
        const supported = SUPPORTED_KUBERNETES_VERSIONS.join(', ');
        const value = JSON.stringify(settings.kubernetesVersion);
        log.warn(`${source}: kubesim.kubernetesVersion ${value} is not supported (use ${supported}); using ${DEFAULT_KUBERNETES_VERSION}`);
      }
      clusters.setRelease(version ?? DEFAULT_KUBERNETES_VERSION);
    }
    // An unset (null or empty) cluster domain leaves it to .kubesim.yaml, else cluster.local.
    if (settings.clusterDomain !== undefined && settings.clusterDomain !== null && settings.clusterDomain !== '') {
      const valid = typeof settings.clusterDomain === 'string';
      if (!valid) log.warn(`${source}: kubesim.clusterDomain ${JSON.stringify(settings.clusterDomain)} is not a domain name; using ${DEFAULT_CLUSTER_DOMAIN}`);
      clusterDomain = valid ? (settings.clusterDomain as string) : undefined;
    } else if (settings.clusterDomain !== undefined) clusterDomain = undefined;
    const problems = clusters.setOverrides(clusterSettingsFields(settings.cluster, clusterDomain), `${source}: kubesim settings`, 'kubesim settings');
    for (const problem of problems) log.warn(`${problem}; ignored`);
    if (settings.kustomize !== undefined) {
      allowRemoteResources = settings.kustomize?.allowRemoteResources === true;
      kustomize.configure({ trusted, allowRemoteResources });
    }
    log.info(`settings (${source}): Kubernetes ${clusters.version}, cluster domain ${clusterDomain ?? DEFAULT_CLUSTER_DOMAIN}, trace ${log.level}`);
  }

  async function refreshSettings(): Promise<void> {
    if (!canPullConfiguration) return;
    try {
      applySettings((await connection.workspace.getConfiguration('kubesim')) as KubesimSettings | null, 'workspace/configuration');
    } catch (error) {
      log.error('reading the kubesim settings failed; keeping the previous ones', error);
    }
  }

  function validate(document: TextDocument): void {
    if (!isManifestDocument(document.uri, document.languageId)) return;
    try {
      validateManifest(document);
    } catch (error) {
      // Bad input becomes diagnostics inside checkFile; an exception here is a bug, and the log is where it shows.
      log.error(`checking ${document.uri} (version ${document.version}) failed`, error);
    }
  }

  function validateManifest(document: TextDocument): void {
    const file = store.get(document);
    const cluster = clusterOf(document.uri);
    if (parallel.wouldHelp(file, cluster)) {
      // A large file seen for the first time: check its objects on both cores, then publish if
      // no newer version arrived meanwhile (a newer one is validated by its own change event).
      const version = document.version;
      void parallel
        .precheck(file, cluster)
        .then(() => {
          const current = documents.get(document.uri);
          if (current && current.version === version) publish(current, file);
        })
        .catch((error: unknown) => log.error(`checking ${document.uri} on two threads failed`, error));
      // This thread has checked its share; while the worker finishes, it runs the cross-object checks and finds the
      // line starts the diagnostics need.
      prepareAnalysis({
        path: pathOfUri(document.uri),
        text: file.text,
        parsed: () => file,
        checkOptions: () => checkOptionsOf(document, file),
        checkedAlone: kustomize.isCheckedAlone(document.uri),
        charts: new HelmChartLookup(),
      });
      document.positionAt(0);
      return;
    }
    publish(document, file);
  }

  function checkOptionsOf(document: TextDocument, file: ManifestFile) {
    const options = workspace.optionsFor(document, file);
    if (options.workspace) options.workspace = kustomize.objectsOutsideFragments(options.workspace);
    // The CRDs the workspace's charts render check custom resources too.
    return { ...options, renderedCrds: helm.renderedCrds() };
  }

  function publish(document: TextDocument, file: ManifestFile): void {
    const started = performance.now();
    const path = pathOfUri(document.uri);
    // Which checks run on which file (profile, Helm chart, kustomize fragment, plain manifest) is the analysis's call.
    const findings = analyzeDocument({
      path,
      text: file.text,
      parsed: () => file,
      checkOptions: () => checkOptionsOf(document, file),
      checkedAlone: kustomize.isCheckedAlone(document.uri),
      charts: new HelmChartLookup(),
      renderedFindings: kustomize.findingsFor(document),
      // A chart's file gets what the chart's renderings placed in it (rendered off the edit path, debounced).
      chartFindings: helm.findingsFor(document),
    });
    log.verbose(`checked ${document.uri} v${document.version}: ${findings.length} findings in ${(performance.now() - started).toFixed(1)} ms`);
    const shown = capFindings(findings, path === undefined ? '' : basename(path));
    const diagnostics = shown.map((finding) => toDiagnostic(document, finding));
    if (!workspace.shouldPublish(document.uri, document.version, diagnostics)) return;
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  }

  function initialized(): void {
    void refreshSettings()
      .then(() => workspace.refreshSettings())
      .then(() => workspace.start())
      .catch((error: unknown) => log.error('starting the workspace checks failed', error));
    kustomize.start(folders).catch((error: unknown) => log.error('looking for kustomizations failed', error));
    helm.start();
    warmUpChecks(clusterOf, () => documents.all().length > 0);
  }
  connection.onDidChangeConfiguration(() => {
    void refreshSettings()
      .then(() => workspace.refreshSettings())
      .then(() => {
        documents.all().forEach(revalidateAll);
        announceClusterChange(connection);
      })
      .catch((error: unknown) => log.error('applying the changed settings failed', error));
  });
  // Schedules the renderings of the kustomizations the document belongs to; a failure is logged, never thrown at the edit.
  function noteKustomizeChange(document: TextDocument): void {
    try {
      kustomize.noteChange(document);
      helm.noteChange(document);
    } catch (error) {
      log.error(`scheduling the kustomize rendering of ${document.uri} failed`, error);
    }
  }
  // A new release changes the renderings' findings too: each kustomization is rendered again.
  function revalidateAll(document: TextDocument): void {
    noteKustomizeChange(document);
    validate(document);
  }
  documents.onDidChangeContent((event) => {
    noteKustomizeChange(event.document);
    validate(event.document);
  });
  documents.onDidOpen((event) => {
    kustomize.noteOpened(event.document);
    helm.noteOpened(event.document);
    // An untitled buffer was never opened from disk: its preview starts from a fresh create.
    const { uri, languageId } = event.document;
    if (isManifestDocument(uri, languageId) && !uri.startsWith('untitled:')) void opened.noteOpened(uri, event.document.getText(), pathOfUri(uri));
  });
  documents.onDidClose((event) => {
    store.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  // The problems of files not open: a background scan of the index once it is read, and again when it changes.
  const problems = new WorkspaceProblems(
    connection,
    documents,
    {
      closedFiles: () =>
        workspace
          .closedFiles()
          .map((entry) => ({ ...entry, options: { ...entry.options, workspace: kustomize.objectsOutsideFragments(entry.options.workspace ?? []) } })),
      isCheckedAlone: (uri) => kustomize.isCheckedAlone(uri),
    },
    log,
  );
  workspace.onIndexChange = () => problems.schedule();
  // Before the index's own handling: a Chart.yaml created or deleted changes which files are a chart's.
  workspace.onFilesChanged = (changes) => helm.noteWatchedFiles(changes);
  workspace.onProfileChange = () => announceClusterChange(connection);
  connection.onShutdown(() => problems.dispose());

  // Hovers name the Services selecting a workload, and the rollout preview finds a StatefulSet's
  // governing Service, anywhere in the workspace index (this file included).
  const indexedObjects = (uri: string, file: ManifestFile) => {
    const document = documents.get(uri);
    return document ? workspace.optionsFor(document, file).workspace : undefined;
  };
  const workspaceObjects = (uri: string, file: ManifestFile) => indexedObjects(uri, file)?.map((entry) => entry.object);
  // What completion and hovers know of fields, asked in order: built-in kinds (layouts and OpenAPI descriptions,
  // read at the first hover or completion rather than on the way to answering `initialize`).
  const schemas: KindSchemaSource[] = [new BuiltinSchemaSource(() => loadFieldDocs(log))];
  registerWorkloadFeatures(connection, documents, store, clusterOf, workspaceObjects, {
    schemas,
    hover: (document, position) => helm.hover(document, position) ?? kustomizeHover(kustomize, document, position),
    lenses: (document) => [...helmValuesLenses(helm, document, clusterOf(document.uri)), ...kustomizeLenses(kustomize, document)],
    isFragment: (uri) => kustomize.isFragment(uri),
    indexed: indexedObjects,
    renderedCrds: () => helm.renderedCrds(),
  });
  registerNavigation(connection, documents, store, {
    objects: (uri, file) => {
      const document = documents.get(uri);
      return (document && workspace.optionsFor(document, file).workspace) || [];
    },
    textOf: (uri) => workspace.textOf(uri),
    rendered: (uri, offset, path, what) => renderedNavigation(kustomize, uri, offset, path, what),
  });
  registerSimulateRollout(connection, documents, store, {
    clusterOf,
    candidates: indexedObjects,
    // A chart's file previews the workload the chart renders; a kustomization's, the overlay's.
    kustomizeSource: async (document, params) =>
      (await helmPreviewSource(helm, document, params, clusterOf(document.uri))) ?? kustomizePreviewSource(kustomize, document, params, workspace.canRunGit()),
    opened,
    canRunGit: () => workspace.canRunGit(),
    log,
  });
  documents.listen(connection);
  return { initialize, initialized };
}
