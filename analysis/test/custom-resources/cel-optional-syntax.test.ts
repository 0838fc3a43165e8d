// Optional values in CRD validation rules (cel-go's OptionalTypes, in the CRD environment since 1.28): `a.?b` and
// `a[?k]` give optional.of(the value) when the field, key or index is there and optional.none() otherwise, a selection
// after an optional one in the same chain is optional too (interpreter/attributes.go applyQualifiers), and
// orValue/hasValue/value/optional.ofNonZeroValue read them. Optional list and map entries are not evaluated: the rule
// is a "not checked" note, never an error. The schema is a small Widget spec written for this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectMessages, findingLines } from '../../../test/support/expect-findings';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const SPEC = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    limits: { type: 'object', additionalProperties: { type: 'string' } },
    items: { type: 'array', items: { type: 'string' } },
  },
};

const widget = (rule: string, specLines: string) => {
  const crd = widgetCrd({ ...SPEC, 'x-kubernetes-validations': [{ rule, message: 'bad' }] });
  return `${crd}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n${specLines}\n`;
};

const ROWS: { rule: string; spec: string; holds: boolean }[] = [
  { rule: "self.?name.orValue('') != 'bad'", spec: '  name: bad', holds: false },
  { rule: "self.?name.orValue('') != 'bad'", spec: '  items: []', holds: true },
  { rule: "self.?limits.?cpu.orValue('1') == '1'", spec: '  limits: {cpu: "2"}', holds: false },
  { rule: "self.?limits.?cpu.orValue('1') == '1'", spec: '  name: x', holds: true },
  { rule: 'self.?limits.cpu.hasValue()', spec: '  limits: {memory: "1"}', holds: false },
  { rule: 'self.?limits.cpu.hasValue()', spec: '  limits: {cpu: "1"}', holds: true },
  { rule: "self.?items[?0].orValue('') == 'a'", spec: '  items: [a]', holds: true },
  { rule: "self.?items[?0].orValue('') == 'a'", spec: '  items: []', holds: false },
  { rule: "self.items[?1].orValue('none') == 'none'", spec: '  items: [a]', holds: true },
  { rule: "optional.ofNonZeroValue(self.?name.orValue('')).hasValue()", spec: '  name: ""', holds: false },
  { rule: "self.?name.value() == 'x' && optional.none().orValue(1) == 1", spec: '  name: x', holds: true },
  { rule: "self.?name.or(optional.of('y')).value() == 'y'", spec: '  items: []', holds: true },
  { rule: "self.?name.orValue('a.?b') == 'a.?b' && 'x[?0]' != ''", spec: '  items: []', holds: true },
];

for (const row of ROWS) {
  test(`optional syntax: ${row.rule} on {${row.spec.trim()}} ${row.holds ? 'holds' : 'fails'}`, () => {
    const spec = row.holds ? row.spec : row.spec.replace(/^ {2}/, '  ⟦').replace(/$/, '⟧');
    const messages = row.holds ? [] : ['spec: Invalid value: bad'];
    expectMessages(widget(row.rule, spec), '1.36', messages, (finding) => finding.code.startsWith('widget-') || finding.code === 'validation-rule-not-checked');
  });
}

test('an optional list entry ([?x]) is not evaluated: a not-checked note, never an error', () => {
  const lines = findingLines(
    widget('[?self.?name].size() == 0', '  name: x'),
    '1.36',
    (finding) => finding.severity !== 'information' || finding.code === 'validation-rule-not-checked',
  );
  assert.equal(lines.length, 1, lines.join('\n'));
  assert.ok(lines[0]!.startsWith('Not checked: the validation rule'), lines.join('\n'));
});
