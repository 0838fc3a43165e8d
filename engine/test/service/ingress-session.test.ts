// Ingresses in a session: kubectl apply|create|delete through the simulated API server (ValidateIngressCreate's
// messages in kubectl's "is invalid" form, strict decoding as a BadRequest, the removed beta versions unmapped),
// `kubectl get ingress` (printIngress: formatHosts, formatPorts) and `kubectl describe ingress` (describeIngressV1),
// and the routing table of `kubesim traffic ingress/NAME` with ingress-nginx canary weights.
import '../../src/session/ingress-commands';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession, service } from './session-harness';

function ingress(name: string, spec: Record<string, unknown>, annotations?: Record<string, string>, apiVersion = 'networking.k8s.io/v1'): unknown {
  return { apiVersion, kind: 'Ingress', metadata: { name, ...(annotations ? { annotations } : {}) }, spec };
}

function rule(host: string, serviceName: string, port: Record<string, unknown> = { number: 80 }, path = '/'): unknown {
  return { ...(host ? { host } : {}), http: { paths: [{ path, pathType: 'Prefix', backend: { service: { name: serviceName, port } } }] } };
}

test('apply, re-apply, create again and delete; kubectl 1.34 names the namespace on delete', () => {
  const files = {
    'web.yaml': [ingress('web', { rules: [rule('shop.example.com', 'web')] })],
    'web-2.yaml': [ingress('web', { rules: [rule('shop.example.com', 'web', { number: 8080 })] })],
  };
  const session = [
    'kubectl apply -f web.yaml',
    'kubectl apply -f web.yaml',
    'kubectl apply -f web-2.yaml',
    'kubectl create -f web.yaml',
    'kubectl delete ingress web',
    'kubectl delete ingress web',
  ].join('\n');
  const outputs = (version: '1.33' | '1.34') => runServiceSession(session, files, version).steps.map((step) => step.output);
  assert.deepEqual(outputs('1.33'), [
    'ingress.networking.k8s.io/web created',
    'ingress.networking.k8s.io/web unchanged',
    'ingress.networking.k8s.io/web configured',
    'Error from server (AlreadyExists): error when creating "web.yaml": ingresses.networking.k8s.io "web" already exists',
    'ingress.networking.k8s.io "web" deleted',
    'Error from server (NotFound): ingresses.networking.k8s.io "web" not found',
  ]);
  assert.equal(outputs('1.34')[4], 'ingress.networking.k8s.io "web" deleted from default namespace');
});

test('the API server rejects an invalid Ingress with every cause, a strict-decoding error, and a removed version', () => {
  const files = {
    'bad.yaml': [ingress('bad', { rules: [{ host: '10.0.0.1', http: { paths: [{ path: 'api', pathType: 'Prefix', backend: {} }] } }] })],
    'one.yaml': [ingress('one', { rules: [{ http: { paths: [{ path: '/', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] })],
    'unknown.yaml': [ingress('unknown', { rules: [rule('', 'web')], tls: [{ secret: 'x' }] })],
    'beta.yaml': [ingress('beta', { backend: { serviceName: 'web', servicePort: 80 } }, undefined, 'networking.k8s.io/v1beta1')],
  };
  const result = runServiceSession(
    'kubectl apply -f bad.yaml\nkubectl apply -f one.yaml\nkubectl apply -f unknown.yaml\nkubectl apply -f beta.yaml',
    files,
    '1.36',
  );
  assert.equal(
    result.steps[0].output,
    // kubectl's checkErr prints an Invalid status's causes as MultilineError: the prefix, then one `* ` line each.
    [
      'The Ingress "bad" is invalid: ',
      '* spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
      '* spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path',
      '* spec.rules[0].http.paths[0].backend: Invalid value: "": resource or service backend is required',
    ].join('\n'),
  );
  assert.equal(result.steps[1].output, 'The Ingress "one" is invalid: spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified');
  assert.equal(
    result.steps[2].output,
    'Error from server (BadRequest): error when creating "unknown.yaml": Ingress in version "v1" cannot be handled as a Ingress: ' +
      'strict decoding error: unknown field "spec.tls[0].secret"',
  );
  assert.equal(
    result.steps[3].output,
    'error: resource mapping not found for name: "beta" namespace: "" from "beta.yaml": no matches for kind "Ingress" in version ' +
      '"networking.k8s.io/v1beta1"\nensure CRDs are installed first',
  );
  assert.ok(result.steps.every((step) => step.error));
});

test('kubectl get ingress: CLASS <none>, HOSTS * without hosts, the first three hosts + N more, PORTS 80, 443 with TLS', () => {
  const hosts = ['a.example.com', 'b.example.com', '', 'c.example.com', 'd.example.com'];
  const files = {
    'all.yaml': [
      ingress('many', { ingressClassName: 'nginx', rules: hosts.map((host) => rule(host, 'web')), tls: [{ hosts: ['a.example.com'] }] }),
      ingress('catch-all', { defaultBackend: { service: { name: 'web', port: { number: 80 } } } }),
    ],
  };
  const output = outputOf(runServiceSession('kubectl apply -f all.yaml\nkubectl get ing', files), 'kubectl get ing');
  assert.equal(
    output,
    [
      'NAME        CLASS    HOSTS                                                   ADDRESS   PORTS     AGE',
      'catch-all   <none>   *                                                                 80        0s',
      'many        nginx    a.example.com,b.example.com,c.example.com + 2 more...             80, 443   0s',
    ].join('\n'),
  );
});

test('kubectl describe ingress: default backend only, a resource backend, a missing Service, SNI routes', () => {
  const files = {
    'svc.yaml': [service('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] })],
    'web.yaml': [deployment('web', { replicas: 2, ports: [{ containerPort: 8080 }] })],
    'ing.yaml': [
      ingress('fallback', { defaultBackend: { service: { name: 'web', port: { name: 'http' } } }, tls: [{ hosts: ['a.example.com', 'b.example.com'] }] }),
      ingress('mixed', {
        rules: [
          rule('', 'gone'),
          { host: 'static.example.com', http: { paths: [{ path: '/s', pathType: 'Exact', backend: { resource: { kind: 'Bucket', name: 'assets' } } }] } },
        ],
      }),
    ],
  };
  const session =
    'kubectl apply -f svc.yaml\nkubectl apply -f web.yaml\nkubectl apply -f ing.yaml\nkubesim wait-rollout deployment/web\n' +
    'kubectl describe ingress fallback\nkubectl describe ing/mixed';
  const result = runServiceSession(session, files);
  assert.equal(
    outputOf(result, 'kubectl describe ingress fallback'),
    [
      'Name:             fallback',
      'Labels:           <none>',
      'Namespace:        default',
      'Address:          ',
      'Ingress Class:    <none>',
      // The pods' addresses follow kind's CoreDNS pods and local-path-provisioner (10.244.0.2-4).
      'Default backend:  web:http (10.244.0.5:8080,10.244.0.6:8080)',
      'TLS:',
      '  SNI routes a.example.com,b.example.com',
      'Rules:',
      '  Host        Path  Backends',
      '  ----        ----  --------',
      '  *           *     web:http (10.244.0.5:8080,10.244.0.6:8080)',
      'Annotations:  <none>',
      'Events:       <none>',
    ].join('\n'),
  );
  assert.equal(
    outputOf(result, 'kubectl describe ing/mixed'),
    [
      'Name:             mixed',
      'Labels:           <none>',
      'Namespace:        default',
      'Address:          ',
      'Ingress Class:    <none>',
      'Default backend:  <default>',
      'Rules:',
      '  Host                Path  Backends',
      '  ----                ----  --------',
      '  *                   ',
      '                      /   gone:80 (<error: services "gone" not found>)',
      '  static.example.com  ',
      '                      /s   APIGroup: <none>, Kind: Bucket, Name: assets',
      'Annotations:          <none>',
      'Events:               <none>',
    ].join('\n'),
  );
});

test('kubesim traffic ingress/NAME: canary weight out of canary-weight-total, an unattached canary, a missing main Service', () => {
  const canary = {
    'nginx.ingress.kubernetes.io/canary': 'true',
    'nginx.ingress.kubernetes.io/canary-weight': '100',
    'nginx.ingress.kubernetes.io/canary-weight-total': '400',
  };
  const files = {
    'svc.yaml': [
      service('stable', { selector: { app: 'stable' }, ports: [{ port: 80 }] }),
      service('next', { selector: { app: 'next' }, ports: [{ port: 80 }] }),
    ],
    'apps.yaml': [deployment('stable', { replicas: 3 }), deployment('next', { replicas: 1, image: 'nginx:1.26' })],
    'ing.yaml': [
      ingress('main', { rules: [rule('shop.example.com', 'stable'), rule('admin.example.com', 'admin')] }),
      ingress('main-canary', { rules: [rule('shop.example.com', 'next'), rule('shop.example.com', 'next', { number: 80 }, '/beta')] }, canary),
    ],
  };
  const session =
    'kubectl apply -f svc.yaml\nkubectl apply -f apps.yaml\nkubectl apply -f ing.yaml\nkubesim wait-rollout deployment/stable\n' +
    'kubesim wait-rollout deployment/next\nkubesim traffic ingress/main\nkubesim traffic ingress/main-canary\nkubesim traffic ingress/none';
  const result = runServiceSession(session, files);
  const main = outputOf(result, 'kubesim traffic ingress/main');
  assert.match(main, /^ingress\/main: 2 routes \(shares of requests without canary headers\)$/m);
  assert.match(main, /^ {5}75%  service\/stable:80\n {7}75%  replicaset\/stable-\w+  3 endpoints  nginx:1\.25$/m);
  assert.match(main, /^ {5}25%  service\/next:80  \(canary ingress\/main-canary\)\n {7}25%  replicaset\/next-\w+  1 endpoint  nginx:1\.26$/m);
  assert.ok(
    main.endsWith(
      'admin.example.com/ (Prefix)\n  the main Service has no ready endpoints: ingress-nginx answers 503 to every request\n' +
        '      0%  service/admin:80: no such Service',
    ),
    main,
  );
  const canaryReport = outputOf(result, 'kubesim traffic ingress/main-canary');
  assert.match(canaryReport, /^ingress\/main-canary: 1 route/m);
  assert.match(canaryReport, /^note: canary shop\.example\.com\/beta has no non-canary Ingress with the same host and path; ingress-nginx ignores it\.$/m);
  assert.equal(outputOf(result, 'kubesim traffic ingress/none'), 'Error from server (NotFound): ingresses.networking.k8s.io "none" not found');
});

test('kubesim traffic ingress/NAME: a canary scaled to 0 gets nothing, ingress-nginx sends its share to the main Service', () => {
  const canary = { 'nginx.ingress.kubernetes.io/canary': 'true', 'nginx.ingress.kubernetes.io/canary-weight': '30' };
  const files = {
    'all.yaml': [
      service('stable', { selector: { app: 'stable' }, ports: [{ port: 80 }] }),
      service('next', { selector: { app: 'next' }, ports: [{ port: 80 }] }),
      deployment('stable', { replicas: 2 }),
      ingress('main', { rules: [rule('shop.example.com', 'stable')] }),
      ingress('main-canary', { rules: [rule('shop.example.com', 'next')] }, canary),
    ],
  };
  const result = runServiceSession('kubectl apply -f all.yaml\nkubesim wait-rollout deployment/stable\nkubesim traffic ingress/main', files);
  const report = outputOf(result, 'kubesim traffic ingress/main');
  assert.match(report, /^ {4}100%  service\/stable:80\n {6}100%  replicaset\/stable-\w+  2 endpoints  nginx:1\.25$/m);
  assert.match(report, /^ {6}0%  service\/next:80  \(canary ingress\/main-canary\): no ready endpoints, its share goes to the main Service$/m);
});
