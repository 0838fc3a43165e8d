// Table-driven checks of the message builders and value printing against apimachinery's text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FieldPath,
  formatFieldError,
  intOrStringValue,
  invalid,
  notSupported,
  required,
  stringMapValue,
  stringValue,
  type FieldError,
  isDns1123Label,
  isQualifiedName,
  isValidPercent,
} from '@kubesim/engine';

const spec = FieldPath.root('spec');

// Expected strings restated from apimachinery v0.33/v0.34 ErrorBody and RegexError.
const rows: { error: FieldError; v133: string; v134: string }[] = [
  {
    error: invalid(spec.child('template', 'metadata', 'labels'), stringMapValue({ b: '2', a: '1' }), '`selector` does not match template `labels`', 'x'),
    v133: 'spec.template.metadata.labels: Invalid value: map[string]string{"a":"1", "b":"2"}: `selector` does not match template `labels`',
    v134: 'spec.template.metadata.labels: Invalid value: {"a":"1","b":"2"}: `selector` does not match template `labels`',
  },
  {
    error: invalid(spec.child('strategy', 'rollingUpdate', 'maxUnavailable'), intOrStringValue(0), 'may not be 0 when `maxSurge` is 0', 'x'),
    v133: 'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0',
    v134: 'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
  },
  {
    error: notSupported(spec.child('template', 'spec', 'restartPolicy'), stringValue('Never'), ['Always'], 'x'),
    v133: 'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    v134: 'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
  },
  {
    error: required(spec.child('selector'), '', 'x'),
    v133: 'spec.selector: Required value',
    v134: 'spec.selector: Required value',
  },
  {
    error: invalid(spec.child('ordinals.start'), { kind: 'number', value: -2 }, 'must be greater than or equal to 0', 'x'),
    v133: 'spec.ordinals.start: Invalid value: -2: must be greater than or equal to 0',
    v134: 'spec.ordinals.start: Invalid value: -2: must be greater than or equal to 0',
  },
  {
    error: invalid(spec.child('x'), stringMapValue({ a: '<b>' }), '', 'x'),
    v133: 'spec.x: Invalid value: map[string]string{"a":"<b>"}',
    v134: 'spec.x: Invalid value: {"a":"\\u003cb\\u003e"}',
  },
];

for (const row of rows) {
  test(`formats ${row.v134}`, () => {
    assert.equal(formatFieldError(row.error, '1.33'), row.v133);
    assert.equal(formatFieldError(row.error, '1.34'), row.v134);
  });
}

const messageRows: { input: string; check: (value: string) => string[]; expected: string[] }[] = [
  { input: 'abc.123', check: isDns1123Label, expected: ['must not contain dots'] },
  {
    input: 'Abc',
    check: isDns1123Label,
    expected: [
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and " +
        "must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used " +
        "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ],
  },
  { input: 'a'.repeat(64), check: isDns1123Label, expected: ['must be no more than 63 characters'] },
  {
    input: 'a/b/c',
    check: isQualifiedName,
    expected: [
      "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start " +
        "and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex " +
        "used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain " +
        "prefix and '/' (e.g. 'example.com/MyName')",
    ],
  },
  { input: '/a', check: isQualifiedName, expected: ['prefix part must be non-empty'] },
  {
    input: '10',
    check: isValidPercent,
    expected: ["a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"],
  },
];

for (const row of messageRows) {
  test(`messages for ${JSON.stringify(row.input.slice(0, 20))}`, () => {
    assert.deepEqual(row.check(row.input), row.expected);
  });
}
