// Remembers each manifest as it was when the editor first opened it in this session: the preview's
// base when git has no version of the file. Saves (auto-save included) never replace it.
import * as vscode from 'vscode';

/** Texts above this size are not kept (the preview then compares with git HEAD or a fresh create). */
const MAX_KEPT_CHARACTERS = 8 * 1024 * 1024;

/** Only YAML documents can be previewed; other files are not kept. */
function isManifest(document: vscode.TextDocument): boolean {
  return (document.languageId === 'yaml' || /\.ya?ml$/i.test(document.uri.path)) && document.getText().length <= MAX_KEPT_CHARACTERS;
}

/** The first text seen per document URI, from the open event (the file on disk at that moment). */
export class OpenedVersions implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly subscription: vscode.Disposable;

  constructor() {
    // Documents open before activation: their saved text, else the buffer (the best we still know).
    for (const document of vscode.workspace.textDocuments) void this.rememberOpen(document);
    this.subscription = vscode.workspace.onDidOpenTextDocument((document) => void this.rememberOpen(document));
  }

  private async rememberOpen(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    if (this.texts.has(key) || document.uri.scheme === 'untitled' || !isManifest(document)) return;
    let text = document.getText();
    if (document.isDirty && document.uri.scheme === 'file') {
      try {
        text = new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri));
      } catch {
        // Unreadable on disk: keep the buffer as it is now.
      }
    }
    if (!this.texts.has(key)) this.texts.set(key, text);
  }

  /** The text `uri` had when it was first opened, if it was. */
  textOf(uri: vscode.Uri): string | undefined {
    return this.texts.get(uri.toString());
  }

  dispose(): void {
    this.subscription.dispose();
    this.texts.clear();
  }
}
