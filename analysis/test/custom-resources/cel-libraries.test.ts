// The Kubernetes CEL libraries kubesim evaluates: quantity (k8s.io/apiserver pkg/cel/library/quantity.go, with
// resource.Quantity's equality by value), regex find/findAll (regex.go) and cel-go's sets extension (ext/sets.go).
// Each row is a rule on a string field and a value: the rule holds (no finding) or fails (its message), and is
// never left unevaluated. The truth values follow the libraries' documented examples (the functions' comments in
// those files) and resource.Quantity's arithmetic.
import { test } from 'node:test';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const ROWS: { rule: string; value: string; holds: boolean }[] = [
  { rule: "quantity(self).isGreaterThan(quantity('1Gi'))", value: '2Gi', holds: true },
  { rule: "quantity(self).isGreaterThan(quantity('1Gi'))", value: '512Mi', holds: false },
  { rule: "quantity(self) == quantity('1000m')", value: '1', holds: true },
  { rule: "quantity(self).compareTo(quantity('1k')) == 0", value: '1000', holds: true },
  { rule: "quantity(self).add(quantity('500m')).asApproximateFloat() == 1.5", value: '1', holds: true },
  { rule: 'quantity(self).sub(1).asInteger() == 1999', value: '2k', holds: true },
  { rule: 'quantity(self).isInteger()', value: '1500m', holds: false },
  { rule: 'quantity(self).sign() == -1', value: '-1', holds: true },
  { rule: 'isQuantity(self)', value: '1.5.5', holds: false },
  { rule: "self.find('[0-9]+') == '123'", value: 'abc123def', holds: true },
  { rule: "self.find('[0-9]+') == ''", value: 'abc', holds: true },
  { rule: "self.findAll('[a-z]+').size() == 2", value: 'ab12cd', holds: true },
  { rule: "self.findAll('[a-z]', 2) == ['a', 'b']", value: 'abc', holds: true },
  { rule: "sets.contains(['a', 'b', 'c'], [self])", value: 'd', holds: false },
  { rule: 'sets.equivalent([1, 2], [2, 1, 1]) && self != ""', value: 'x', holds: true },
  { rule: "sets.intersects([self], ['x', 'y'])", value: 'z', holds: false },
];

for (const row of ROWS) {
  test(`CEL library: ${row.rule} on ${row.value} ${row.holds ? 'holds' : 'fails'}`, () => {
    const crd = widgetCrd({ type: 'object', properties: { value: { type: 'string', 'x-kubernetes-validations': [{ rule: row.rule, message: 'bad' }] } } });
    const value = row.holds ? `"${row.value}"` : `⟦"${row.value}"⟧`;
    const yaml = `${crd}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  value: ${value}\n`;
    const messages = row.holds ? [] : [`spec.value: Invalid value: "${row.value}": bad`];
    expectMessages(yaml, '1.36', messages, (finding) => finding.code.startsWith('widget-') || finding.code === 'validation-rule-not-checked');
  });
}
