// The server's answer to `initialize`: what its handlers answer. Kept apart from the handlers (and from the
// analysis) so that server-main.ts can answer `initialize` from a small bundle before loading the rest.
import type { InitializeResult, ServerCapabilities, TextDocumentSyncKind } from 'vscode-languageserver/node';

// The value itself, not the library's constant: server-main.ts answers `initialize` before the library is loaded.
const INCREMENTAL_SYNC: typeof TextDocumentSyncKind.Incremental = 2;

/** Hovers, enum completion and rollout code lenses (workload-features.ts). */
const WORKLOAD_FEATURE_CAPABILITIES: ServerCapabilities = {
  hoverProvider: true,
  completionProvider: { triggerCharacters: [' ', ':'] },
  codeLensProvider: { resolveProvider: false },
};

/** The quick fixes of the workspace checks (workspace-checks.ts). */
const WORKSPACE_CHECK_CAPABILITIES: ServerCapabilities = {
  codeActionProvider: { codeActionKinds: ['quickfix'] },
};

/** Outline, folding, definitions and references (navigation-features.ts). */
const NAVIGATION_CAPABILITIES: ServerCapabilities = {
  documentSymbolProvider: { label: 'kubesim' },
  foldingRangeProvider: true,
  definitionProvider: true,
  referencesProvider: true,
};

/** The capabilities and name the server answers `initialize` with, whatever the client sent. */
export const INITIALIZE_RESULT: InitializeResult = {
  capabilities: {
    textDocumentSync: INCREMENTAL_SYNC,
    ...WORKLOAD_FEATURE_CAPABILITIES,
    ...WORKSPACE_CHECK_CAPABILITIES,
    ...NAVIGATION_CAPABILITIES,
  },
  serverInfo: { name: 'kubesim' },
};
