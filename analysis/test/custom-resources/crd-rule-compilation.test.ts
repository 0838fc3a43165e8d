// A CRD whose x-kubernetes-validations do not compile, as the API server refuses it: the entries' own checks
// (the XValidations loop of ValidateCustomResourceDefinitionOpenAPISchema, apiextensions-apiserver
// pkg/apis/apiextensions/validation/validation.go) and the compilation errors of pkg/apiserver/schema/cel
// compilation.go compileRule, worded as cel-go's checker words them (checker/errors.go, the display of
// common/error.go ToDisplayString; positions as in cel-go's checker_test.go: an identifier at its first
// character, a call at its parenthesis, a selection at its dot). The bad value is the internal ValidationRule:
// json.Marshal since 1.34 (apimachinery field.Error ErrorBody), `%#v` before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesVersion } from '@kubesim/engine';
import { findingLines } from '../../../test/support/expect-findings';
import { widgetCrd, type Schema } from '../../../test/support/crd-fixtures';

interface Row {
  name: string;
  /** The spec schema (rules on it see `self` as the spec). */
  spec: Schema;
  /** Rules at the root of the schema (a resource root: apiVersion, kind, metadata.name/generateName). */
  root?: Schema;
  version?: KubernetesVersion;
  /** Each expected message and the source text it underlines. */
  expected: [string, string][];
}

const rules = (...list: Schema[]): Schema => ({ 'x-kubernetes-validations': list });
const spec = (extra: Schema): Schema => ({
  type: 'object',
  properties: { replicas: { type: 'integer' }, max: { type: 'integer' }, version: { type: 'string' }, name: { type: 'string' } },
  ...extra,
});
const SPEC_RULE = 'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0]';
// json.Marshal escapes <, > and & for HTML.
const goJson = (text: string) => JSON.stringify(text).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
const ruleJson = (rule: string, extra = '"Reason":null,"FieldPath":"","OptionalOldSelf":null') =>
  `{"Rule":${goJson(rule)},"Message":"","MessageExpression":"",${extra}}`;
const compileError = (rule: string, issues: string) => `${SPEC_RULE}.rule: Invalid value: ${ruleJson(rule)}: compilation failed: ${issues}`;

const ROWS: Row[] = [
  {
    name: 'rules that compile are clean',
    spec: spec(
      rules(
        { rule: 'self.replicas <= self.max' },
        { rule: 'has(self.name) && self.name.startsWith("a")' },
        { rule: '[self.replicas, self.max].all(x, x >= 0)' },
        { rule: 'sets.contains([1, 2], [self.replicas])' },
        { rule: 'self.version.matches("^v[0-9]+$") && type(self.name) == string' },
        { rule: 'self.replicas == oldSelf.replicas' },
      ),
    ),
    root: rules({ rule: 'self.metadata.name.size() < 64 && self.kind == "Widget"' }),
    expected: [],
  },
  {
    name: 'an identifier that is not self: undeclared reference at its first character',
    spec: spec(rules({ rule: 'replicas > 0' })),
    expected: [
      [compileError('replicas > 0', "ERROR: <input>:1:1: undeclared reference to 'replicas' (in container '')\n | replicas > 0\n | ^"), '"replicas > 0"'],
    ],
  },
  {
    name: 'a field the schema lacks: undefined field at the dot',
    spec: spec(rules({ rule: 'self.replica > 0' })),
    expected: [[compileError('self.replica > 0', "ERROR: <input>:1:5: undefined field 'replica'\n | self.replica > 0\n | ....^"), '"self.replica > 0"']],
  },
  {
    name: 'a function no library declares: undeclared reference at the parenthesis',
    spec: spec(rules({ rule: "self.name.startWith('a')" })),
    expected: [
      [
        compileError(
          "self.name.startWith('a')",
          "ERROR: <input>:1:20: undeclared reference to 'startWith' (in container '')\n | self.name.startWith('a')\n | ...................^",
        ),
        `"self.name.startWith('a')"`,
      ],
    ],
  },
  {
    name: 'several issues, sorted by position',
    spec: spec(rules({ rule: 'self.replica > max' })),
    expected: [
      [
        compileError(
          'self.replica > max',
          "ERROR: <input>:1:5: undefined field 'replica'\n | self.replica > max\n | ....^\n" +
            "ERROR: <input>:1:16: undeclared reference to 'max' (in container '')\n | self.replica > max\n | ...............^",
        ),
        '"self.replica > max"',
      ],
    ],
  },
  {
    name: 'the semver library (1.33) compiles in new rules from 1.34',
    spec: spec(rules({ rule: 'isSemver(self.version)' })),
    version: '1.34',
    expected: [],
  },
  {
    name: 'the semver library is undeclared for a new rule in 1.33',
    spec: spec(rules({ rule: 'isSemver(self.version)' })),
    version: '1.33',
    expected: [
      [
        `${SPEC_RULE}.rule: Invalid value: apiextensions.ValidationRule{Rule:"isSemver(self.version)", Message:"", MessageExpression:"", ` +
          'Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ' +
          "ERROR: <input>:1:9: undeclared reference to 'isSemver' (in container '')\n | isSemver(self.version)\n | ........^",
        '"isSemver(self.version)"',
      ],
    ],
  },
  {
    name: 'at the root only metadata.name and generateName are visible',
    spec: spec({}),
    root: rules({ rule: 'self.metadata.labels.size() > 0' }),
    expected: [
      [
        'spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: Invalid value: ' +
          `${ruleJson('self.metadata.labels.size() > 0')}: compilation failed: ` +
          "ERROR: <input>:1:14: undefined field 'labels'\n | self.metadata.labels.size() > 0\n | .............^",
        '"self.metadata.labels.size() > 0"',
      ],
    ],
  },
  {
    name: 'optionalOldSelf on a rule without oldSelf',
    spec: spec(rules({ rule: 'self.replicas > 0', optionalOldSelf: true })),
    expected: [[`${SPEC_RULE}.optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule`, 'true']],
  },
  {
    name: 'optionalOldSelf with oldSelf is clean',
    spec: spec(rules({ rule: 'oldSelf.hasValue() || self.replicas > 0', optionalOldSelf: true })),
    expected: [],
  },
  {
    name: 'messageExpression compiled too',
    spec: spec(rules({ rule: 'self.replicas > 0', messageExpression: "'got ' + string(replicas)" })),
    expected: [
      [
        `${SPEC_RULE}.messageExpression: Invalid value: {"Rule":"self.replicas \\u003e 0","Message":"",` +
          `"MessageExpression":"'got ' + string(replicas)","Reason":null,"FieldPath":"","OptionalOldSelf":null}: ` +
          "messageExpression compilation failed: ERROR: <input>:1:17: undeclared reference to 'replicas' (in container '')\n" +
          " | 'got ' + string(replicas)\n | ................^",
        `"'got ' + string(replicas)"`,
      ],
    ],
  },
  {
    name: 'entries checked before compiling: an empty rule, a bad reason, a rule of two lines without a message',
    spec: spec(rules({ rule: ' ' }, { rule: 'self.replicas > 0', reason: 'FieldValueBad' }, { rule: 'self.replicas > 0 &&\nself.max > 0' })),
    expected: [
      [`${SPEC_RULE}.rule: Required value: rule is not specified`, '" "'],
      [
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].reason: Unsupported value: "FieldValueBad": ' +
          'supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"',
        '"FieldValueBad"',
      ],
      [
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[2].message: Required value: ' +
          'message must be specified if rule contains line breaks',
        '{"rule":"self.replicas > 0 &&\\nself.max > 0"}',
      ],
    ],
  },
];

for (const row of ROWS) {
  test(`CRD rule compilation: ${row.name}`, () => {
    const crd = widgetCrd(row.spec, row.root ?? {});
    const lines = findingLines(crd, row.version ?? '1.36', (finding) => finding.code.startsWith('customresourcedefinition-'));
    assert.deepEqual(
      lines,
      row.expected.map(([message, text]) => `${message} @ ${text}`),
    );
  });
}
