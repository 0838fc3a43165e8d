// The Kubernetes CEL libraries kubesim evaluates: quantity (k8s.io/apiserver pkg/cel/library/quantity.go, with
// resource.Quantity's equality by value), regex find/findAll (regex.go), cel-go's sets extension (ext/sets.go),
// URLs (urls.go), IP and CIDR (ip.go, cidr.go) and format (format.go). Each row is a rule on a string field and a
// value: the rule holds (no finding) or fails (its message), and is never left unevaluated. The truth values follow
// the libraries' documented examples (the functions' comments in those files), resource.Quantity's arithmetic,
// netip's rules (no leading zeros in IPv4, no IPv4-mapped address, RFC 5952 canonical text) and net/url's.
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
  { rule: "url(self).getScheme() == 'https'", value: 'https://example.com/', holds: true },
  { rule: "url(self).getScheme() == ''", value: '/path', holds: true },
  { rule: "url(self).getHost() == 'example.com:80'", value: 'https://example.com:80/', holds: true },
  { rule: "url(self).getHost() == '[::1]:80' && url(self).getHostname() == '::1'", value: 'https://[::1]:80/', holds: true },
  { rule: "url(self).getPort() == '80'", value: 'https://example.com:80/', holds: true },
  { rule: "url(self).getPort() == '' && url(self).getHostname() == ''", value: '/path', holds: true },
  { rule: "url(self).getEscapedPath() == '/path%20with%20spaces/'", value: 'https://example.com/path with spaces/', holds: true },
  { rule: "url(self).getEscapedPath() == ''", value: 'https://example.com', holds: true },
  { rule: "url(self).getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}", value: 'https://example.com/path?k1=a&k2=b&k2=c', holds: true },
  {
    rule: "url(self).getQuery() == {'key with spaces': ['value with spaces']}",
    value: 'https://example.com/path?key with spaces=value with spaces',
    holds: true,
  },
  { rule: 'url(self).getQuery().size() == 0', value: 'https://example.com/path?', holds: true },
  { rule: 'isURL(self)', value: 'https://user:pass@example.com:80/path?query=val#fragment', holds: true },
  { rule: 'isURL(self)', value: 'https://a:b:c/', holds: false },
  { rule: 'isURL(self)', value: '../relative-path', holds: false },
  { rule: 'ip(self).family() == 6', value: '::1', holds: true },
  { rule: 'ip(self).family() == 4 && ip(self).isLoopback()', value: '127.0.0.1', holds: true },
  { rule: 'ip(self).isLoopback()', value: '192.168.0.1', holds: false },
  { rule: 'ip(self).isUnspecified()', value: '::', holds: true },
  { rule: 'ip(self).isLinkLocalMulticast()', value: 'ff02::1', holds: true },
  { rule: 'ip(self).isLinkLocalMulticast()', value: '224.0.1.1', holds: false },
  { rule: 'ip(self).isLinkLocalUnicast()', value: '169.254.169.254', holds: true },
  { rule: 'ip(self).isLinkLocalUnicast()', value: 'fd80::1', holds: false },
  { rule: 'ip(self).isGlobalUnicast()', value: '2001:db8::abcd', holds: true },
  { rule: 'ip(self).isGlobalUnicast()', value: '255.255.255.255', holds: false },
  { rule: 'isIP(self)', value: '127.0.0.01', holds: false },
  { rule: 'isIP(self)', value: '::ffff:1.2.3.4', holds: false },
  { rule: 'isIP(self)', value: 'fe80::1%eth0', holds: false },
  { rule: 'ip.isCanonical(self)', value: '2001:DB8::1', holds: false },
  { rule: 'ip.isCanonical(self)', value: '2001:db8::1', holds: true },
  { rule: "ip(self) == ip('0:0::1')", value: '::1', holds: true },
  { rule: "string(ip(self)) == '2001:db8::1'", value: '2001:0db8:0:0:0:0:0:1', holds: true },
  { rule: "cidr(self).containsIP(ip('192.168.0.1'))", value: '192.168.0.0/24', holds: true },
  { rule: "cidr(self).containsIP('192.168.1.1')", value: '192.168.0.0/24', holds: false },
  { rule: "cidr(self).containsCIDR('192.168.10.0/24')", value: '192.168.0.0/16', holds: true },
  { rule: "cidr(self).containsCIDR(cidr('192.168.2.0/24'))", value: '192.168.1.0/24', holds: false },
  { rule: "cidr(self).masked() == cidr('192.168.0.0/24')", value: '192.168.0.1/24', holds: true },
  { rule: 'cidr(self) == cidr(self).masked()', value: '192.168.0.1/24', holds: false },
  { rule: 'cidr(self).prefixLength() == 128 && cidr(self).ip().family() == 6', value: '::1/128', holds: true },
  { rule: "string(cidr(self).ip()) == '192.168.0.1'", value: '192.168.0.1/24', holds: true },
  { rule: 'isCIDR(self)', value: '10.0.0.0/33', holds: false },
  { rule: '!format.dns1123Label().validate(self).hasValue()', value: 'my-label', holds: true },
  { rule: '!format.dns1123Label().validate(self).hasValue()', value: 'My_Label', holds: false },
  { rule: "!format.named('dns1123Subdomain').value().validate(self).hasValue()", value: 'apiextensions.k8s.io', holds: true },
  { rule: "!format.named('nope').hasValue() && self != ''", value: 'x', holds: true },
  { rule: '!format.dns1123LabelPrefix().validate(self).hasValue()', value: 'my-label-prefix-', holds: true },
  { rule: '!format.qualifiedName().validate(self).hasValue()', value: 'apiextensions.k8s.io/v1beta1', holds: true },
  { rule: '!format.uri().validate(self).hasValue()', value: 'relative', holds: false },
  { rule: "format.uuid().validate(self) == optional.of(['does not match the UUID format'])", value: 'nope', holds: true },
  { rule: '!format.date().validate(self).hasValue() && !format.datetime().validate(self + "T00:00:00Z").hasValue()', value: '2021-01-01', holds: true },
  { rule: '!format.byte().validate(self).hasValue()', value: 'aGVsbG8=', holds: true },
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

test("format library: a messageExpression joins the validator's messages (apimachinery's IsDNS1123Label text)", () => {
  const rule = { rule: '!format.dns1123Label().validate(self).hasValue()', messageExpression: "format.dns1123Label().validate(self).value().join(', ')" };
  const crd = widgetCrd({ type: 'object', properties: { value: { type: 'string', 'x-kubernetes-validations': [rule] } } });
  const yaml = `${crd}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  value: ⟦"a.b"⟧\n`;
  expectMessages(yaml, '1.36', ['spec.value: Invalid value: "a.b": must not contain dots'], (finding) => finding.code.startsWith('widget-'));
});
