// The dispatch table of built-in kinds: held to the generated layouts, and each kind's name rule
// (the nameFn its ValidateX passes to ValidateObjectMeta) with the upstream messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinKindKeys, servedKindOf, UNCHECKED_BUILTIN_KINDS } from '../../../src/apiserver/validation/builtin-kinds';
import { servedKindVerdict } from '../../../src/apiserver/validation/served-kind-verdict';
import { goLayoutFor } from '../../../src/go-layout/go-layouts';
import { SUPPORTED_KUBERNETES_VERSIONS, type KubernetesVersion } from '../../../src/model/kubernetes-version';
import type { JsonObject } from '../../../src/model/objects';
import { defaultClusterSpec } from '../../../src/model/cluster-spec';

for (const release of SUPPORTED_KUBERNETES_VERSIONS) {
  test(`${release}: every creatable kind of a served group version is in the table or listed as not checked`, () => {
    const missing: string[] = [];
    for (const [apiVersion, kinds] of Object.entries(goLayoutFor(release).resources)) {
      for (const kind of Object.keys(kinds)) {
        const key = `${apiVersion}/${kind}`;
        if (!builtinKindKeys().includes(key) && !UNCHECKED_BUILTIN_KINDS.has(key)) missing.push(key);
      }
    }
    assert.deepEqual(missing, []);
  });
}

test('every table entry is served by some release (no misspelt key)', () => {
  const unserved = builtinKindKeys().filter((key) => {
    const slash = key.lastIndexOf('/');
    return !SUPPORTED_KUBERNETES_VERSIONS.some((release) => servedKindOf(key.slice(0, slash), key.slice(slash + 1), release));
  });
  assert.deepEqual(unserved, []);
});

test('resource.k8s.io/v1 is served from 1.34, networking.k8s.io/v1 ServiceCIDR from 1.33', () => {
  assert.equal(servedKindOf('resource.k8s.io/v1', 'ResourceClaim', '1.33'), undefined);
  assert.ok(servedKindOf('resource.k8s.io/v1', 'ResourceClaim', '1.34'));
  assert.equal(servedKindOf('networking.k8s.io/v1', 'ServiceCIDR', '1.32'), undefined);
  assert.ok(servedKindOf('networking.k8s.io/v1', 'ServiceCIDR', '1.33'));
});

function messages(object: JsonObject, release: KubernetesVersion = '1.36'): string[] {
  const served = servedKindOf(String(object.apiVersion), String(object.kind), release);
  assert.ok(served, `${String(object.apiVersion)}/${String(object.kind)} not served`);
  const verdict = servedKindVerdict(served, object, undefined, defaultClusterSpec(release));
  return 'decode' in verdict ? [...new Set(verdict.decode.map((problem) => problem.message))] : verdict.errors.map((error) => error.message);
}

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character " +
  "(e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

const NAME_ROWS: { upstream: string; object: JsonObject; messages: string[] }[] = [
  {
    upstream: 'ValidateConfigMapName (NameIsDNSSubdomain)',
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Bad_Name' } },
    messages: [`metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN}`],
  },
  { upstream: 'ValidateConfigMapName (valid)', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app.config' } }, messages: [] },
  {
    upstream: 'ValidateNamespaceName (NameIsDNSLabel)',
    object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team.a' } },
    messages: ['metadata.name: Invalid value: "team.a": must not contain dots'],
  },
  {
    upstream: 'ValidateRBACName (ValidatePathSegmentName)',
    object: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'a/b%c' } },
    messages: [`metadata.name: Invalid value: "a/b%c": may not contain '/'`, `metadata.name: Invalid value: "a/b%c": may not contain '%'`],
  },
  {
    upstream: 'ValidateRBACName: a colon and capitals are fine',
    object: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'system:Aggregate' } },
    messages: [],
  },
  {
    upstream: "ValidateRBACName: '..'",
    object: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: '..', namespace: 'ns' } },
    messages: [`metadata.name: Invalid value: "..": may not be '..'`],
  },
  {
    upstream: 'ValidateObjectMeta: generateName is a prefix (a trailing dash is fine)',
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'cfg-' } },
    messages: [],
  },
  {
    upstream: 'ValidateObjectMeta: name or generateName',
    object: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: {} },
    messages: ['metadata.name: Required value: name or generateName is required'],
  },
  {
    upstream: 'rest.BeforeCreate clears a cluster-scoped object’s namespace',
    object: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high', namespace: 'Not_A_Label' }, value: 1000 },
    messages: [],
  },
  {
    upstream: 'ValidateObjectMeta: a namespaced object’s namespace is a DNS label',
    object: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'sa', namespace: 'Bad_NS' } },
    messages: [
      'metadata.namespace: Invalid value: "Bad_NS": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', ' +
        "and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ],
  },
  {
    upstream: 'ValidateLabels on any kind',
    object: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l', labels: { 'a b': 'x' } } },
    messages: [
      "metadata.labels: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end " +
        "with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ],
  },
];

for (const row of NAME_ROWS) test(`${row.upstream}`, () => assert.deepEqual(messages(row.object), row.messages));

const DECODE_ROWS: { name: string; object: JsonObject; messages: string[] }[] = [
  {
    name: 'an unknown top-level field of a ConfigMap',
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, spec: { a: 1 } },
    messages: ['ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "spec"'],
  },
  {
    name: 'a string for an int32 in autoscaling/v2 (the request version is v2)',
    object: { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, spec: { maxReplicas: '3' } },
    messages: [
      'HorizontalPodAutoscaler in version "v2" cannot be handled as a HorizontalPodAutoscaler: json: cannot unmarshal string into Go struct field ' +
        'HorizontalPodAutoscalerSpec.spec.maxReplicas of type int32',
    ],
  },
  {
    name: 'Secret data that is not base64',
    object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { key: 'not base64!' } },
    messages: ['Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3'],
  },
  {
    name: 'a nested unknown field of an RBAC rule',
    object: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' }, rules: [{ verbs: ['get'], bogus: 1 }] },
    messages: ['ClusterRole in version "v1" cannot be handled as a ClusterRole: strict decoding error: unknown field "rules[0].bogus"'],
  },
  {
    name: 'a CRD schema is opaque JSON where it is apiextensions JSON (default, enum)',
    object: {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        names: { plural: 'widgets', kind: 'Widget' },
        scope: 'Namespaced',
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: 'object', properties: { size: { type: 'string', default: { any: 1 }, enum: ['a', { b: 1 }] } } } },
          },
        ],
      },
    },
    messages: [],
  },
];

for (const row of DECODE_ROWS) test(`strict decoding: ${row.name}`, () => assert.deepEqual(messages(row.object), row.messages));
