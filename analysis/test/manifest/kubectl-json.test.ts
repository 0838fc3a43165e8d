// Hand-picked YAML with the JSON (or the error) the real kubectl 1.32 gives for it, each row
// checked with ../shared/tools/kubectl-oracle.mjs (objects shown without the namespace kubectl adds
// from its context). These run on a fresh clone; kubectl-differential.test.ts asks kubectl itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readKubectlStream } from '../../src/manifest/kubectl-stream';

const HEADER = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n';

const VALUES: { name: string; yaml: string; expected: unknown }[] = [
  {
    name: 'YAML 1.1 booleans',
    yaml: 'a: y\nb: Yes\nc: on\nd: OFF\ne: n\nf: "yes"\ng: yEs\n',
    expected: { a: true, b: true, c: true, d: false, e: false, f: 'yes', g: 'yEs' },
  },
  {
    name: 'Go integers',
    yaml: 'a: 0o17\nb: 017\nc: 0x1F\nd: 0b101\ne: 1_000\nf: +17\ng: -0b11\nh: 08\n',
    expected: { a: 15, b: 15, c: 31, d: 5, e: 1000, f: 17, g: -3, h: 8 },
  },
  {
    name: 'no base 60, timestamps kept as text',
    yaml: 'a: 10:30\nb: 2024-01-01T00:00:00Z\nc: !!timestamp 2001-12-14\n',
    expected: { a: '10:30', b: '2024-01-01T00:00:00Z', c: '2001-12-14' },
  },
  { name: 'floats', yaml: 'a: 1e3\nb: .5\nc: 1.\nd: 1.0\n', expected: { a: 1000, b: 0.5, c: 1, d: 1 } },
  {
    name: 'beyond int64 and uint64',
    yaml: 'o: 18446744073709551615\np: 18446744073709551616\n',
    expected: { o: 18446744073709552000, p: 18446744073709552000 },
  },
  { name: 'nulls', yaml: 't: ~\nu:\nw: !!str\nv: !!str ~\n', expected: { t: null, u: null, w: '', v: '~' } },
  {
    name: 'tags',
    yaml: 'a: !!binary aGVsbG8=\nb: !!float 1\nc: !foo bar\nd: !!int "0x10"\ne: !!str 0x10\nf: !!bool yes\ng: !!float "1.5"\n',
    expected: { a: 'hello', b: 1, c: 'bar', d: 16, e: '0x10', f: true, g: 1.5 },
  },
  {
    name: 'keys that are not strings',
    yaml: 'x: {yes: 1, n: 2, 1.1: a, 0.1234567891: b, 2001-12-14: c, 0x10: d, 1e7: e, 10000000: f, .nan: g, -.inf: h, 1.5e-7: i}\n',
    expected: {
      x: {
        true: 1,
        false: 2,
        '1.1': 'a',
        '0.12345679': 'b',
        '2001-12-14': 'c',
        16: 'd',
        '1e+07': 'e',
        10000000: 'f',
        '.nan': 'g',
        '-.inf': 'h',
        '1.5e-07': 'i',
      },
    },
  },
  { name: 'duplicate keys keep the last value', yaml: 'x: {a: 1, a: 2}\n', expected: { x: { a: 2 } } },
  { name: 'a merge key overrides the keys before it', yaml: 'x:\n  a: 1\n  <<: {a: 2, b: 3}\n  c: 4\n', expected: { x: { a: 2, b: 3, c: 4 } } },
  { name: 'in a list of merged maps the first wins', yaml: 'x:\n  <<: [{a: 1}, {a: 2, b: 2}]\n', expected: { x: { a: 1, b: 2 } } },
  {
    name: 'aliases, a key y (true) and a quoted "<<" that is no merge',
    yaml: 'x: &m {a: 1}\ny:\n  <<: *m\n  b: 2\nz:\n  "<<": *m\n',
    expected: { x: { a: 1 }, true: { a: 1, b: 2 }, z: { '<<': { a: 1 } } },
  },
  {
    name: 'multi-line quoted scalars whose lines sit at or left of their key (goyaml ignores their indentation)',
    yaml:
      "data:\n  a: 'x\n  y'\n  b: 'x\n    y\n  z'\n  c: \"x\n  y\"\n  d: 'x\n\n  y'\n  e: 'it''s\n  here'\n" +
      "  f: 'x\n y: z'\n  g: \"x\\\n  y\"\n  h: 'x\n ---\n  y'\n  i: 'x\n%foo\n  y'\n",
    expected: { data: { a: 'x y', b: 'x y z', c: 'x y', d: 'x\ny', e: "it's here", f: 'x y: z', g: 'xy', h: 'x --- y', i: 'x %foo y' } },
  },
  {
    name: 'a multi-line quoted scalar in a sequence and under a key on its own line',
    yaml: "l:\n  - 'x\n  y'\nm:\n  k:\n    'x\n  y'\n",
    expected: { l: ['x y'], m: { k: 'x y' } },
  },
  { name: 'block scalars', yaml: 'a: |\n  x\n  y\nb: >-\n  x\n  y\nc: !!binary |\n  aGVs\n  bG8=\n', expected: { a: 'x\ny\n', b: 'x y', c: 'hello' } },
];

for (const { name, yaml, expected } of VALUES) {
  test(`kubectl reads ${name}`, () => {
    const stream = readKubectlStream(HEADER + yaml);
    assert.equal(stream.error, undefined);
    assert.deepStrictEqual(
      stream.objects.map((entry) => entry.object),
      [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, ...(expected as object) }],
    );
  });
}

const ERRORS: { name: string; yaml: string; message: string }[] = [
  { name: 'an infinity', yaml: 'x: .inf\n', message: 'error converting YAML to JSON: json: unsupported value: +Inf' },
  { name: 'a NaN in a list', yaml: 'x: [.nan]\n', message: 'error converting YAML to JSON: json: unsupported value: NaN' },
  { name: 'a null key', yaml: 'x: {~: 1}\n', message: 'error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: 1' },
  {
    name: 'an unsigned key',
    yaml: 'y: {0x8000000000000000: a}\n',
    message: 'error converting YAML to JSON: unsupported map key of type: uint64, key: 0x8000000000000000, value: "a"',
  },
  { name: 'a tag its text does not fit', yaml: 'x: !!int abc\n', message: 'error converting YAML to JSON: yaml: cannot decode !!str `abc` as a !!int' },
  { name: 'a !!null with text', yaml: 'x: !!null x\n', message: 'error converting YAML to JSON: yaml: cannot decode !!str `x` as a !!null' },
  { name: 'an empty !!int', yaml: 'v: !!int\n', message: 'error converting YAML to JSON: yaml: cannot decode !!null `` as a !!int' },
  { name: 'a list as a key', yaml: 'x: {[1]: 1}\n', message: 'error converting YAML to JSON: yaml: invalid map key: []interface {}{1}' },
  {
    name: 'a map as a key',
    yaml: 'x: {? {a: 1} : 2}\n',
    message: 'error converting YAML to JSON: yaml: invalid map key: map[interface {}]interface {}{"a":1}',
  },
  { name: 'an alias inside its anchor', yaml: 'x: &a [*a]\n', message: "error converting YAML to JSON: yaml: anchor 'a' value contains itself" },
  { name: 'bad base64', yaml: 'x: !!binary "!!!"\n', message: 'error converting YAML to JSON: yaml: !!binary value contains invalid base64 data' },
  {
    name: 'a merge of a scalar',
    yaml: 'x: {<<: 1}\n',
    message: 'error converting YAML to JSON: yaml: map merge requires map or sequence of maps as the value',
  },
  { name: 'content after a document marker', yaml: '--- a: 1\n', message: 'invalid Yaml document separator: a: 1' },
];

for (const { name, yaml, message } of ERRORS) {
  test(`kubectl refuses ${name}`, () => {
    assert.deepEqual(readKubectlStream(HEADER + yaml).error?.message, message);
  });
}

test('empty and null documents are skipped, a `...` ends the document, lines are where content starts', () => {
  const stream = readKubectlStream(`---\n---\n# c\n---\nnull\n---\n${HEADER}x: 1\n...\ny: 2\n---\n${HEADER}`);
  assert.equal(stream.error, undefined);
  assert.deepEqual(
    stream.objects.map((entry) => entry.line),
    [7, 14],
  );
  assert.deepStrictEqual(stream.objects[0]!.object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, x: 1 });
});

test('a multi-line quoted key or a document marker inside a quoted scalar stays an error, as in kubectl', () => {
  // kubectl: "mapping values are not allowed in this context", "found unexpected document indicator".
  assert.notEqual(readKubectlStream(`${HEADER}data:\n  x: 'a\n  b': 1\n`).error, undefined);
  assert.notEqual(readKubectlStream(`${HEADER}data:\n  x: 'a\n...\n  b'\n`).error, undefined);
});

test('a document that is not an object is an error, and kubectl --validate=false reads on', () => {
  // kubectl 1.32, create --validate=false -o name: configmap/a, configmap/b, then the unable-to-decode error.
  const stream = readKubectlStream(`${HEADER}---\nhello\n---\n${HEADER.replace('name: a', 'name: b')}`);
  assert.deepEqual(
    stream.objects.map((entry) => entry.object.metadata),
    [{ name: 'a' }, { name: 'b' }],
  );
  assert.deepEqual(stream.error, {
    line: 5,
    message: 'json: cannot unmarshal string into Go value of type unstructured.detector',
    validation: 'error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false',
  });
});

test("a document that is not an object is kubectl's decoding error", () => {
  assert.equal(readKubectlStream('hello\n').error?.message, 'json: cannot unmarshal string into Go value of type unstructured.detector');
  assert.equal(readKubectlStream('- a\n').error?.message, 'json: cannot unmarshal array into Go value of type unstructured.detector');
});
