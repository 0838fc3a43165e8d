// Rules with `optionalOldSelf: true` (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go: with
// CRDValidationRatcheting on, such a rule runs on create too, `oldSelf` being optional.none(), and on update
// optional.of(the old value)); with the gate off (1.32 allows turning it off; locked on from 1.33) the rule is a
// plain transition rule, skipped on create.
import { test } from 'node:test';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const crd = (rule: string, message: string) =>
  widgetCrd({
    type: 'object',
    properties: { class: { type: 'string', 'x-kubernetes-validations': [{ rule, message, optionalOldSelf: true }] } },
  });
const widget = (schema: string, spec: string) => `${schema}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:${spec}\n`;
const isRuleFinding = (finding: { code: string }) => finding.code.startsWith('widget-') || finding.code === 'validation-rule-not-checked';

const NOT_ON_CREATE = crd("oldSelf.hasValue() || self != 'legacy'", 'legacy is not allowed on create');
const SET_ONCE = crd("oldSelf.orValue('') == '' || self == oldSelf.value()", 'class cannot change once set');

test('optionalOldSelf: the rule runs on create with oldSelf = optional.none()', () => {
  expectMessages(widget(NOT_ON_CREATE, '\n  class: ⟦legacy⟧'), '1.36', ['spec.class: Invalid value: "legacy": legacy is not allowed on create'], isRuleFinding);
  expectMessages(widget(NOT_ON_CREATE, '\n  class: modern'), '1.36', [], isRuleFinding);
});

test('optionalOldSelf: on update oldSelf holds the old value', () => {
  const previous = widget(SET_ONCE, '\n  class: slow');
  expectMessages(widget(SET_ONCE, '\n  class: ⟦fast⟧'), '1.36', ['spec.class: Invalid value: "fast": class cannot change once set'], isRuleFinding, previous);
  expectMessages(widget(SET_ONCE, '\n  class: slow'), '1.36', [], isRuleFinding, previous);
  expectMessages(widget(SET_ONCE, '\n  class: fast'), '1.36', [], isRuleFinding, widget(SET_ONCE, ' {}'));
});

test('optionalOldSelf with CRDValidationRatcheting off (1.32): a transition rule, skipped on create', () => {
  const declared = { featureGates: { CRDValidationRatcheting: false } };
  expectMessages(widget(NOT_ON_CREATE, '\n  class: legacy'), '1.32', [], isRuleFinding, undefined, declared);
  expectMessages(widget(NOT_ON_CREATE, '\n  class: ⟦legacy⟧'), '1.32', ['spec.class: Invalid value: "string": legacy is not allowed on create'], isRuleFinding);
});
