// kustomize's load restrictions, kubesim against the real `kubectl kustomize` (skipped without kubectl):
// where kubectl refuses a file (a symlink out of the root, a generator file linked outside, a resource
// linked to /dev/zero) kubesim refuses it with the same words, without reading it (the CLI runs under a
// 256 MB heap); where kubectl renders (bases six folders up), kubesim renders with no false error. A remote
// resource is fetched only with --allow-remote-resources.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { repoPath } from '../support/paths';

const hasKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
const skip = hasKubectl ? false : 'kubectl is not on the PATH';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'kubesim-kustomize-security-')));
after(() => rmSync(base, { recursive: true, force: true }));

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n';

/** Writes `files` (path -> text, or { link } for a symlink) under a fresh folder of `base`. */
function tree(name: string, files: Record<string, string | { link: string }>): string {
  const folder = join(base, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    if (typeof content === 'string') writeFileSync(join(folder, path), content);
    else symlinkSync(content.link, join(folder, path));
  }
  return folder;
}

function kubectlKustomize(directory: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('kubectl', ['kustomize', directory], { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function kubesimCheck(path: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--max-old-space-size=256', repoPath('bin', 'kubesim'), 'check', path], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, KUBESIM_KUSTOMIZE: '' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const SECURITY = /security; file '[^']*' is not in or below '[^']*'/;

const refused: { name: string; files: Record<string, string | { link: string }>; root: string }[] = [
  {
    name: 'a resource symlinked to /dev/zero',
    files: { 'app/kustomization.yaml': 'resources:\n- zero.yaml\n', 'app/zero.yaml': { link: '/dev/zero' } },
    root: 'app',
  },
  {
    name: 'a resource symlinked out of the root',
    files: { 'outside/cm.yaml': CONFIG_MAP, 'app/kustomization.yaml': 'resources:\n- cm.yaml\n', 'app/cm.yaml': { link: '../outside/cm.yaml' } },
    root: 'app',
  },
  {
    name: 'a secretGenerator file linked outside the repository',
    files: {
      'outside/password.txt': 'hunter2\n',
      'repo/app/kustomization.yaml': 'secretGenerator:\n- name: db\n  files:\n  - password.txt\n',
      'repo/app/password.txt': { link: '../../outside/password.txt' },
    },
    root: 'repo/app',
  },
  {
    name: 'a secretGenerator env file above the root',
    files: { 'repo/db.env': 'password=hunter2\n', 'repo/app/kustomization.yaml': 'secretGenerator:\n- name: db\n  envs:\n  - ../db.env\n' },
    root: 'repo/app',
  },
  {
    name: 'a resource file six folders up',
    files: { 'repo/x/cm.yaml': CONFIG_MAP, 'repo/a/b/c/d/e/f/kustomization.yaml': 'resources:\n- ../../../../../../x/cm.yaml\n' },
    root: 'repo/a/b/c/d/e/f',
  },
];

for (const { name, files, root } of refused) {
  test(`${name}: kubesim refuses it with kubectl's words`, { skip }, () => {
    const folder = tree(name.replace(/\W+/g, '-'), files);
    const kubectl = kubectlKustomize(join(folder, root));
    assert.notEqual(kubectl.status, 0, 'kubectl refuses it');
    const expected = SECURITY.exec(kubectl.stderr)?.[0];
    assert.ok(expected, kubectl.stderr);
    const result = kubesimCheck(join(folder, root));
    assert.equal(result.status, 1, result.stderr);
    assert.equal(SECURITY.exec(result.stdout)?.[0], expected, result.stdout);
    assert.match(result.stdout, /kustomization\.yaml:\d+:\d+: error: kustomize: security; /);
  });
}

const rendered: { name: string; files: Record<string, string>; root: string }[] = [
  {
    name: 'a base six folders up',
    files: {
      'repo/x/kustomization.yaml': 'resources:\n- cm.yaml\n',
      'repo/x/cm.yaml': CONFIG_MAP,
      'repo/a/b/c/d/e/f/kustomization.yaml': 'resources:\n- ../../../../../../x\n',
    },
    root: 'repo/a/b/c/d/e/f',
  },
  {
    // The path climbs above the folder common to every file and comes down again by the repository's name.
    name: 'a base seven folders up and down by name',
    files: {
      'repo/x/kustomization.yaml': 'resources:\n- cm.yaml\n',
      'repo/x/cm.yaml': CONFIG_MAP,
      'repo/a/b/c/d/e/f/kustomization.yaml': 'resources:\n- ../../../../../../../repo/x\n',
    },
    root: 'repo/a/b/c/d/e/f',
  },
  {
    name: 'a symlink that stays inside the root',
    files: { 'app/kustomization.yaml': 'resources:\n- link.yaml\n', 'app/real/cm.yaml': CONFIG_MAP },
    root: 'app',
  },
];

for (const { name, files, root } of rendered) {
  test(`${name}: kubectl renders it and kubesim reports no error`, { skip }, () => {
    const folder = tree(name.replace(/\W+/g, '-'), files);
    if (name.includes('symlink')) symlinkSync('real/cm.yaml', join(folder, root, 'link.yaml'));
    const kubectl = kubectlKustomize(join(folder, root));
    assert.equal(kubectl.status, 0, kubectl.stderr);
    assert.match(kubectl.stdout, /name: settings/);
    const result = kubesimCheck(join(folder, root));
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^0 errors, 0 warnings in \d+ files?\n$/);
  });
}

function kubesimAsync(args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [repoPath('bin', 'kubesim'), ...args], {
      env: { ...process.env, KUBESIM_KUSTOMIZE: '', NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

test('a remote resource is fetched only with --allow-remote-resources; without it, a warning on the entry', { skip }, async () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.end(CONFIG_MAP);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cm.yaml`;
  try {
    const folder = tree('remote', { 'app/kustomization.yaml': `resources:\n- ${url}\n` });
    const off = await kubesimAsync(['check', join(folder, 'app')]);
    assert.deepEqual(requests, []);
    assert.equal(off.status, 0, off.stdout);
    assert.match(off.stdout, new RegExp(`kustomization\\.yaml:2:3: warning: remote resource not fetched: ${url.replace(/\./g, '\\.')} `));
    const on = await kubesimAsync(['check', '--allow-remote-resources', join(folder, 'app')]);
    assert.deepEqual(requests, ['/cm.yaml']);
    assert.equal(on.status, 0, on.stdout);
    assert.match(on.stdout, /^0 errors, 0 warnings in 1 file\n$/);
  } finally {
    server.close();
  }
});
