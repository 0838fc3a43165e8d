// kubectl's words in `kubesim run` where they depend on the release or on a flag: delete's ` from NS
// namespace` (kubectl delete.go PrintObj, from kubectl 1.34) and `--record`'s deprecation (kubectl
// RecordFlags.AddFlags marks the flag deprecated; pflag prints `Flag --record has been deprecated, <reason>`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession, service } from '../service/session-harness';

const WEB_SERVICE = service('web', { selector: { app: 'web' }, ports: [{ port: 80 }] });

for (const [version, suffix] of [
  ['1.32', ''],
  ['1.33', ''],
  ['1.34', ' from apps namespace'],
] as const) {
  test(`${version}: kubectl delete svc prints \`service "web" deleted${suffix}\``, () => {
    const result = runServiceSession(
      'kubectl create ns apps\nkubectl apply -f svc.yaml -n apps\nkubectl delete svc web -n apps',
      { 'svc.yaml': [WEB_SERVICE] },
      version,
    );
    assert.equal(outputOf(result, 'kubectl delete svc web -n apps'), `service "web" deleted${suffix}`);
  });
}

test('--record prints its deprecation before the output of apply, create and set image, and still records', () => {
  const result = runServiceSession(
    ['kubectl create -f web.yaml --record', 'kubectl set image deployment/web app=nginx:1.26 --record', 'kubectl apply -f other.yaml'].join('\n'),
    { 'web.yaml': [deployment('web')], 'other.yaml': [deployment('other')] },
  );
  const warning = 'Flag --record has been deprecated, --record will be removed in the future';
  assert.equal(outputOf(result, 'kubectl create -f web.yaml --record'), `${warning}\ndeployment.apps/web created`);
  assert.equal(outputOf(result, 'kubectl set image deployment/web app=nginx:1.26 --record'), `${warning}\ndeployment.apps/web image updated`);
  // Without the flag, no warning.
  assert.equal(outputOf(result, 'kubectl apply -f other.yaml'), 'deployment.apps/other created');
});
