// The simulated API server's refusals and how kubectl prints them: errors.NewInvalid's message
// (one error alone, several as `[a, b]`, repeats once), checkErr's `The <Kind> "<name>" is invalid`
// from the status details (MultilineError for several causes) and StandardErrorMessage for the rest.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admitObject, admitPod, invalidRejection, qualifiedKind } from '../../src/apiserver/admission';
import { formatKubectlErrors } from '../../src/kubectl/api-errors';
import type { JsonObject, Pod } from '../../src/model/objects';

const KIND_ROWS = [
  { kind: 'Deployment', expected: 'Deployment.apps' },
  { kind: 'StatefulSet', expected: 'StatefulSet.apps' },
  { kind: 'Service', expected: 'Service' },
  { kind: 'Pod', expected: 'Pod' },
];
for (const row of KIND_ROWS) {
  test(`GroupKind.String() of ${row.kind} is ${row.expected}`, () => assert.equal(qualifiedKind(row.kind), row.expected));
}

const one = { field: 'spec.replicas', message: 'Invalid value: -1: must be greater than or equal to 0' };
const two = { field: 'spec.selector', message: 'Required value' };

const MESSAGE_ROWS = [
  { causes: [one], expected: 'Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0' },
  {
    causes: [one, two, one],
    expected: 'Deployment.apps "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.selector: Required value]',
  },
];
for (const row of MESSAGE_ROWS) {
  test(`NewInvalid message with ${row.causes.length} causes`, () => {
    assert.equal(invalidRejection('Deployment', 'web', row.causes).message, row.expected);
  });
}

const PRINT_ROWS: { name: string; errors: Parameters<typeof formatKubectlErrors>[0]; expected: string }[] = [
  {
    name: 'one Invalid status with one cause',
    errors: [{ rejection: invalidRejection('Deployment', 'web', [one]), request: 'error when creating "web.yaml"' }],
    expected: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
  },
  {
    name: 'one Invalid status with two causes',
    errors: [{ rejection: invalidRejection('Deployment', 'web', [one, two]) }],
    expected: 'The Deployment "web" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.selector: Required value',
  },
  {
    name: 'two statuses',
    errors: [
      { rejection: invalidRejection('Deployment', 'a', [two]), request: 'error when creating "all.yaml"' },
      { text: 'Error from server (AlreadyExists): error when creating "all.yaml": deployments.apps "b" already exists' },
    ],
    expected:
      'Error from server (Invalid): error when creating "all.yaml": Deployment.apps "a" is invalid: spec.selector: Required value\n' +
      'Error from server (AlreadyExists): error when creating "all.yaml": deployments.apps "b" already exists',
  },
  {
    name: 'a BadRequest status',
    errors: [
      {
        rejection: { reason: 'BadRequest', kind: 'Deployment', name: 'web', causes: [], message: 'strict decoding error' },
        request: 'error when creating "w.yaml"',
      },
    ],
    expected: 'Error from server (BadRequest): error when creating "w.yaml": strict decoding error',
  },
];
for (const row of PRINT_ROWS) {
  test(`kubectl prints ${row.name}`, () => assert.equal(formatKubectlErrors(row.errors), row.expected));
}

test('an object of a kind without rules is accepted; a valid Deployment too', () => {
  assert.equal(admitObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, undefined, defaultClusterSpec('1.36')), undefined);
  const deployment: JsonObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
    },
  };
  assert.equal(admitObject(deployment, undefined, defaultClusterSpec('1.36')), undefined);
});

test('a Deployment that does not decode is a BadRequest with the server message', () => {
  const rejection = admitObject(
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 'two' } },
    undefined,
    defaultClusterSpec('1.36'),
  );
  assert.equal(rejection?.reason, 'BadRequest');
  assert.match(rejection!.message, /^Deployment in version "v1" cannot be handled as a Deployment: /);
});

function pod(name: string, labels: Record<string, string>, spec: JsonObject = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels },
    spec,
    status: { phase: 'Pending', displayStatus: 'Pending', ready: false, restarts: 0 },
  };
}

const long = 'a'.repeat(64);
const POD_ROWS: { name: string; pod: Pod; expected: string | undefined }[] = [
  { name: 'a plain pod', pod: pod('web-0', { app: 'web' }, { hostname: 'web-0', subdomain: 'nginx' }), expected: undefined },
  {
    name: 'a label value over 63 characters',
    pod: pod('web-0', { 'controller-revision-hash': long }),
    expected: `Pod "web-0" is invalid: metadata.labels: Invalid value: "${long}": must be no more than 63 characters`,
  },
  {
    name: 'a hostname over 63 characters',
    pod: pod('web-0', {}, { hostname: long }),
    expected: `Pod "web-0" is invalid: spec.hostname: Invalid value: "${long}": must be no more than 63 characters`,
  },
  {
    name: 'a subdomain that is no DNS label',
    pod: pod('web-0', {}, { subdomain: 'My_Service' }),
    expected:
      'Pod "web-0" is invalid: spec.subdomain: Invalid value: "My_Service": a lowercase RFC 1123 label must consist of lower case alphanumeric ' +
      "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is " +
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  },
  {
    name: 'an init container image with trailing whitespace',
    pod: pod('web-0', {}, { initContainers: [{ name: 'init', image: 'busybox\t' }] }),
    expected: 'Pod "web-0" is invalid: spec.initContainers[0].image: Invalid value: "busybox\\t": must not have leading or trailing whitespace',
  },
];
for (const row of POD_ROWS) {
  test(`ValidatePodCreate of ${row.name}`, () => assert.equal(admitPod(row.pod, defaultClusterSpec('1.36'))?.message, row.expected));
}
