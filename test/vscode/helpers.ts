// Shared by the extension-host suites: the fixture workspace, the extension's test API, and waits on
// VS Code's own events (no sleeps; mocha's timeout bounds every wait).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { KubesimTestApi } from '../../client/src/extension';

export const EXTENSION_ID = 'kubesim.kubesim';

/** A file of the workspace folder run.mjs opened (a temp copy of fixtures/workspace). */
export function fixtureUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the fixture workspace folder open');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Opens `name` in an editor; the first YAML file activates kubesim, whose test API is returned. */
export async function openFixture(name: string): Promise<{ editor: vscode.TextEditor; api: KubesimTestApi }> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(name));
  const editor = await vscode.window.showTextDocument(document);
  const extension = vscode.extensions.getExtension<KubesimTestApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  assert.ok(api, 'activate() returns the test API in ExtensionMode.Test');
  return { editor, api };
}

/** Resolves with the diagnostics of `uri` as soon as `accept` takes them (now or after a change). */
export function diagnosticsWhen(uri: vscode.Uri, accept: (diagnostics: vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve) => {
    const take = (): boolean => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      if (!accept(diagnostics)) return false;
      subscription.dispose();
      resolve(diagnostics);
      return true;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) take();
    });
    take();
  });
}

/** Resolves with the first value `event` fires that `accept` takes. */
export function nextEvent<T>(event: vscode.Event<T>, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const subscription = event((value) => {
      if (!accept(value)) return;
      subscription.dispose();
      resolve(value);
    });
  });
}
