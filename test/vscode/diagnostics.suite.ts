// The API server's verdict reaches the editor as a diagnostic, and the Kubernetes release setting
// changes a verdict. Upstream: ValidateDeploymentSpec (pkg/apis/apps/validation) refuses a selector that
// does not select the template's labels; MaxUnavailableStatefulSet is off by default through 1.36 and on
// in 1.37 (pkg/features/kube_features.go), and with it off the API server drops maxUnavailable.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { diagnosticsWhen, fixtureUri, openFixture } from './helpers';

const MISMATCH = '`selector` does not match template `labels`';
const GATE_CODE = 'statefulset-max-unavailable-dropped';

/** A diagnostic's code; with a documentation link VS Code gives `{ value, target }`. */
const codeOf = (diagnostic: vscode.Diagnostic) => (typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code);
const hasCode = (code: string) => (diagnostics: vscode.Diagnostic[]) => diagnostics.some((diagnostic) => codeOf(diagnostic) === code);

describe('diagnostics', () => {
  it('a Deployment whose selector misses its template labels gets the API server message at the labels', async () => {
    const { editor } = await openFixture('bad-selector.yaml');
    const diagnostics = await diagnosticsWhen(editor.document.uri, (found) => found.some((diagnostic) => diagnostic.message.includes(MISMATCH)));
    const diagnostic = diagnostics.find((found) => found.message.includes(MISMATCH))!;
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.source, 'kubesim');
    assert.match(diagnostic.message, /spec\.template\.metadata\.labels: Invalid value: \{"app":"other"\}: `selector` does not match template `labels`/);
    // The range points into the template's labels (line "app: other"), not at the top of the file.
    const text = editor.document.getText(diagnostic.range);
    const line = editor.document.lineAt(diagnostic.range.start.line).text;
    assert.ok(/labels|app: other/.test(line) || /other/.test(text), `diagnostic at "${line}"`);
  });

  describe('kubesim.kubernetesVersion', () => {
    const configuration = () => vscode.workspace.getConfiguration('kubesim');
    after(() => configuration().update('kubernetesVersion', undefined, vscode.ConfigurationTarget.Global));

    it('1.36 warns that a StatefulSet maxUnavailable is dropped; 1.37 does not; back to 1.36 warns again', async () => {
      await configuration().update('kubernetesVersion', '1.36', vscode.ConfigurationTarget.Global);
      const uri = fixtureUri('gated-statefulset.yaml');
      await openFixture('gated-statefulset.yaml');
      const on136 = await diagnosticsWhen(uri, hasCode(GATE_CODE));
      assert.match(on136.find((found) => codeOf(found) === GATE_CODE)!.message, /is off by default in Kubernetes 1\.36/);

      await configuration().update('kubernetesVersion', '1.37', vscode.ConfigurationTarget.Global);
      const on137 = await diagnosticsWhen(uri, (found) => found.length > 0 && !hasCode(GATE_CODE)(found));
      // Only the gate's warning went: the rest of the file's verdict (e.g. its missing headless Service) stays.
      assert.deepEqual(
        on137.map((found) => found.message),
        on136.filter((found) => codeOf(found) !== GATE_CODE).map((found) => found.message),
      );

      await configuration().update('kubernetesVersion', '1.36', vscode.ConfigurationTarget.Global);
      await diagnosticsWhen(uri, hasCode(GATE_CODE));
    });
  });
});
