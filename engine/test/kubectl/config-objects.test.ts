// ConfigMaps and Secrets in a session: `kubectl apply|create -f` answers (created, unchanged,
// configured, AlreadyExists), the API server's validation (ValidateConfigMap: keys), a Secret's
// stringData folded into base64 data (Convert_v1_Secret_To_core_Secret), and `kubectl get configmaps|secrets`
// with printConfigMap's DATA (data and binaryData keys) and printSecret's NAME TYPE DATA AGE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outputOf, runServiceSession } from '../service/session-harness';

const configMap = (data: Record<string, string>, binaryData?: Record<string, string>): unknown => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cfg' },
  data,
  ...(binaryData ? { binaryData } : {}),
});
const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'pw' }, stringData: { password: 's3cret' } };

test('apply, re-apply, change and create of a ConfigMap answer as kubectl does; get lists it beside kube-root-ca.crt', () => {
  const files = {
    'cm.yaml': [configMap({ a: '1', b: '2' }, { bin: 'AAE=' })],
    'cm2.yaml': [configMap({ a: 'changed' })],
    'pw.yaml': [secret],
  };
  const commands = [
    'kubectl apply -f cm.yaml',
    'kubectl get configmaps',
    'kubectl apply -f cm.yaml',
    'kubectl apply -f cm2.yaml',
    'kubectl create -f cm2.yaml',
    'kubectl apply -f pw.yaml',
    'kubectl get secrets',
  ];
  const result = runServiceSession(commands.join('\n'), files);
  assert.equal(result.steps[0].output, 'configmap/cfg created');
  const listing = outputOf(result, 'kubectl get configmaps').split('\n');
  assert.match(listing[0], /^NAME\s+DATA\s+AGE$/);
  assert.match(listing[1], /^cfg\s+3\s+0s$/);
  assert.match(listing[2], /^kube-root-ca\.crt\s+1\s+/);
  assert.equal(result.steps[2].output, 'configmap/cfg unchanged');
  assert.equal(result.steps[3].output, 'configmap/cfg configured');
  assert.equal(result.steps[4].output, 'Error from server (AlreadyExists): error when creating "cm2.yaml": configmaps "cfg" already exists');
  assert.equal(outputOf(result, 'kubectl apply -f pw.yaml'), 'secret/pw created');
  assert.match(outputOf(result, 'kubectl get secrets'), /^NAME\s+TYPE\s+DATA\s+AGE\npw\s+Opaque\s+1\s+0s$/);
});

test('a ConfigMap key the API server refuses is not stored (ValidateConfigMap, IsConfigMapKey)', () => {
  const result = runServiceSession('kubectl apply -f bad.yaml\nkubectl get configmaps cfg', { 'bad.yaml': [configMap({ 'a b': '1' })] });
  assert.match(
    result.steps[0].output,
    /^The ConfigMap "cfg" is invalid: data\[a b\]: Invalid value: "a b": a valid config key must consist of alphanumeric characters/,
  );
  assert.equal(outputOf(result, 'kubectl get configmaps cfg'), 'Error from server (NotFound): configmaps "cfg" not found');
});

// printers.go printConfigMap and printSecret (pkg/printers/internalversion), listed by the storage's key
// order (`<namespace>/<name>`), with the NAMESPACE column of `-A`; kind's kube-root-ca.crt is in every namespace
// (the root-ca-cert-publisher controller), and a new kind cluster has no Secret in `default`.
test('get configmaps|secrets -A lists every namespace by key order; a typed Secret keeps its type', () => {
  const tls = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'cert', namespace: 'kube-public' },
    type: 'kubernetes.io/tls',
    data: { 'tls.crt': 'YQ==', 'tls.key': 'Yg==' },
  };
  const files = { 'cm.yaml': [configMap({ a: '1' })], 'tls.yaml': [tls], 'pw.yaml': [secret] };
  const commands = ['kubectl get secrets', 'kubectl get secrets -A', 'kubectl apply -f cm.yaml', 'kubectl apply -f tls.yaml', 'kubectl apply -f pw.yaml'];
  const result = runServiceSession(
    [...commands, 'kubectl get configmaps -A', 'kubectl get secrets --all-namespaces', 'kubectl get secret nope'].join('\n'),
    files,
  );
  assert.equal(result.steps[0].output, 'No resources found in default namespace.');
  assert.equal(result.steps[1].output, 'No resources found');
  const configMaps = outputOf(result, 'kubectl get configmaps -A')
    .split('\n')
    .map((line) => line.split(/\s+/).slice(0, 3).join(' '));
  assert.deepEqual(configMaps, [
    'NAMESPACE NAME DATA',
    'default cfg 1',
    'default kube-root-ca.crt 1',
    'kube-node-lease kube-root-ca.crt 1',
    'kube-public kube-root-ca.crt 1',
    'kube-system kube-root-ca.crt 1',
    'local-path-storage kube-root-ca.crt 1',
  ]);
  const secrets = outputOf(result, 'kubectl get secrets --all-namespaces').split('\n');
  assert.match(secrets[0], /^NAMESPACE\s+NAME\s+TYPE\s+DATA\s+AGE$/);
  assert.match(secrets[1], /^default\s+pw\s+Opaque\s+1\s+0s$/);
  assert.match(secrets[2], /^kube-public\s+cert\s+kubernetes\.io\/tls\s+2\s+0s$/);
  assert.equal(outputOf(result, 'kubectl get secret nope'), 'Error from server (NotFound): secrets "nope" not found');
});

test('a kubernetes.io/tls Secret without tls.key is refused (ValidateSecret: required keys of the built-in types)', () => {
  const bad = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'cert' }, type: 'kubernetes.io/tls', data: { 'tls.crt': 'YQ==' } };
  const result = runServiceSession('kubectl apply -f bad.yaml\nkubectl get secrets', { 'bad.yaml': [bad] });
  assert.equal(result.steps[0].output, 'The Secret "cert" is invalid: data[tls.key]: Required value');
  assert.equal(result.steps[1].output, 'No resources found in default namespace.');
});
