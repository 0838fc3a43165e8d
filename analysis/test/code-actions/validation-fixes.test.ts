// Tests for the quick fixes attached to API-server validation findings, and indentation-preserving edits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixesForValidationFinding } from '../../src/checks/validation-fixes';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import type { FindingFix } from '../../src/checks/check-context';

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

const conflicting = (selector: string, labels: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  selector:\n${selector}  template:\n    metadata:\n      labels:\n${labels}`;

function applyFix(text: string, fix: FindingFix): string {
  return [...fix.edits].sort((a, b) => b.start - a.start).reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

test('a template label contradicting the selector: set it to the selector value (preferred), or the selector to the template value', () => {
  const text = conflicting('    matchLabels:\n      app: api\n', '        app: web\n');
  const fixes = fixesForValidationFinding(parseManifestFile(text), 'deployment-selector-mismatch', text.indexOf('labels:\n        app'));
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.isPreferred === true]),
    [
      ["Set the template's app: api (the selector's value)", true],
      ["Set the selector's app: web (the template's value; a selector cannot change once applied)", false],
    ],
  );
  assert.equal(applyFix(text, fixes[0]!), conflicting('    matchLabels:\n      app: api\n', '        app: api\n'));
  assert.equal(applyFix(text, fixes[1]!), conflicting('    matchLabels:\n      app: web\n', '        app: web\n'));
});

test('a conflict plus a missing label: the template fix sets one and adds the other; no selector fix (it would need a key removed)', () => {
  const text = conflicting('    matchLabels:\n      app: api\n      tier: "1"\n', '        app: web\n');
  const fixes = fixesForValidationFinding(parseManifestFile(text), 'statefulset-selector-mismatch', text.indexOf('labels:\n        app'));
  assert.equal(fixes.length, 1);
  assert.equal(applyFix(text, fixes[0]!), conflicting('    matchLabels:\n      app: api\n      tier: "1"\n', '        app: api\n        tier: "1"\n'));
});

test('no fix that would still leave the selector unmatched (a matchExpressions the labels fail)', () => {
  const selector = '    matchLabels:\n      app: api\n    matchExpressions:\n      - {key: track, operator: In, values: [stable]}\n';
  const text = conflicting(selector, '        app: web\n        track: canary\n');
  assert.deepEqual(fixesForValidationFinding(parseManifestFile(text), 'deployment-selector-mismatch', text.indexOf('labels:\n        app')), []);
});
