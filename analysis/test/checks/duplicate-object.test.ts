// Tests for the warning on one workload defined in two files of a folder with different pod templates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectFindings, findingsOf } from '../../../test/support/expect-findings';

const deployment = (image: string, { name = 'web', apiVersion = 'apps/v1', namespace = '' } = {}) => `apiVersion: ${apiVersion}
kind: Deployment
metadata:
  name: ⟦${name}⟧${namespace ? `\n  namespace: ${namespace}` : ''}
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: ${image}
`;
const plain = (text: string) => text.replace(/[⟦⟧]/g, '');

test('the same Deployment with another image in a file of the same folder is information naming the file that wins', () => {
  const [finding] = expectFindings(deployment('nginx:1.27'), [{ code: 'duplicate-object-template', severity: 'information' }], {
    otherFiles: { 'file:///work/web-v2.yaml': plain(deployment('nginx:1.28')) },
  });
  assert.equal(
    finding!.message,
    'Deployment "web" in namespace "default" is also defined in web-v2.yaml in this folder, with a different pod template: applied together, ' +
      'the file applied last decides which pods run (`kubectl apply -f` on the folder applies files in name order: the template of web-v2.yaml wins). ' +
      'Nothing is wrong if the files are alternatives, never applied together.',
  );
});

test('when the checked file comes last in name order, its own template wins', () => {
  expectFindings(deployment('nginx:1.27'), [{ code: 'duplicate-object-template', message: 'the template of this file wins' }], {
    otherFiles: { 'file:///work/a-web.yaml': plain(deployment('nginx:1.28')) },
  });
});

const quiet: { name: string; other: Record<string, string> }[] = [
  {
    name: 'an identical template (key order aside) in the same folder',
    other: {
      'file:///work/copy.yaml': plain(deployment('nginx:1.27')).replace(
        '        - name: web\n          image: nginx:1.27',
        '        - image: nginx:1.27\n          name: web',
      ),
    },
  },
  { name: 'a different template in another folder (an overlay, an alternative)', other: { 'file:///work/prod/web.yaml': plain(deployment('nginx:1.28')) } },
  { name: 'another name', other: { 'file:///work/api.yaml': plain(deployment('nginx:1.28', { name: 'api' })) } },
  { name: 'another namespace', other: { 'file:///work/staging.yaml': plain(deployment('nginx:1.28', { namespace: 'staging' })) } },
  { name: 'another API group', other: { 'file:///work/ext.yaml': plain(deployment('nginx:1.28', { apiVersion: 'extensions/v1beta1' })) } },
];
for (const { name, other } of quiet) {
  test(`no warning for ${name}`, () => {
    const codes = findingsOf(plain(deployment('nginx:1.27')), { otherFiles: other }).map((finding) => finding.code);
    assert.ok(!codes.includes('duplicate-object-template'), codes.join(', '));
  });
}

test('an explicit default namespace and an omitted one are the same object', () => {
  expectFindings(deployment('nginx:1.27', { namespace: 'default' }), [{ code: 'duplicate-object-template' }], {
    otherFiles: { 'file:///work/web-v2.yaml': plain(deployment('nginx:1.28')) },
  });
});

test('the same group at another version is the same object', () => {
  expectFindings(deployment('nginx:1.27'), [{ code: 'duplicate-object-template' }], {
    otherFiles: { 'file:///work/web-v2.yaml': plain(deployment('nginx:1.28', { apiVersion: 'apps/v1beta2' })) },
  });
});
