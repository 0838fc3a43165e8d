// A CustomResourceDefinition's own rules (apiextensions-apiserver pkg/apis/apiextensions/validation and the
// structural-schema invariants of pkg/apiserver/schema/validation.go): valid definitions are clean, each broken
// one gets the API server's message, printed at spec.validation when every version shares one schema (the
// v1-to-internal conversion moves it there) and found in the first version.
import { test } from 'node:test';
import { expectMessages } from '../../../test/support/expect-findings';
import { certificateCrd, routeCrd } from '../../../test/support/crd-fixtures';

const crd = (body: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
${body}`;

const versions = (schema: string) => `  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
${schema}`;

const ROWS: { name: string; yaml: string; messages: string[] }[] = [
  { name: 'the HTTPRoute fixture is valid', yaml: routeCrd, messages: [] },
  { name: 'the Certificate fixture is valid', yaml: certificateCrd, messages: [] },
  {
    name: 'the name must be plural.group',
    yaml: crd(`  group: example.com\n  names: {kind: Widget, plural: gadgets}\n  scope: Namespaced\n${versions('        type: object')}`).replace(
      'name: widgets.example.com',
      'name: ⟦widgets.example.com⟧',
    ),
    messages: ['metadata.name: Invalid value: "widgets.example.com": must be spec.names.plural+"."+spec.group'],
  },
  {
    name: 'a group without a dot, an unknown scope',
    yaml: crd(`  group: ⟦example⟧\n  names: {kind: Widget, plural: widgets}\n  scope: ⟦Global⟧\n${versions('        type: object')}`).replace(
      'widgets.example.com',
      'widgets.example',
    ),
    messages: [
      'spec.group: Invalid value: "example": should be a domain with at least one dot',
      'spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"',
    ],
  },
  {
    name: 'a version without a schema',
    yaml: crd(
      `  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - ⟦name: v1\n    served: true\n    storage: true⟧\n`,
    ),
    messages: ['spec.versions[0].schema.openAPIV3Schema: Required value'],
  },
  {
    name: 'structural: a property without a type, an array without items',
    yaml: crd(
      `  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n${versions(
        '        type: object\n        properties:\n          ⟦spec⟧:\n            properties:\n' +
          '              size: {type: integer}\n          ⟦tags⟧: {type: array}',
      )}`,
    ),
    messages: [
      'spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
      'spec.validation.openAPIV3Schema.properties[tags].items: Required value: must be specified',
    ],
  },
];

for (const row of ROWS) {
  test(`CustomResourceDefinition: ${row.name}`, () => {
    expectMessages(row.yaml, '1.36', row.messages, (finding) => finding.code.startsWith('customresourcedefinition-'));
  });
}
