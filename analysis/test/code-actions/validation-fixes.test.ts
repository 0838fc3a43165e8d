// Tests for the quick fixes attached to API-server validation findings, and indentation-preserving edits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixesForValidationFinding } from '../../src/checks/validation-fixes';
import { parseManifestFile } from '../../src/manifest/manifest-file';

function applyFirstFix(text: string, code: string, at: string): string {
  const file = parseManifestFile(text);
  const [fix] = fixesForValidationFinding(file, code, text.indexOf(at));
  assert.ok(fix, `a fix for ${code}`);
  return [...fix.edits].sort((a, b) => b.start - a.start).reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

test('rollingUpdate under strategy Recreate is removed with all its lines', () => {
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  strategy:\n    type: ' +
    'Recreate\n    rollingUpdate:\n      maxSurge: 1\n      maxUnavailable: 0\n  replicas: 2\n';
  assert.equal(
    applyFirstFix(text, 'deployment-recreate-with-rolling-update', 'rollingUpdate'),
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  strategy:\n    type: Recreate\n  replicas: 2\n',
  );
});

test("missing template labels are created with the file's 4-space indentation", () => {
  const text =
    'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n    name: db\nspec:\n    selector:\n   ' +
    '     matchLabels:\n            app: db\n            "tier": "1"\n    template:\n        spec:\n ' +
    '           containers: []\n';
  assert.equal(
    applyFirstFix(text, 'statefulset-selector-mismatch', 'template'),
    'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n    name: db\nspec:\n    selector:\n   ' +
      '     matchLabels:\n            app: db\n            "tier": "1"\n    template:\n        spec:\n ' +
      '           containers: []\n        metadata:\n            labels:\n                app: db\n ' +
      '               tier: "1"\n',
  );
});

test('no fix when a template label contradicts the selector (two possible repairs)', () => {
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  selector:\n    matchLabels:\n ' +
    '     app: api\n  template:\n    metadata:\n      labels:\n        app: web\n';
  assert.deepEqual(fixesForValidationFinding(parseManifestFile(text), 'deployment-selector-mismatch', text.indexOf('labels:\n        app')), []);
});
