// What was last published per document: a re-check whose diagnostics are the same as those the client
// already shows sends nothing (a keystroke in one file re-checks the other open files that may depend on it).
import type { Diagnostic } from 'vscode-languageserver/node';

export class PublishedDiagnostics {
  private readonly last = new Map<string, string>();

  /** True (and remembered) when `diagnostics` for this version differ from what the client has. */
  isNew(uri: string, version: number | undefined, diagnostics: readonly Diagnostic[]): boolean {
    const key = `${version ?? ''}\u0000${JSON.stringify(diagnostics)}`;
    if (this.last.get(uri) === key) return false;
    this.last.set(uri, key);
    return true;
  }

  /** A closed document's diagnostics are cleared by the server: the next open publishes again. */
  forget(uri: string): void {
    this.last.delete(uri);
  }
}
