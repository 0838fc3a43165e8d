// A custom resource checked against its CRD's structural schema, one row per rule family: a valid object is
// clean, an invalid one gets the API server's message on the field. The messages restate kube-openapi's
// pkg/validation/errors (`<path> in body ...`) as kubeOpenAPIResultToFieldErrors (apiextensions-apiserver
// pkg/apiserver/validation/validation.go) turns them into field errors, and listtype/validation.go.
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import { expectMessages } from '../../../test/support/expect-findings';
import { widgetCrd, type Schema } from '../../../test/support/crd-fixtures';

interface Row {
  name: string;
  schema: Schema;
  /** The Widget's spec, as YAML lines under `spec:` (⟦…⟧ marks what each message underlines). */
  spec: string;
  messages: string[];
  version?: KubernetesVersion;
}

const object = (properties: Record<string, Schema>, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });

const ROWS: Row[] = [
  { name: 'a valid object', schema: object({ replicas: { type: 'integer' }, mode: { type: 'string' } }), spec: '  replicas: 2\n  mode: Slow', messages: [] },
  {
    name: 'type: a string where an integer is declared',
    schema: object({ replicas: { type: 'integer' } }),
    spec: '  replicas: ⟦"2"⟧',
    messages: ['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"'],
  },
  {
    name: 'type: a fraction where an integer is declared',
    schema: object({ replicas: { type: 'integer' } }),
    spec: '  replicas: ⟦1.5⟧',
    messages: ['spec.replicas: Invalid value: "number": spec.replicas in body must be of type integer: "number"'],
  },
  { name: 'type: an integer where a number is declared', schema: object({ ratio: { type: 'number' } }), spec: '  ratio: 2', messages: [] },
  {
    name: 'x-kubernetes-int-or-string takes both',
    schema: object({ a: { 'x-kubernetes-int-or-string': true }, b: { 'x-kubernetes-int-or-string': true } }),
    spec: '  a: 1\n  b: 25%',
    messages: [],
  },
  {
    name: 'x-kubernetes-int-or-string refuses a bool',
    schema: object({ a: { 'x-kubernetes-int-or-string': true } }),
    spec: '  a: ⟦true⟧',
    messages: ['spec.a: Invalid value: "boolean": spec.a in body must be of type integer,string: "boolean"'],
  },
  {
    name: 'enum',
    schema: object({ mode: { type: 'string', enum: ['Slow', 'Medium'] } }),
    spec: '  mode: ⟦Fast⟧',
    messages: ['spec.mode: Unsupported value: "Fast": supported values: "Slow", "Medium"'],
  },
  {
    name: 'pattern',
    schema: object({ name: { type: 'string', pattern: '^[a-z]+$' } }),
    spec: '  name: ⟦Abc⟧',
    messages: ['spec.name: Invalid value: "Abc": spec.name in body should match \'^[a-z]+$\''],
  },
  {
    name: 'minLength counts characters',
    schema: object({ name: { type: 'string', minLength: 3 } }),
    spec: '  name: ⟦éé⟧',
    messages: ['spec.name: Invalid value: "éé": spec.name in body should be at least 3 chars long'],
  },
  {
    name: 'maxLength',
    schema: object({ name: { type: 'string', maxLength: 3 } }),
    spec: '  name: ⟦abcd⟧',
    messages: ['spec.name: Too long: may not be more than 3 bytes'],
  },
  {
    name: 'minimum and maximum',
    schema: object({ low: { type: 'integer', minimum: 1 }, high: { type: 'integer', maximum: 65535, exclusiveMaximum: true } }),
    spec: '  low: ⟦0⟧\n  high: ⟦65535⟧',
    messages: [
      'spec.low: Invalid value: 0: spec.low in body should be greater than or equal to 1',
      'spec.high: Invalid value: 65535: spec.high in body should be less than 65535',
    ],
  },
  {
    name: 'minItems and maxItems',
    schema: object({ few: { type: 'array', minItems: 1, items: { type: 'string' } }, many: { type: 'array', maxItems: 2, items: { type: 'string' } } }),
    spec: '  few: ⟦[]⟧\n  many: ⟦[a, b, c]⟧',
    messages: ['spec.few: Invalid value: 0: spec.few in body should have at least 1 items', 'spec.many: Too many: 3: must have at most 2 items'],
  },
  {
    name: 'maxItems 1 reads "1 item" from 1.34',
    schema: object({ one: { type: 'array', maxItems: 1, items: { type: 'string' } } }),
    spec: '  one: ⟦[a, b]⟧',
    messages: ['spec.one: Too many: 2: must have at most 1 item'],
  },
  {
    name: 'maxItems 1 reads "1 items" before 1.34',
    schema: object({ one: { type: 'array', maxItems: 1, items: { type: 'string' } } }),
    spec: '  one: ⟦[a, b]⟧',
    messages: ['spec.one: Too many: 2: must have at most 1 items'],
    version: '1.33',
  },
  {
    name: 'items and required',
    schema: object({ ports: { type: 'array', items: object({ name: { type: 'string' }, port: { type: 'integer' } }, { required: ['port'] }) } }),
    spec: '  ports:\n  - ⟦name: web⟧',
    messages: ['spec.ports[0].port: Required value'],
  },
  {
    name: 'required on a nested object: the message lands on its key',
    schema: object({ tls: object({ secretName: { type: 'string' }, other: { type: 'integer' } }, { required: ['secretName'] }) }),
    spec: '  ⟦tls⟧:\n    other: 1',
    messages: ['spec.tls.secretName: Required value'],
  },
  {
    name: 'nullable: null kept and accepted; a non-nullable null is dropped',
    schema: object({ a: { type: 'string', nullable: true }, b: { type: 'string' } }),
    spec: '  a: null\n  b: null',
    messages: [],
  },
  {
    name: 'default applied before required is checked',
    schema: object({ mode: { type: 'string', default: 'Slow' }, replicas: { type: 'integer' } }, { required: ['mode'] }),
    spec: '  replicas: 1',
    messages: [],
  },
  {
    name: 'format uuid',
    schema: object({ id: { type: 'string', format: 'uuid' } }),
    spec: '  id: ⟦not-a-uuid⟧',
    messages: ['spec.id: Invalid value: "not-a-uuid": spec.id in body must be of type uuid: "not-a-uuid"'],
  },
  {
    name: 'list-type set: the second occurrence is a Duplicate',
    schema: object({ tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' } }),
    spec: '  tags: [a, b, ⟦a⟧]',
    messages: ['spec.tags[2]: Duplicate value: "a"'],
  },
  {
    name: 'list-type map: a repeated key is a Duplicate of the key',
    schema: object({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: object({ name: { type: 'string' }, port: { type: 'integer' } }),
      },
    }),
    spec: '  ports:\n  - {name: web, port: 80}\n  - ⟦{name: web, port: 81}⟧',
    messages: ['spec.ports[1]: Duplicate value: {"name":"web"}'],
  },
  {
    name: 'list-type map before 1.34 prints the key in Go syntax',
    schema: object({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: object({ name: { type: 'string' }, port: { type: 'integer' } }),
      },
    }),
    spec: '  ports:\n  - {name: web, port: 80}\n  - ⟦{name: web, port: 81}⟧',
    messages: ['spec.ports[1]: Duplicate value: map[string]interface {}{"name":"web"}'],
    version: '1.33',
  },
  {
    name: 'additionalProperties: every value checked, keys free',
    schema: object({}, { properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } } }),
    spec: '  labels:\n    app.kubernetes.io/name: web\n    tier: ⟦3⟧',
    messages: ['spec.labels.tier: Invalid value: "integer": spec.labels.tier in body must be of type string: "integer"'],
  },
];

for (const row of ROWS) {
  test(`custom resource schema: ${row.name}`, () => {
    const marked = `${widgetCrd(row.schema)}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n${row.spec}\n`;
    expectMessages(marked, row.version ?? '1.36', row.messages, (finding) => finding.code.startsWith('widget-'));
  });
}
