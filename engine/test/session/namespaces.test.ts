// Namespaces as objects in `kubesim run`: kind's namespaces, NamespaceLifecycle admission, the namespace
// controller, the per-namespace `default` ServiceAccount and `kube-root-ca.crt` ConfigMap, and kubectl's
// namespace flags. Each expectation restates the upstream source named beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession, service } from '../service/session-harness';
import { extractNamespaceFlags } from '../../src/session/namespace-flags';
import { mergeNamespaceTables } from '../../src/kubectl/all-namespaces';

function inNamespace(object: unknown, namespace: string): unknown {
  const typed = object as { metadata: Record<string, unknown> };
  return { ...typed, metadata: { ...typed.metadata, namespace } };
}

const WEB_SERVICE = service('web', { selector: { app: 'web' }, ports: [{ port: 80 }] });
const NAMESPACE_TEAM_A = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a', labels: { team: 'a' } } };

test('a kind cluster starts with default, kube-node-lease, kube-public, kube-system and local-path-storage (by name, Active)', () => {
  // systemnamespaces controller (kube-system, kube-public, kube-node-lease), the API server's default,
  // kind's installstorage manifest (local-path-storage); printNamespace prints NAME STATUS AGE.
  const result = runServiceSession('kubectl get ns', {});
  assert.deepEqual(
    outputOf(result, 'kubectl get ns')
      .split('\n')
      .map((line) => line.split(/\s+/).slice(0, 2).join(' ')),
    ['NAME STATUS', 'default Active', 'kube-node-lease Active', 'kube-public Active', 'kube-system Active', 'local-path-storage Active'],
  );
});

test('NamespaceLifecycle: a create in a missing namespace is NotFound, before validation', () => {
  // lifecycle.Admit returns the NotFound of the namespace lookup; it is a mutating plugin, so it answers
  // before the strategy's Validate (an invalid port does not show).
  const invalid = inNamespace(service('bad', { ports: [{ port: 0 }] }), 'other-ns');
  const result = runServiceSession('kubectl apply -f svc.yaml\nkubectl apply -f bad.yaml', {
    'svc.yaml': [inNamespace(WEB_SERVICE, 'other-ns')],
    'bad.yaml': [invalid],
  });
  assert.equal(outputOf(result, 'kubectl apply -f svc.yaml'), 'Error from server (NotFound): error when creating "svc.yaml": namespaces "other-ns" not found');
  assert.equal(outputOf(result, 'kubectl apply -f bad.yaml'), 'Error from server (NotFound): error when creating "bad.yaml": namespaces "other-ns" not found');
  assert.equal(result.steps[0].error, true);
});

test('create namespace, then objects in it; -n and --namespace place a manifest without a namespace', () => {
  const result = runServiceSession(
    [
      'kubectl create namespace other-ns',
      'kubectl apply -f svc.yaml',
      'kubectl apply -f web.yaml --namespace team-b',
      'kubectl create ns team-b',
      'kubectl apply -f web.yaml -n team-b',
      'kubectl get svc -n team-b',
      'kubectl get svc',
    ].join('\n'),
    { 'svc.yaml': [inNamespace(WEB_SERVICE, 'other-ns')], 'web.yaml': [WEB_SERVICE] },
  );
  assert.equal(outputOf(result, 'kubectl create namespace other-ns'), 'namespace/other-ns created');
  assert.equal(outputOf(result, 'kubectl apply -f svc.yaml'), 'service/web created');
  assert.match(outputOf(result, 'kubectl apply -f web.yaml --namespace team-b'), /namespaces "team-b" not found$/);
  assert.equal(outputOf(result, 'kubectl apply -f web.yaml -n team-b'), 'service/web created');
  assert.match(outputOf(result, 'kubectl get svc -n team-b'), /^NAME +TYPE[^\n]*\nweb +ClusterIP /);
  // The default namespace still has only the `kubernetes` Service.
  assert.deepEqual(
    outputOf(result, 'kubectl get svc')
      .split('\n')
      .slice(1)
      .map((line) => line.split(' ')[0]),
    ['kubernetes'],
  );
});

test('an explicit -n refuses a manifest of another namespace (cli-runtime RequireNamespace)', () => {
  const result = runServiceSession('kubectl create ns team-a\nkubectl apply -f svc.yaml -n team-a', { 'svc.yaml': [inNamespace(WEB_SERVICE, 'other-ns')] });
  assert.equal(
    outputOf(result, 'kubectl apply -f svc.yaml -n team-a'),
    `error: the namespace from the provided object "other-ns" does not match the namespace "team-a". ` +
      `You must pass '--namespace=other-ns' to perform this operation`,
  );
});

test('a Namespace manifest: created, unchanged, configured; create of an existing one is AlreadyExists; a bad name is Invalid', () => {
  const relabelled = { ...NAMESPACE_TEAM_A, metadata: { ...NAMESPACE_TEAM_A.metadata, labels: { team: 'b' } } };
  const result = runServiceSession(
    [
      'kubectl apply -f ns.yaml',
      'kubectl apply -f ns.yaml',
      'kubectl apply -f ns2.yaml',
      'kubectl create -f ns.yaml',
      'kubectl create namespace Bad_Name',
    ].join('\n'),
    { 'ns.yaml': [NAMESPACE_TEAM_A], 'ns2.yaml': [relabelled] },
  );
  assert.deepEqual(
    result.steps.slice(0, 3).map((step) => step.output),
    ['namespace/team-a created', 'namespace/team-a unchanged', 'namespace/team-a configured'],
  );
  assert.equal(
    outputOf(result, 'kubectl create -f ns.yaml'),
    'Error from server (AlreadyExists): error when creating "ns.yaml": namespaces "team-a" already exists',
  );
  // ValidateNamespaceName is a DNS-1123 label (apimachinery IsDNS1123Label's message).
  assert.match(
    outputOf(result, 'kubectl create namespace Bad_Name'),
    /^The Namespace "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 label/,
  );
});

test('default, kube-system and kube-public may not be deleted; kube-node-lease may', () => {
  // lifecycle.Register: immortal namespaces metav1.NamespaceDefault, NamespaceSystem, NamespacePublic.
  const result = runServiceSession(
    ['kubectl delete ns default', 'kubectl delete namespace kube-system', 'kubectl delete ns kube-node-lease', 'kubectl delete ns nope'].join('\n'),
    {},
  );
  assert.equal(
    outputOf(result, 'kubectl delete ns default'),
    'Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted',
  );
  assert.equal(
    outputOf(result, 'kubectl delete namespace kube-system'),
    'Error from server (Forbidden): namespaces "kube-system" is forbidden: this namespace may not be deleted',
  );
  assert.equal(outputOf(result, 'kubectl delete ns kube-node-lease'), 'namespace "kube-node-lease" deleted');
  assert.equal(outputOf(result, 'kubectl delete ns nope'), 'Error from server (NotFound): namespaces "nope" not found');
});

for (const version of ['1.32', '1.34'] as const) {
  test(`${version}: a deleted namespace is Terminating, refuses new content, and goes once its pods are gone`, () => {
    const result = runServiceSession(
      [
        'kubectl create ns team-a',
        'kubectl apply -f web.yaml -n team-a',
        'kubesim wait 30s',
        'kubectl delete ns team-a --wait=false',
        'kubectl get namespace team-a',
        'kubectl apply -f web.yaml -n team-a',
        'kubectl get pods -n team-a',
        'kubesim wait 60s',
        'kubectl get ns team-a',
      ].join('\n'),
      { 'web.yaml': [deployment('web', { replicas: 2 })] },
      version,
    );
    // A Namespace is cluster-scoped: kubectl 1.34's ` from NS namespace` suffix never applies to it.
    assert.equal(outputOf(result, 'kubectl delete ns team-a --wait=false'), 'namespace "team-a" deleted');
    assert.match(outputOf(result, 'kubectl get namespace team-a').split('\n')[1], /^team-a +Terminating +30s$/);
    // lifecycle.Admit on a Create in a Terminating namespace: admission.NewForbidden.
    assert.equal(
      outputOf(result, 'kubectl apply -f web.yaml -n team-a'),
      'Error from server (Forbidden): error when creating "web.yaml": deployments.apps "web" is forbidden: ' +
        'unable to create new content in namespace team-a because it is being terminated',
    );
    // The namespace controller deleted the Deployment; its pods terminate with their grace period.
    assert.match(outputOf(result, 'kubectl get pods -n team-a'), /Terminating/);
    assert.equal(result.steps.at(-1)!.output, 'Error from server (NotFound): namespaces "team-a" not found');
  });
}

test('kubectl delete namespace waits until the namespace is gone (kubectl delete --wait defaults to true)', () => {
  const result = runServiceSession('kubectl create ns team-a\nkubectl apply -f web.yaml -n team-a\nkubectl delete ns team-a\nkubectl get ns team-a', {
    'web.yaml': [deployment('web')],
  });
  assert.equal(outputOf(result, 'kubectl get ns team-a'), 'Error from server (NotFound): namespaces "team-a" not found');
});

test('every namespace has the default ServiceAccount (SECRETS 0) and the kube-root-ca.crt ConfigMap (DATA 1)', () => {
  // serviceaccounts_controller syncNamespace (the `default` account); rootcacertpublisher syncNamespace
  // (key ca.crt); no token Secret since 1.24 (LegacyServiceAccountTokenNoAutoGeneration).
  const result = runServiceSession('kubectl create ns team-a\nkubectl get sa -n team-a\nkubectl get configmaps --namespace=team-a\nkubectl get cm -A', {});
  assert.deepEqual(
    outputOf(result, 'kubectl get sa -n team-a')
      .split('\n')
      .map((line) => line.split(/\s+/).slice(0, 2).join(' ')),
    ['NAME SECRETS', 'default 0'],
  );
  assert.deepEqual(
    outputOf(result, 'kubectl get configmaps --namespace=team-a')
      .split('\n')
      .map((line) => line.split(/\s+/).slice(0, 2).join(' ')),
    ['NAME DATA', 'kube-root-ca.crt 1'],
  );
  const all = outputOf(result, 'kubectl get cm -A').split('\n');
  assert.match(all[0], /^NAMESPACE +NAME +DATA +AGE$/);
  assert.equal(all.length, 7);
});

test('-A lists every namespace with NAMESPACE first, namespace by namespace (the API lists by key)', () => {
  const result = runServiceSession(
    [
      'kubectl create ns apps',
      'kubectl apply -f web.yaml -n apps',
      'kubectl get svc -A',
      'kubectl get svc --all-namespaces',
      'kubectl get svc web -A',
      'kubectl get sts -A',
    ].join('\n'),
    { 'web.yaml': [WEB_SERVICE] },
  );
  const rows = outputOf(result, 'kubectl get svc -A').split('\n');
  assert.match(rows[0], /^NAMESPACE +NAME +TYPE +CLUSTER-IP +EXTERNAL-IP +PORT\(S\) +AGE$/);
  assert.deepEqual(
    rows.slice(1).map((row) => row.split(/\s+/).slice(0, 2).join('/')),
    ['apps/web', 'default/kubernetes', 'kube-system/kube-dns'],
  );
  assert.equal(outputOf(result, 'kubectl get svc --all-namespaces'), outputOf(result, 'kubectl get svc -A'));
  // cli-runtime Builder.visitByName: a name with --all-namespaces.
  assert.equal(outputOf(result, 'kubectl get svc web -A'), 'error: a resource cannot be retrieved by name across all namespaces');
  // An empty listing across namespaces: `No resources found` without a namespace (kind has Deployments: coredns, local-path-provisioner).
  assert.equal(outputOf(result, 'kubectl get sts -A'), 'No resources found');
});

test('kubectl config set-context --current --namespace changes the namespace of later commands', () => {
  const result = runServiceSession(
    'kubectl create ns apps\nkubectl config set-context --current --namespace=apps\nkubectl apply -f web.yaml\nkubectl get svc -n apps',
    {
      'web.yaml': [WEB_SERVICE],
    },
  );
  assert.equal(outputOf(result, 'kubectl config set-context --current --namespace=apps'), 'Context "kind-kind" modified.');
  assert.match(outputOf(result, 'kubectl get svc -n apps'), /\nweb /);
});

test('a pod gets the Service variables of its own namespace only, and always those of kubernetes', () => {
  // kubelet getServiceEnvVarMap: Services of the pod's namespace, plus `kubernetes` of `default`.
  const result = runServiceSession(
    [
      'kubectl create ns apps',
      'kubectl apply -f svc.yaml',
      'kubectl apply -f web.yaml -n apps',
      'kubesim wait 30s',
      'kubectl exec deploy/web -n apps -- env',
    ].join('\n'),
    { 'svc.yaml': [service('other', { selector: { app: 'other' }, ports: [{ port: 80 }] })], 'web.yaml': [deployment('web'), WEB_SERVICE] },
  );
  const env = outputOf(result, 'kubectl exec deploy/web -n apps -- env');
  assert.match(env, /^WEB_SERVICE_HOST=/m);
  assert.match(env, /^KUBERNETES_SERVICE_HOST=10\.96\.0\.1$/m);
  assert.doesNotMatch(env, /OTHER_SERVICE_HOST/);
});

for (const version of ['1.32', '1.33', '1.34'] as const) {
  test(`${version}: kube-system's kube-dns Service holds 10.96.0.10 with 53/UDP, 53/TCP and 9153/TCP`, () => {
    // kubeadm phases/addons/dns: the Service of manifests.go at GetDNSIP (the tenth address of 10.96.0.0/12).
    const taken = service('mydns', { clusterIP: '10.96.0.10', ports: [{ port: 53, protocol: 'UDP' }] });
    const result = runServiceSession('kubectl get svc kube-dns -n kube-system\nkubectl apply -f dns.yaml', { 'dns.yaml': [taken] }, version);
    assert.match(
      outputOf(result, 'kubectl get svc kube-dns -n kube-system').split('\n')[1],
      /^kube-dns +ClusterIP +10\.96\.0\.10 +<none> +53\/UDP,53\/TCP,9153\/TCP +0s$/,
    );
    // The allocator refuses an address in use (ipallocator ErrAllocated); the value is rendered as each release's
    // field errors render it (Go syntax before 1.34, JSON from 1.34).
    const value = version === '1.34' ? '["10.96.0.10"]' : '[]string{"10.96.0.10"}';
    assert.equal(
      outputOf(result, 'kubectl apply -f dns.yaml'),
      `The Service "mydns" is invalid: spec.clusterIPs: Invalid value: ${value}: failed to allocate IP 10.96.0.10: provided IP is already allocated`,
    );
  });
}

test('kube-dns is in kube-system, so a pod of default gets no KUBE_DNS_ variables (Service links are per namespace)', () => {
  const result = runServiceSession('kubectl apply -f web.yaml\nkubesim wait 30s\nkubectl exec deploy/web -- env', { 'web.yaml': [deployment('web')] });
  const env = outputOf(result, 'kubectl exec deploy/web -- env');
  assert.match(env, /^KUBERNETES_SERVICE_HOST=/m);
  assert.doesNotMatch(env, /KUBE_DNS/);
});

test("kind's system pods: CoreDNS, the static pods, kindnet, kube-proxy and local-path-provisioner, listed by -A", () => {
  const result = runServiceSession(
    'kubectl get pods -n kube-system -o wide\nkubectl get pods -A\nkubectl get pods\nkubectl get endpoints kube-dns -n kube-system',
    {},
  );
  const rows = outputOf(result, 'kubectl get pods -n kube-system -o wide')
    .split('\n')
    .slice(1)
    .map((row) => row.split(/\s+/));
  // Name shapes: `<deployment>-<hash>-<5>`, `<daemonset>-<5>`, static pods `<component>-<node>` (kubelet's mirror pods).
  assert.deepEqual(
    rows.map((row) => row[0]!.replace(/^(coredns)-[a-z0-9]{10}-[a-z0-9]{5}$/, '$1-HASH-X').replace(/^(kindnet|kube-proxy)-[a-z0-9]{5}$/, '$1-X')),
    [
      'coredns-HASH-X',
      'coredns-HASH-X',
      'etcd-kind-control-plane',
      'kindnet-X',
      'kube-apiserver-kind-control-plane',
      'kube-controller-manager-kind-control-plane',
      'kube-proxy-X',
      'kube-scheduler-kind-control-plane',
    ],
  );
  // CoreDNS takes the first pod addresses; kindnet, kube-proxy and the static pods use the host network.
  assert.deepEqual(
    rows.map((row) => row[5]),
    ['10.244.0.2', '10.244.0.3', '172.18.0.2', '172.18.0.2', '172.18.0.2', '172.18.0.2', '172.18.0.2', '172.18.0.2'],
  );
  assert.ok(rows.every((row) => row[1] === '1/1' && row[2] === 'Running'));
  const all = outputOf(result, 'kubectl get pods -A').split('\n');
  assert.equal(all.length, 1 + 9);
  assert.match(all.at(-1)!, /^local-path-storage +local-path-provisioner-[a-z0-9]{10}-[a-z0-9]{5} +1\/1 +Running /);
  assert.equal(outputOf(result, 'kubectl get pods'), 'No resources found in default namespace.');
  // kube-dns selects the CoreDNS pods: 2 pods x (53/UDP, 53/TCP, 9153/TCP), printEndpoints shows three then `+ 3 more...`.
  assert.match(
    outputOf(result, 'kubectl get endpoints kube-dns -n kube-system'),
    /\nkube-dns +10\.244\.0\.\d+:\d+,10\.244\.0\.\d+:\d+,10\.244\.0\.\d+:\d+ \+ 3 more\.\.\. /,
  );
});

const FLAG_ROWS: { argv: string[]; namespace?: string; all: boolean; rest: string[] }[] = [
  { argv: ['kubectl', 'get', 'pods', '-n', 'a'], namespace: 'a', all: false, rest: ['kubectl', 'get', 'pods'] },
  { argv: ['kubectl', '-n=a', 'get', 'pods'], namespace: 'a', all: false, rest: ['kubectl', 'get', 'pods'] },
  { argv: ['kubectl', 'get', 'pods', '-na'], namespace: 'a', all: false, rest: ['kubectl', 'get', 'pods'] },
  { argv: ['kubectl', 'get', 'pods', '--namespace=a'], namespace: 'a', all: false, rest: ['kubectl', 'get', 'pods'] },
  { argv: ['kubectl', 'get', 'pods', '-A'], all: true, rest: ['kubectl', 'get', 'pods'] },
  { argv: ['kubectl', 'get', 'pods', '--all-namespaces=false'], all: false, rest: ['kubectl', 'get', 'pods'] },
  { argv: ['kubectl', 'exec', 'p', '-n', 'a', '--', 'env', '-n', 'b'], namespace: 'a', all: false, rest: ['kubectl', 'exec', 'p', '--', 'env', '-n', 'b'] },
  {
    argv: ['kubectl', 'config', 'set-context', '--current', '--namespace=a'],
    all: false,
    rest: ['kubectl', 'config', 'set-context', '--current', '--namespace=a'],
  },
];
for (const row of FLAG_ROWS) {
  test(`namespace flags: ${row.argv.join(' ')}`, () => {
    const flags = extractNamespaceFlags(row.argv);
    assert.deepEqual(flags, { argv: row.rest, allNamespaces: row.all, ...(row.namespace === undefined ? {} : { namespace: row.namespace }) });
  });
}

test('mergeNamespaceTables realigns the columns with NAMESPACE first', () => {
  const merged = mergeNamespaceTables([
    { namespace: 'a', output: 'NAME   READY\nx      1/1' },
    { namespace: 'b', output: 'No resources found in b namespace.' },
    { namespace: 'long-name', output: 'NAME        READY\nlonger-one  0/1' },
  ]);
  assert.equal(merged, 'NAMESPACE   NAME         READY\na           x            1/1\nlong-name   longer-one   0/1');
});
