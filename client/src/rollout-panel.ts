// The rollout preview panel: asks the server to simulate, posts the view to the webview, follows the editor.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import {
  DEFAULT_WHAT_IF,
  Methods,
  type FromWebview,
  type RolloutBase,
  type SimulateRolloutParams,
  type SimulateRolloutResult,
  type ToWebview,
  type WebviewState,
  type WhatIf,
  type WorkloadRef,
} from '../../protocol/src/index';

/** Milliseconds of quiet typing before the preview recomputes. */
const DEBOUNCE = 300;

/** One rollout preview beside the manifest; at most one exists, retargeted by each open. */
export class RolloutPanel {
  static readonly viewType = 'kubesim.rolloutPreview';
  private static current: RolloutPanel | undefined;
  /** Fires with every message for the webview (the extension-host tests read the panel through it). */
  static readonly posted = new vscode.EventEmitter<ToWebview>();

  /** Hands `message` to the open panel as if its webview had sent it (the extension-host tests press its buttons so). */
  static receive(message: FromWebview): Promise<void> {
    return RolloutPanel.current ? RolloutPanel.current.onMessage(message) : Promise.reject(new Error('no rollout preview is open'));
  }

  private readonly disposables: vscode.Disposable[] = [];
  private base: RolloutBase = { kind: 'head' };
  /** False until the user picks a base: an unchanged file then opens on its fresh create. */
  private baseChosen = false;
  private whatIf: WhatIf = DEFAULT_WHAT_IF;
  /** The workload the panel shows (in `uri`): while it cannot be read, the server says so instead of showing another. */
  private shown: WorkloadRef | undefined;
  /** Pinned to `shown`: the panel ignores the cursor and other editors. */
  private pinned = false;
  /** Pin the next workload shown (a traffic lens opened the panel on a workload behind a Service). */
  private pinNext = false;
  private lastMessage: ToWebview | undefined;
  private webviewReady = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  /** Opens (or retargets) the preview for the workload at `offset` in `uri`; `pin`: pinned to it once shown. */
  static show(context: vscode.ExtensionContext, client: LanguageClient, uri: vscode.Uri, offset: number, pin = false): RolloutPanel {
    if (RolloutPanel.current) {
      RolloutPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
      // Opening a preview explicitly (lens, command) follows the editor again, unless it asks for a pin.
      RolloutPanel.current.pinned = false;
      RolloutPanel.current.pinNext = pin;
      RolloutPanel.current.shown = undefined;
      RolloutPanel.current.retarget(uri, offset);
      return RolloutPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      RolloutPanel.viewType,
      'Rollout Preview',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      RolloutPanel.webviewOptions(context),
    );
    RolloutPanel.current = new RolloutPanel(context, client, panel, uri, offset, pin);
    return RolloutPanel.current;
  }

  /** Brings a panel back after a window reload (from `registerWebviewPanelSerializer`). */
  static revive(context: vscode.ExtensionContext, client: LanguageClient, panel: vscode.WebviewPanel, state: WebviewState | undefined): void {
    const uri = state?.view?.uri;
    if (!uri) {
      panel.dispose();
      return;
    }
    panel.webview.options = RolloutPanel.webviewOptions(context);
    RolloutPanel.current?.dispose();
    RolloutPanel.current = new RolloutPanel(context, client, panel, vscode.Uri.parse(uri), 0);
    if (state?.view) {
      RolloutPanel.current.base = state.view.base;
      RolloutPanel.current.baseChosen = state.view.change.unchangedFrom === undefined && state.view.base.kind !== 'head';
      RolloutPanel.current.whatIf = state.view.whatIf;
      RolloutPanel.current.shown = { kind: state.view.kind, name: state.view.name, namespace: state.view.namespace };
      RolloutPanel.current.pinned = state.pinned === true;
    }
  }

  private static webviewOptions(context: vscode.ExtensionContext): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      retainContextWhenHidden: false,
      localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'media'), vscode.Uri.joinPath(context.extensionUri, 'dist')],
    };
  }

  private constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly panel: vscode.WebviewPanel,
    private uri: vscode.Uri,
    private offset: number,
    pin = false,
  ) {
    this.pinNext = pin;
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: FromWebview) => void this.onMessage(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === this.uri.toString() && event.contentChanges.length > 0) this.schedule();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (this.pinned || event.textEditor.document.uri.toString() !== this.uri.toString()) return;
        const offset = event.textEditor.document.offsetAt(event.selections[0]!.active);
        if (offset !== this.offset) {
          this.offset = offset;
          this.schedule();
        }
      }),
      client.onDidChangeState((event) => this.onServerState(event.newState)),
      // The release or the cluster profile changed: the preview simulates again at once.
      client.onNotification(Methods.clusterChanged, () => void this.refresh()),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (this.pinned) return;
        if (editor && editor.document.languageId === 'yaml' && editor.document.uri.toString() !== this.uri.toString()) {
          this.retarget(editor.document.uri, editor.document.offsetAt(editor.selection.active));
        }
      }),
    );
    this.updateTitle();
    void this.refresh();
  }

  // The server died (the client restarts it): say so over the last view, and simulate again once it
  // runs. The refresh waits the usual pause, by which time the client has re-opened the documents.
  private onServerState(state: State): void {
    if (state === State.Running) this.schedule();
    else if (state === State.Stopped) {
      this.generation++;
      this.post({ type: 'banner', banner: 'The kubesim language server stopped; the preview reconnects when it runs again.' });
    }
  }

  private retarget(uri: vscode.Uri, offset: number): void {
    if (uri.toString() !== this.uri.toString()) this.shown = undefined;
    this.uri = uri;
    this.offset = offset;
    this.updateTitle();
    void this.refresh();
  }

  private updateTitle(): void {
    const file = this.uri.path.split('/').pop() ?? 'manifest';
    this.panel.title = this.pinned && this.shown ? `Rollout: ${this.shown.name} (pinned)` : `Rollout: ${file}`;
  }

  private schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, DEBOUNCE);
  }

  /** Runs one simulation; a slower, older answer never overwrites a newer one. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    try {
      // The server simulates open documents only: a traffic lens may open the preview on a workload in a file no
      // editor shows (and VS Code drops unshown documents after a while), so the panel opens it itself.
      if (!vscode.workspace.textDocuments.some((document) => document.uri.toString() === this.uri.toString()))
        await vscode.workspace.openTextDocument(this.uri);
      if (generation !== this.generation) return;
      // Only the choice travels: the server reads git HEAD (where git may run) or keeps the file as first opened.
      const params: SimulateRolloutParams = { uri: this.uri.toString(), offset: this.offset, base: this.base, whatIf: this.whatIf };
      if (!this.baseChosen) params.freshWhenUnchanged = true;
      if (this.shown) params.shown = this.shown;
      if (this.pinned && this.shown) params.pinned = this.shown;
      const result = await this.client.sendRequest<SimulateRolloutResult>(Methods.simulateRollout, params);
      if (generation !== this.generation) return;
      if (result.kind === 'view') {
        this.shown = { kind: result.view.kind, name: result.view.name, namespace: result.view.namespace };
        if (this.pinNext) {
          this.pinned = true;
          this.pinNext = false;
          this.updateTitle();
        }
        this.post({ type: 'showRollout', view: result.view, ...(this.pinned ? { pinned: true } : {}) });
      } else if (result.kind === 'unreadable') this.post({ type: 'unreadable', message: result.message });
      else if (result.kind === 'brokenDocument') this.post({ type: 'banner', banner: `${result.message} The preview shows the last version that parsed.` });
      else this.post({ type: 'clear', message: result.message });
    } catch (error) {
      if (generation !== this.generation) return;
      this.post({ type: 'banner', banner: `The simulation failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  private post(message: ToWebview): void {
    // A banner only amends the last full message, so it is replayed together with it after a reload.
    if (message.type === 'banner' && this.lastMessage?.type === 'showRollout')
      this.lastMessage = { ...this.lastMessage, ...(message.banner ? { banner: message.banner } : {}) };
    // An unreadable workload greys the last view, which a reloaded webview restores from its own state.
    else if (message.type !== 'unreadable') this.lastMessage = message;
    RolloutPanel.posted.fire(message.type === 'unreadable' ? message : (this.lastMessage ?? message));
    if (this.webviewReady) void this.panel.webview.postMessage(message);
  }

  private async onMessage(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.webviewReady = true;
        if (this.lastMessage) void this.panel.webview.postMessage(this.lastMessage);
        return;
      case 'revealInEditor': {
        const uri = message.span.uri ? vscode.Uri.parse(message.span.uri) : this.uri;
        const document = await vscode.workspace.openTextDocument(uri);
        const range = new vscode.Range(document.positionAt(message.span.start), document.positionAt(message.span.end));
        const visible = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri.toString());
        const editor = await vscode.window.showTextDocument(document, { viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One, selection: range });
        editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        return;
      }
      case 'setBase':
        this.base = message.base;
        this.baseChosen = true;
        return this.refresh();
      case 'setWhatIf':
        this.whatIf = message.whatIf;
        return this.refresh();
      case 'setPinned':
        this.pinned = message.pinned && this.shown !== undefined;
        this.updateTitle();
        // Unpinned, the panel follows the active editor again.
        if (!this.pinned) {
          const editor = vscode.window.activeTextEditor;
          if (editor && editor.document.languageId === 'yaml') this.retarget(editor.document.uri, editor.document.offsetAt(editor.selection.active));
        }
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(message.text);
        void vscode.window.setStatusBarMessage('kubesim: copied to the clipboard', 2000);
        return;
    }
  }

  private html(): string {
    const webview = this.panel.webview;
    const nonce = randomBytes(16).toString('base64');
    const css = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'rollout.css'));
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview.js'));
    const source = webview.cspSource;
    const csp = `default-src 'none'; style-src ${source}; img-src ${source}; font-src ${source}; script-src 'nonce-${nonce}';`;
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${css.toString()}">
<title>Rollout Preview</title>
</head>
<body>
<main id="app" aria-live="off" aria-busy="true"></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
  }

  /** Clears the timer, the listeners and the panel. */
  dispose(): void {
    if (RolloutPanel.current === this) RolloutPanel.current = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.panel.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}
