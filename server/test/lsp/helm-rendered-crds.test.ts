// With a real helm, a CRD a chart installs (its crds/ folder) checks the custom resources of the workspace's other
// files in the editor: once the chart is rendered (off the edit path), the open documents are checked again, and
// hovers on those custom resources read the rendered CRD's schema.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { widgetCrd } from '../../../test/support/crd-fixtures';
import { helmMissingReason, testHelm } from '../../../test/support/helm';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const CHART = 'apiVersion: v2\nname: widgets\nversion: 0.1.0\n';
const WIDGET = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: large\n';
const FILES = {
  'chart/Chart.yaml': CHART,
  'chart/crds/widget.yaml': `${widgetCrd({ type: 'object', properties: { size: { type: 'integer' } } })}\n`,
  'chart/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n',
  'widget.yaml': WIDGET,
};

test("a chart's crds/ CRD checks a custom resource in another file once the chart is rendered", { skip: helmMissingReason() }, async () => {
  const workspace = await TestLanguageServer.onWorkspace(FILES, { env: { ...process.env, KUBESIM_HELM: testHelm()! } });
  try {
    const uri = workspace.uri('widget.yaml');
    const checked = workspace.server.nextDiagnostics(uri, (params) => params.diagnostics.some((item) => item.code === 'widget-schema-type'));
    await workspace.server.open(uri, WIDGET);
    await workspace.server.open(workspace.uri('chart/Chart.yaml'), CHART);
    const diagnostics = await checked;
    assert.deepEqual(
      diagnostics.filter((item) => item.code === 'widget-schema-type').map((item) => item.range.start.line),
      [5],
    );
    // Hover knows the rendered CRD's schema too.
    const hover = (await workspace.server.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 5, character: 3 },
    })) as { contents: { value: string } } | null;
    assert.match(hover?.contents.value ?? '', /^\*\*spec\.size\*\* `integer`/);
  } finally {
    await workspace.dispose();
  }
});
