// String formats of a custom resource's schema, as kube-openapi's formatValidator checks the formats
// apiextensions-apiserver keeps (pkg/apiserver/validation/formats.go; the checks of kube-openapi
// pkg/validation/strfmt: default.go's isIPv4 and isCIDR through the sloppy parsers of k8s.io/utils/net, ipv6
// through net.ParseIP, UUIDs, hexcolor, rgbcolor, ssn (11 characters), byte, creditcard and ISBN by govalidator's
// expressions and checksums, hostname by its pattern and lengths, mac by net.ParseMAC, uri by
// url.ParseRequestURI; date.go's time.Parse, time.go's IsDateTime, duration.go's ParseDuration with its unit table,
// bson.go's 24 hex digits; kubernetes-extensions.go's k8s-short-name from 1.35), with InvalidType's message
// `<path> in body must be of type <format>: "<value>"`. Each valid/invalid pair was worked out from those functions'
// code (the ISBN and card numbers carry correct and broken check digits).
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd } from '../../../test/support/crd-fixtures';

const ROWS: { format: string; value: string; valid: boolean; version?: KubernetesVersion }[] = [
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
  { format: 'ssn', value: '123456789', valid: false },
  { format: 'ssn', value: '123 45 6789', valid: true },
  { format: 'rgbcolor', value: 'rgb(255, 0, 12)', valid: true },
  { format: 'rgbcolor', value: 'rgb(256,0,0)', valid: false },
  { format: 'byte', value: 'aGVsbG8=', valid: true },
  { format: 'byte', value: 'aGVsbG8', valid: false },
  { format: 'byte', value: '', valid: false },
  { format: 'date', value: '2024-02-29', valid: true },
  { format: 'date', value: '2023-02-29', valid: false },
  { format: 'date-time', value: '2021-01-01T10:00:00Z', valid: true },
  { format: 'date-time', value: '2021-01-01t10:00:00.123+02:00', valid: true },
  { format: 'date-time', value: '2021-01-01T24:00:00Z', valid: false },
  { format: 'date-time', value: '2021-01-01 10:00:00Z', valid: false },
  { format: 'duration', value: '1h30m', valid: true },
  { format: 'duration', value: '3 days', valid: true },
  { format: 'duration', value: '0', valid: true },
  { format: 'duration', value: 'soon', valid: false },
  { format: 'duration', value: '5 potatoes', valid: false },
  { format: 'hostname', value: 'api.example.com', valid: true },
  { format: 'hostname', value: 'localhost', valid: true },
  { format: 'hostname', value: 'bad_host.example.com', valid: false },
  { format: 'hostname', value: 'example.c0m', valid: false },
  { format: 'email', value: 'ops@example.com', valid: true },
  { format: 'email', value: 'ops.example.com', valid: false },
  { format: 'uri', value: 'https://example.com/a?b=c', valid: true },
  { format: 'uri', value: '/absolute/path', valid: true },
  { format: 'uri', value: 'relative/path', valid: false },
  { format: 'uri', value: 'https://a:b:c/', valid: false },
  { format: 'uri', value: 'https://example.com/%zz', valid: false },
  { format: 'mac', value: '00:1A:2b:3c:4d:5e', valid: true },
  { format: 'mac', value: '001a.2b3c.4d5e', valid: true },
  { format: 'mac', value: '00:1a:2b:3c:4d', valid: false },
  { format: 'mac', value: '00:1a-2b:3c:4d:5e', valid: false },
  { format: 'bsonobjectid', value: '507f1f77bcf86cd799439011', valid: true },
  { format: 'bsonobjectid', value: '507f1f77bcf86cd79943901', valid: false },
  { format: 'isbn10', value: '0-321-75104-3', valid: true },
  { format: 'isbn10', value: '0321751044', valid: false },
  { format: 'isbn13', value: '978-0321751041', valid: true },
  { format: 'isbn', value: '9780321751042', valid: false },
  { format: 'creditcard', value: '4111 1111 1111 1111', valid: true },
  { format: 'creditcard', value: '4111111111111112', valid: false },
  { format: 'password', value: 'anything at all', valid: true },
  { format: 'quantity', value: 'not a quantity', valid: true },
  { format: 'k8s-short-name', value: 'web-1', valid: true },
  { format: 'k8s-short-name', value: 'Web', valid: false },
  { format: 'k8s-long-name', value: 'a.b-c.d', valid: true },
  { format: 'k8s-long-name', value: 'a..b', valid: false },
  { format: 'k8s-short-name', value: 'Web', valid: true, version: '1.34' },
  { format: 'not-a-format', value: 'x', valid: true },
];

for (const row of ROWS) {
  test(`custom resource format ${row.format}: "${row.value}" is ${row.valid ? 'valid' : 'refused'} in ${row.version ?? '1.36'}`, () => {
    const crd = widgetCrd({ type: 'object', properties: { value: { type: 'string', format: row.format } } });
    const value = row.valid ? `"${row.value}"` : `⟦"${row.value}"⟧`;
    const marked = `${crd}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  value: ${value}\n`;
    const messages = row.valid ? [] : [`spec.value: Invalid value: "${row.value}": spec.value in body must be of type ${row.format}: "${row.value}"`];
    expectMessages(marked, row.version ?? '1.36', messages, (finding) => finding.code.startsWith('widget-'));
  });
}
