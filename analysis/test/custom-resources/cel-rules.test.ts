// x-kubernetes-validations evaluated on a custom resource as apiextensions-apiserver's CEL validator does
// (pkg/apiserver/schema/cel/validation.go): message, messageExpression, `failed rule: <rule>`, reason,
// fieldPath, transition rules against the previous object, ratcheting, and the bad value each release prints
// (the schema type before 1.35; since, the value itself, omitted for objects and lists).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultClusterSpec, type KubernetesVersion } from '@kubesim/engine';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { expectMessages, findingLines } from '../../../test/support/expect-findings';
import { routeCrd, widgetCrd, type Schema } from '../../../test/support/crd-fixtures';

interface Row {
  name: string;
  spec: Schema;
  /** YAML lines under `spec:` (⟦…⟧ marks what each message underlines). */
  yaml: string;
  messages: string[];
  version?: KubernetesVersion;
  /** The spec lines of the previous version (update: transition rules run, unchanged values ratchet). */
  previous?: string;
}

const rules = (list: Schema[]): Schema => ({ 'x-kubernetes-validations': list });
const spec = (properties: Record<string, Schema>, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });
const replicas = { replicas: { type: 'integer' }, max: { type: 'integer' } };

const ROWS: Row[] = [
  {
    name: 'int64 arithmetic: a passing rule is silent',
    spec: spec(replicas, rules([{ rule: 'self.replicas * 2 <= self.max', message: 'too many replicas' }])),
    yaml: '  replicas: 2\n  max: 4',
    messages: [],
  },
  {
    name: 'message on the object holding the rule (1.36 omits an object value)',
    spec: spec(replicas, rules([{ rule: 'self.replicas * 2 <= self.max', message: 'too many replicas' }])),
    yaml: '  ⟦replicas: 3\n  max: 4⟧',
    messages: ['spec: Invalid value: too many replicas'],
  },
  {
    name: 'before 1.35 the bad value is the schema type',
    spec: spec(replicas, rules([{ rule: 'self.replicas * 2 <= self.max', message: 'too many replicas' }])),
    yaml: '  ⟦replicas: 3\n  max: 4⟧',
    messages: ['spec: Invalid value: "object": too many replicas'],
    version: '1.34',
  },
  {
    name: 'no message: failed rule',
    spec: spec({ name: { type: 'string', ...rules([{ rule: "self.matches('^[a-z]+$')" }]) } }),
    yaml: '  name: ⟦Abc⟧',
    messages: ['spec.name: Invalid value: "Abc": failed rule: self.matches(\'^[a-z]+$\')'],
  },
  {
    name: 'a scalar before 1.35 prints its type',
    spec: spec({ name: { type: 'string', ...rules([{ rule: "self.matches('^[a-z]+$')" }]) } }),
    yaml: '  name: ⟦Abc⟧',
    messages: ['spec.name: Invalid value: "string": failed rule: self.matches(\'^[a-z]+$\')'],
    version: '1.33',
  },
  {
    name: 'has() with fieldPath: on the named field',
    spec: spec(
      { mode: { type: 'string' }, limit: { type: 'integer' } },
      rules([{ rule: "self.mode != 'Limited' || has(self.limit)", message: 'limit is required', fieldPath: '.limit', reason: 'FieldValueRequired' }]),
    ),
    yaml: '  ⟦mode: Limited⟧',
    messages: ['spec.limit: Required value: limit is required'],
  },
  {
    name: 'all(): every item',
    spec: spec(
      { ports: { type: 'array', items: { type: 'integer' } } },
      rules([{ rule: 'self.ports.all(p, p > 0 && p < 65536)', message: 'ports must be 1-65535' }]),
    ),
    yaml: '  ⟦ports: [80, 0]⟧',
    messages: ['spec: Invalid value: ports must be 1-65535'],
  },
  {
    name: 'exists_one(): exactly one default',
    spec: spec(
      { backends: { type: 'array', items: spec({ name: { type: 'string' }, default: { type: 'boolean' } }) } },
      rules([
        { rule: 'self.backends.exists_one(b, has(b.default) && b.default)', message: 'exactly one backend must be the default', reason: 'FieldValueForbidden' },
      ]),
    ),
    yaml: '  ⟦backends:\n  - {name: a, default: true}\n  - {name: b, default: true}⟧',
    messages: ['spec: Forbidden: exactly one backend must be the default'],
  },
  {
    name: 'messageExpression',
    spec: spec(
      replicas,
      rules([{ rule: 'self.replicas <= self.max', messageExpression: "'replicas ' + string(self.replicas) + ' is above ' + string(self.max)" }]),
    ),
    yaml: '  ⟦replicas: 5\n  max: 4⟧',
    messages: ['spec: Invalid value: replicas 5 is above 4'],
  },
  {
    name: 'a property named with a CEL keyword is escaped (__namespace__)',
    spec: spec({ namespace: { type: 'string' } }, rules([{ rule: "self.__namespace__ != 'kube-system'", message: 'not in kube-system' }])),
    yaml: '  ⟦namespace: kube-system⟧',
    messages: ['spec: Invalid value: not in kube-system'],
  },
  {
    name: 'a rule on the root object is printed at <nil> and lands on kind',
    spec: spec({ name: { type: 'string' } }),
    yaml: '  name: web',
    messages: [],
  },
  {
    name: 'self == oldSelf: a transition rule is silent on create',
    spec: spec({ class: { type: 'string', ...rules([{ rule: 'self == oldSelf', message: 'class is immutable' }]) } }),
    yaml: '  class: fast',
    messages: [],
  },
  {
    name: 'self == oldSelf: refused when the previous object differs',
    spec: spec({ class: { type: 'string', ...rules([{ rule: 'self == oldSelf', message: 'class is immutable' }]) } }),
    yaml: '  class: ⟦fast⟧',
    previous: '  class: slow',
    messages: ['spec.class: Invalid value: "fast": class is immutable'],
  },
];

function widget(specSchema: Schema, yaml: string, root: Schema = {}): string {
  return `${widgetCrd(specSchema, root)}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n${yaml}\n`;
}

for (const row of ROWS) {
  test(`CEL rule: ${row.name}`, () => {
    const previous = row.previous === undefined ? undefined : widget(row.spec, row.previous);
    expectMessages(widget(row.spec, row.yaml), row.version ?? '1.36', row.messages, (finding) => finding.code.startsWith('widget-'), previous);
  });
}

test('CEL rule on the root schema: `<nil>` path, on the kind line', () => {
  const root = rules([{ rule: "self.metadata.name.startsWith('w-')", message: 'name must start with w-' }]);
  const resource = 'apiVersion: example.com/v1\nkind: ⟦Widget⟧\nmetadata: {name: web}\nspec: {name: a}\n';
  const yaml = `${widgetCrd(spec({ name: { type: 'string' } }), root)}\n---\n${resource}`;
  expectMessages(yaml, '1.36', ['<nil>: Invalid value: name must start with w-'], (finding) => finding.code.startsWith('widget-'));
});

test('ratcheting: an error on a value unchanged from the previous object is a warning', () => {
  const schema = spec({ name: { type: 'string', ...rules([{ rule: 'self.size() <= 3', message: 'at most 3 characters' }]) }, other: { type: 'string' } });
  const lines = findingLines(
    widget(schema, '  name: abcd\n  other: x'),
    '1.36',
    (finding) => finding.code.startsWith('widget-'),
    widget(schema, '  name: abcd\n  other: y'),
  );
  assert.deepEqual(lines, ['spec.name: Invalid value: "abcd": at most 3 characters @ abcd']);
  const severities = findingSeverities(widget(schema, '  name: abcd\n  other: x'), widget(schema, '  name: abcd\n  other: y'));
  assert.deepEqual(severities, ['warning']);
});

test('a schema error blocks the rules (hasBlockingErr): a note says they were not evaluated', () => {
  const schema = spec({ replicas: { type: 'integer' } }, rules([{ rule: 'self.replicas > 0' }]));
  const lines = findingLines(
    widget(schema, '  replicas: "x"'),
    '1.36',
    (finding) => finding.code.startsWith('widget-') || finding.code === 'validation-rule-not-checked',
  );
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.ok(
    lines.some((line) => line.startsWith("The CRD's validation rules were not evaluated")),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => line.startsWith('spec.replicas: Invalid value: "string"')),
    lines.join('\n'),
  );
});

test('a rule calling a library kubesim does not restate is not checked, never an error', () => {
  const schema = spec({ url: { type: 'string', ...rules([{ rule: 'isSemver(self)' }]) } });
  const lines = findingLines(
    widget(schema, '  url: "not a version"'),
    '1.36',
    (finding) => finding.severity !== 'information' || finding.code === 'validation-rule-not-checked',
  );
  assert.equal(lines.filter((line) => !line.startsWith('Not checked: the validation rule')).length, 0, lines.join('\n'));
  assert.equal(lines.length, 1, lines.join('\n'));
});

function findingSeverities(text: string, previous: string): string[] {
  return checkFile(parseManifestFile(text), { cluster: defaultClusterSpec('1.36'), previous: parseManifestFile(previous) })
    .filter((finding) => finding.code.startsWith('widget-'))
    .map((finding) => finding.severity);
}

test("HTTPRoute's parentRefs rule (Gateway API's text, with __namespace__): one ref with a sectionName and one without", () => {
  const route = (refs: string) =>
    `${routeCrd}\n---\napiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  parentRefs: ${refs}\n`;
  const rule = (finding: { code: string }) => finding.code === 'httproute-validation-rule';
  expectMessages(route('⟦[{name: gw, sectionName: a}, {name: gw}]⟧'), '1.36', ['spec.parentRefs: Invalid value: ' + PARENT_REFS_MESSAGE], rule);
  expectMessages(route('[{name: gw, sectionName: a}, {name: gw, sectionName: b}]'), '1.36', [], rule);
  expectMessages(route('[{name: gw, sectionName: a}, {name: gw, namespace: other}]'), '1.36', [], rule);
});

const PARENT_REFS_MESSAGE = 'sectionName or port must be specified when parentRefs includes 2 or more references to the same parent';

test('the git baseline runs transition rules but ratchets nothing (it is a guess at what the cluster holds)', () => {
  const schema = spec({
    name: { type: 'string', ...rules([{ rule: 'self.size() <= 3', message: 'at most 3 characters' }]) },
    class: { type: 'string', ...rules([{ rule: 'self == oldSelf', message: 'class is immutable' }]) },
  });
  const baseline = { source: 'git' as const, file: parseManifestFile(widget(schema, '  name: abcd\n  class: slow')) };
  const findings = checkFile(parseManifestFile(widget(schema, '  name: abcd\n  class: fast')), { cluster: defaultClusterSpec('1.36'), baseline })
    .filter((finding) => finding.code.startsWith('widget-'))
    .map((finding) => `${finding.severity} ${finding.message}`);
  assert.deepEqual(findings, ['error spec.name: Invalid value: "abcd": at most 3 characters', 'error spec.class: Invalid value: "fast": class is immutable']);
});
