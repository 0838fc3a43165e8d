// Validation ratcheting of schema errors on update (CRDValidationRatcheting: beta on 1.30, GA 1.33): with the
// stored object known (`--previous`), an error in a field the update leaves unchanged is dropped; a changed field
// still gets it; with the gate off (1.32 may turn it off) nothing ratchets. The message is kube-openapi's
// maximum error (`<path> in body should be less than or equal to 100`).
import { test } from 'node:test';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const CRD = widgetCrd({ type: 'object', properties: { replicas: { type: 'integer', maximum: 100 }, mode: { type: 'string' } } });
const widget = (spec: string) => `${CRD}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n${spec}\n`;
const isSchemaFinding = (finding: { code: string }) => finding.code.startsWith('widget-');
const TOO_MANY = 'spec.replicas: Invalid value: 500: spec.replicas in body should be less than or equal to 100';
const STORED = widget('  replicas: 500\n  mode: slow');

test('ratcheting: an unchanged field keeps its old error quiet while another field changes', () => {
  expectMessages(widget('  replicas: 500\n  mode: fast'), '1.36', [], isSchemaFinding, STORED);
});

test('ratcheting: a changed field is validated', () => {
  expectMessages(
    widget('  replicas: ⟦600⟧\n  mode: fast'),
    '1.36',
    ['spec.replicas: Invalid value: 600: spec.replicas in body should be less than or equal to 100'],
    isSchemaFinding,
    STORED,
  );
});

test('ratcheting: on create nothing ratchets', () => {
  expectMessages(widget('  replicas: ⟦500⟧\n  mode: fast'), '1.36', [TOO_MANY], isSchemaFinding);
});

test('ratcheting with CRDValidationRatcheting off (1.32): the unchanged field is refused', () => {
  const declared = { featureGates: { CRDValidationRatcheting: false } };
  expectMessages(widget('  replicas: ⟦500⟧\n  mode: fast'), '1.32', [TOO_MANY], isSchemaFinding, STORED, declared);
});
