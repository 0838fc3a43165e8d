// The extension-host test runner: VS Code loads this file (--extensionTestsPath) into the extension host
// and awaits run(); mocha runs every *.suite.js beside it. Started by test/vscode/run.mjs.
import * as path from 'node:path';
import { readdirSync } from 'node:fs';
import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

/** Marks mocha's lines in VS Code web, where they reach the launcher among the workbench's own log. */
export const MOCHA_LINE_PREFIX = '[mocha] ';

export async function run(): Promise<void> {
  // No colours: in code-server the output travels through the browser console to the terminal.
  // The timeout bounds a wait for VS Code (diagnostics, the preview); no test asserts on time.
  if (vscode.env.uiKind === vscode.UIKind.Web) {
    Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(MOCHA_LINE_PREFIX + format(...args).replaceAll('\n', `\n${MOCHA_LINE_PREFIX}`));
  }
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 120_000 });
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.suite.js'))
    .sort())
    mocha.addFile(path.join(__dirname, file));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} extension-host test(s) failed`);
}
