// Custom resources in the editor, over a real stdio connection: a CEL rule's finding lands on the field its
// fieldPath names (else the object holding the rule; the bad value stays the rule's object, omitted since
// 1.35), and editing the CRD re-checks the open custom resources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLanguageServer, markedRange } from '../../../test/support/lsp-client';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const schema = (message: string) => ({
  type: 'object',
  properties: { mode: { type: 'string' }, limit: { type: 'integer' }, size: { type: 'integer' } },
  'x-kubernetes-validations': [
    { rule: "self.mode != 'Limited' || has(self.limit)", message, fieldPath: '.limit' },
    { rule: 'self.size <= 10', message: 'size is at most 10', fieldPath: '.size' },
  ],
});

const WIDGET = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  ⟦mode: Limited\n  size: 3⟧\n';

test('a CEL finding lands on the object holding the rule when its fieldPath is absent, on the field when present', async () => {
  const marked = markedRange(WIDGET);
  const big = marked.text.replace('size: 3', 'size: 30');
  const crd = widgetCrd(schema('limit is required'));
  const workspace = await TestLanguageServer.onWorkspace({ 'crd.yaml': crd, 'widget.yaml': marked.text }, { settings: { trace: { server: 'messages' } } });
  try {
    // The CRD is in a file that is not open: the workspace scan finds it.
    await workspace.server.nextLog((log) => log.message.startsWith('indexed '));
    const diagnostics = await workspace.server.open(workspace.uri('widget.yaml'), marked.text);
    const rule = diagnostics.filter((item) => item.code === 'widget-validation-rule');
    assert.deepEqual(
      rule.map((item) => [item.message, item.range.start.line, item.range.start.character, item.range.end.line]),
      [['spec.limit: Invalid value: limit is required', 5, 2, 6]],
    );
    const changed = await workspace.server.change(workspace.uri('widget.yaml'), big);
    const sizes = changed.filter((item) => String(item.message).startsWith('spec.size:'));
    assert.deepEqual(
      sizes.map((item) => [item.message, item.range.start.line, item.range.start.character, item.range.end.character]),
      [['spec.size: Invalid value: size is at most 10', 6, 8, 10]],
    );
  } finally {
    await workspace.dispose();
  }
});

test('editing the CRD in the workspace re-checks its open custom resources', async () => {
  const marked = markedRange(WIDGET);
  const crd = widgetCrd(schema('limit is required'));
  const workspace = await TestLanguageServer.onWorkspace({ 'crd.yaml': crd, 'widget.yaml': marked.text });
  try {
    await workspace.server.open(workspace.uri('widget.yaml'), marked.text);
    await workspace.server.open(workspace.uri('crd.yaml'), crd);
    const next = workspace.server.nextDiagnostics(workspace.uri('widget.yaml'), (params) =>
      params.diagnostics.some((item) => item.message === 'spec.limit: Invalid value: a limit is needed'),
    );
    await workspace.server.change(workspace.uri('crd.yaml'), widgetCrd(schema('a limit is needed')));
    assert.equal((await next).filter((item) => item.code === 'widget-validation-rule').length, 1);
  } finally {
    await workspace.dispose();
  }
});
