// kubectl's words around `apply` and `create -f`, each from the upstream source it restates:
// - the last-applied warning (kubectl pkg/cmd/apply/apply.go applyOneObject, warningNoLastAppliedConfigAnnotation
//   with info.ObjectName() = `<resource>/<name>`, cli-runtime resource/visitor.go); the patch that adds the
//   annotation is not `{}`, so the object is `configured`;
// - an object whose kind the release does not serve (cli-runtime resource mapper infoForData wrapping
//   meta.NoKindMatchError), the other objects of the file still sent;
// - an Ingress with several field errors: errors.NewInvalid's causes, printed by cmdutil checkErr as MultilineError
//   (the prefix, then one `* ` line per cause).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession } from '../service/session-harness';
import { SUPPORTED_KUBERNETES_VERSIONS } from '../../src/model/kubernetes-version';

const WARNING =
  'Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by ' +
  'kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
  'The missing annotation will be patched automatically.';

const rows: { name: string; commands: string[]; outputs: string[] }[] = [
  {
    name: 'create, then apply: the warning, configured; a second apply is unchanged',
    commands: ['kubectl create -f web.yaml', 'kubectl apply -f web.yaml', 'kubectl apply -f web.yaml'],
    outputs: ['deployment.apps/web created', `${WARNING}\ndeployment.apps/web configured`, 'deployment.apps/web unchanged'],
  },
  {
    name: 'apply, then apply: no warning',
    commands: ['kubectl apply -f web.yaml', 'kubectl apply -f web.yaml'],
    outputs: ['deployment.apps/web created', 'deployment.apps/web unchanged'],
  },
  {
    name: 'create --save-config writes the annotation',
    commands: ['kubectl create -f web.yaml --save-config', 'kubectl apply -f web.yaml'],
    outputs: ['deployment.apps/web created', 'deployment.apps/web unchanged'],
  },
];

for (const row of rows) {
  test(`last-applied-configuration: ${row.name}`, () => {
    const result = runServiceSession(row.commands.join('\n'), { 'web.yaml': [deployment('web')] });
    assert.deepEqual(
      result.steps.map((step) => step.output),
      row.outputs,
    );
  });
}

const removed = [
  { apiVersion: 'extensions/v1beta1', kind: 'Deployment' },
  { apiVersion: 'batch/v1beta1', kind: 'CronJob' },
  { apiVersion: 'policy/v1beta1', kind: 'PodDisruptionBudget' },
  { apiVersion: 'autoscaling/v2beta2', kind: 'HorizontalPodAutoscaler' },
  { apiVersion: 'networking.k8s.io/v1beta1', kind: 'Ingress' },
];
for (const version of SUPPORTED_KUBERNETES_VERSIONS) {
  test(`${version}: removed APIs get kubectl's no matches for kind; the file's other objects are still applied`, () => {
    const objects = [...removed.map(({ apiVersion, kind }) => ({ apiVersion, kind, metadata: { name: 'old' }, spec: {} })), deployment('web')];
    const result = runServiceSession('kubectl apply -f mixed.yaml', { 'mixed.yaml': objects }, version);
    const expected = removed.map(
      ({ apiVersion, kind }) =>
        `error: resource mapping not found for name: "old" namespace: "" from "mixed.yaml": no matches for kind "${kind}" in version "${apiVersion}"\n` +
        'ensure CRDs are installed first',
    );
    assert.equal(result.steps[0].output, ['deployment.apps/web created', ...expected].join('\n'));
    assert.equal(result.steps[0].error, true);
  });
}

test('an Ingress with several field errors prints one `* ` line per cause (MultilineError)', () => {
  const ingress = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'web' },
    spec: {
      rules: [
        {
          host: 'Bad_Host',
          http: { paths: [{ path: 'nopath', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] },
        },
      ],
    },
  };
  const result = runServiceSession('kubectl apply -f ing.yaml\nkubectl get ingress', { 'ing.yaml': [ingress] });
  const lines = outputOf(result, 'kubectl apply -f ing.yaml').split('\n');
  assert.equal(lines.length, 3);
  assert.equal(lines[0], 'The Ingress "web" is invalid: ');
  assert.match(lines[1]!, /^\* spec\.rules\[0\]\.host: Invalid value: "Bad_Host": a lowercase RFC 1123 subdomain must consist of/);
  assert.equal(lines[2], '* spec.rules[0].http.paths[0].path: Invalid value: "nopath": must be an absolute path');
  assert.equal(outputOf(result, 'kubectl get ingress'), 'No resources found in default namespace.');
});

test('last-applied-configuration: a ConfigMap made by create is configured by apply, with the configmaps resource', () => {
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { a: '1' } };
  const result = runServiceSession('kubectl create -f cm.yaml\nkubectl apply -f cm.yaml', { 'cm.yaml': [configMap] });
  assert.match(result.steps[1].output, /^Warning: resource configmaps\/cfg is missing the kubectl\.kubernetes\.io\/last-applied-configuration annotation /);
  assert.match(result.steps[1].output, /\nconfigmap\/cfg configured$/);
});
