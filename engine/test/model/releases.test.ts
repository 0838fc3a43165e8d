// One list of supported Kubernetes releases (engine/src/model/kubernetes-version.ts): the extension's
// setting and the CLI's usage text must offer exactly those, with the same default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_KUBERNETES_VERSION, SUPPORTED_KUBERNETES_VERSIONS } from '../../src/model/kubernetes-version';
import { runKubesim } from '../../../test/support/cli';
import { readJsonFixture } from '../../../test/support/paths';

interface VersionSetting {
  enum: string[];
  default: string;
}

test('the kubesim.kubernetesVersion setting offers the supported releases and the default', () => {
  const manifest = readJsonFixture<{ contributes: { configuration: { properties: Record<string, VersionSetting> } } }>('package.json');
  const setting = manifest.contributes.configuration.properties['kubesim.kubernetesVersion']!;
  assert.deepEqual(setting.enum, [...SUPPORTED_KUBERNETES_VERSIONS]);
  assert.equal(setting.default, DEFAULT_KUBERNETES_VERSION);
});

test('the CLI usage names the first and last supported release and the default', () => {
  const usage = runKubesim(['--help']).stdout;
  const first = SUPPORTED_KUBERNETES_VERSIONS[0]!;
  const last = SUPPORTED_KUBERNETES_VERSIONS[SUPPORTED_KUBERNETES_VERSIONS.length - 1]!;
  assert.match(
    usage,
    new RegExp(`${first.replace('.', '\\.')} to ${last.replace('.', '\\.')} \\(default ${DEFAULT_KUBERNETES_VERSION.replace('.', '\\.')}\\)`),
  );
});
