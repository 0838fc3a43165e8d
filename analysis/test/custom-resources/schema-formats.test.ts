// String formats of a custom resource's schema, as kube-openapi's formatValidator checks the formats
// apiextensions-apiserver registers (pkg/apiserver/validation/formats.go; the checks of kube-openapi
// pkg/validation/strfmt/default.go: isIPv4 and isCIDR through the sloppy parsers of k8s.io/utils/net, ipv6
// through net.ParseIP, UUIDs, hexcolor and ssn by their regular expressions), with InvalidType's message
// `<path> in body must be of type <format>: "<value>"`.
import { test } from 'node:test';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const ROWS: { format: string; value: string; valid: boolean }[] = [
  { format: 'ipv4', value: '10.0.0.1', valid: true },
  { format: 'ipv4', value: '010.000.000.001', valid: true },
  { format: 'ipv4', value: '10.0.0', valid: false },
  { format: 'ipv4', value: 'fd00::1', valid: false },
  { format: 'ipv6', value: 'fd00::1', valid: true },
  { format: 'ipv6', value: '10.0.0.1', valid: false },
  { format: 'cidr', value: '10.0.0.0/8', valid: true },
  { format: 'cidr', value: 'fd00::/64', valid: true },
  { format: 'cidr', value: '10.0.0.0/33', valid: false },
  { format: 'cidr', value: '10.0.0.0', valid: false },
  { format: 'uuid4', value: '9b2b4b8e-8f2a-4c3d-9e1f-0a1b2c3d4e5f', valid: true },
  { format: 'uuid4', value: '9b2b4b8e-8f2a-5c3d-9e1f-0a1b2c3d4e5f', valid: false },
  { format: 'hexcolor', value: '#fff', valid: true },
  { format: 'hexcolor', value: '#ffff', valid: false },
  { format: 'ssn', value: '123-45-6789', valid: true },
  { format: 'ssn', value: '123-456-789', valid: false },
];

for (const row of ROWS) {
  test(`custom resource format ${row.format}: "${row.value}" is ${row.valid ? 'valid' : 'refused'}`, () => {
    const crd = widgetCrd({ type: 'object', properties: { value: { type: 'string', format: row.format } } });
    const value = row.valid ? `"${row.value}"` : `⟦"${row.value}"⟧`;
    const marked = `${crd}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  value: ${value}\n`;
    const messages = row.valid ? [] : [`spec.value: Invalid value: "${row.value}": spec.value in body must be of type ${row.format}: "${row.value}"`];
    expectMessages(marked, '1.36', messages, (finding) => finding.code.startsWith('widget-'));
  });
}
