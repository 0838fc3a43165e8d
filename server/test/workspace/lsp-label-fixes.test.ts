// Quick fixes for template labels that contradict the selector, over a real stdio connection.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;
before(async () => {
  server = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.36' } });
});
after(async () => {
  await server.stop();
});

const DEPLOYMENT = (selectorApp: string, templateApp: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  selector:
    matchLabels:
      app: ${selectorApp}
  template:
    metadata:
      labels:
        app: ${templateApp}
    spec:
      containers:
        - name: api
          image: api:1
`;

function applyEdits(text: string, edits: TextEdit[]): string {
  const offsetAt = (position: { line: number; character: number }) =>
    text
      .split('\n')
      .slice(0, position.line)
      .reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  return [...edits]
    .sort((a, b) => offsetAt(b.range.start) - offsetAt(a.range.start))
    .reduce((result, edit) => result.slice(0, offsetAt(edit.range.start)) + edit.newText + result.slice(offsetAt(edit.range.end)), text);
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((diagnostic) => String(diagnostic.code));

for (const [index, { title, expected }] of [
  { title: "Set the template's app: api (the selector's value)", expected: DEPLOYMENT('api', 'api') },
  { title: "Set the selector's app: web (the template's value; a selector cannot change once applied)", expected: DEPLOYMENT('web', 'web') },
].entries()) {
  test(`a conflicting template label offers "${title}", and applying it clears the error`, async () => {
    const uri = `file:///tmp/kubesim-label-fixes/conflict-${index}.yaml`;
    const text = DEPLOYMENT('api', 'web');
    const diagnostic = (await server.open(uri, text)).find((item) => item.code === 'deployment-selector-mismatch');
    assert.ok(diagnostic, 'the API server rejects the mismatch');
    const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    });
    assert.deepEqual(
      actions.map((action) => [action.title, action.kind, action.isPreferred === true]),
      [
        ["Set the template's app: api (the selector's value)", 'quickfix', true],
        ["Set the selector's app: web (the template's value; a selector cannot change once applied)", 'quickfix', false],
      ],
    );
    const action = actions.find((candidate) => candidate.title === title)!;
    const fixed = applyEdits(text, action.edit!.changes![uri]!);
    assert.equal(fixed, expected);
    assert.ok(!codes(await server.change(uri, fixed)).includes('deployment-selector-mismatch'));
  });
}
