// One list of supported Kubernetes releases (engine/src/model/kubernetes-version.ts): the extension's
// setting and the CLI's usage text must offer exactly those, with the same default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_KUBERNETES_VERSION, SUPPORTED_KUBERNETES_VERSIONS } from '../../src/model/kubernetes-version';

// Tests run from out/engine/test/model.
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

interface VersionSetting {
  enum: string[];
  default: string;
}

test('the kubesim.kubernetesVersion setting offers the supported releases and the default', () => {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, VersionSetting> } } };
  const setting = manifest.contributes.configuration.properties['kubesim.kubernetesVersion']!;
  assert.deepEqual(setting.enum, [...SUPPORTED_KUBERNETES_VERSIONS]);
  assert.equal(setting.default, DEFAULT_KUBERNETES_VERSION);
});

test('the CLI usage names the first and last supported release and the default', () => {
  const usage = execFileSync(process.execPath, [join(REPO_ROOT, 'bin', 'kubesim'), '--help'], { encoding: 'utf8' });
  const first = SUPPORTED_KUBERNETES_VERSIONS[0]!;
  const last = SUPPORTED_KUBERNETES_VERSIONS[SUPPORTED_KUBERNETES_VERSIONS.length - 1]!;
  assert.match(usage, new RegExp(`${first.replace('.', '\\.')} to ${last.replace('.', '\\.')} \\(default ${DEFAULT_KUBERNETES_VERSION.replace('.', '\\.')}\\)`));
});
