// anyOf, oneOf, allOf and not in a custom resource's schema, as kube-openapi's schemaPropsValidator
// (pkg/validation/validate/schema_props.go, messages of schema_messages.go) decides them and
// kubeOpenAPIResultToFieldErrors (apiextensions-apiserver pkg/apiserver/validation/validation.go) prints them:
// a composite error is not a *Validation, so it lands at the validator's nil root path (`<nil>`) with an empty
// bad value. allOf also reports every failing alternative's errors; anyOf and oneOf the errors of the
// alternative with the most passing checks (rows here have one alternative, or the composite error alone).
import { test } from 'node:test';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd, type Schema } from '../../../test/support/crd-fixtures';

const PROPERTIES = { a: { type: 'integer' }, b: { type: 'integer' }, legacy: { type: 'string' }, mode: { type: 'string' } };

const ROWS: { name: string; combinators: Schema; spec: string; messages: string[] }[] = [
  { name: 'oneOf: exactly one alternative holds', combinators: { oneOf: [{ required: ['a'] }, { required: ['b'] }] }, spec: '  a: 1', messages: [] },
  {
    name: 'oneOf: two alternatives hold',
    combinators: { oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    spec: '  ⟦a: 1\n  b: 2⟧',
    messages: ['<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found 2 valid alternatives'],
  },
  {
    name: 'oneOf: its only alternative fails, with that alternative’s error',
    combinators: { oneOf: [{ required: ['a'] }] },
    spec: '  ⟦b: 1⟧',
    messages: ['spec.a: Required value', '<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found none valid'],
  },
  {
    name: 'anyOf: its only alternative fails, with that alternative’s error',
    combinators: { anyOf: [{ required: ['a'] }] },
    spec: '  ⟦b: 1⟧',
    messages: ['spec.a: Required value', '<nil>: Invalid value: "": "spec" must validate at least one schema (anyOf)'],
  },
  { name: 'anyOf: one of two holds', combinators: { anyOf: [{ required: ['a'] }, { required: ['b'] }] }, spec: '  b: 1', messages: [] },
  {
    name: 'allOf: every failing alternative’s errors, then the composite error',
    combinators: { allOf: [{ minProperties: 2 }, { required: ['a'] }] },
    spec: '  ⟦b: 1⟧',
    messages: [
      'spec.a: Required value',
      'spec: Invalid value: 1: spec in body should have at least 2 properties',
      '<nil>: Invalid value: "": "spec" must validate all the schemas (allOf). None validated',
    ],
  },
  {
    name: 'not: the value validates the schema',
    combinators: { not: { required: ['legacy'] } },
    spec: '  ⟦legacy: x⟧',
    messages: ['<nil>: Invalid value: "": "spec" must not validate the schema (not)'],
  },
  { name: 'not: the value does not validate it', combinators: { not: { required: ['legacy'] } }, spec: '  a: 1', messages: [] },
];

for (const row of ROWS) {
  test(`custom resource schema combinators: ${row.name}`, () => {
    const crd = widgetCrd({ type: 'object', properties: PROPERTIES, ...row.combinators });
    // The required field's error is found on the spec key (the field is absent).
    const key = row.messages.some((message) => message.endsWith('Required value')) ? '⟦spec⟧' : 'spec';
    const marked = `${crd}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n${key}:\n${row.spec}\n`;
    expectMessages(marked, '1.36', row.messages, (finding) => finding.code.startsWith('widget-'));
  });
}
