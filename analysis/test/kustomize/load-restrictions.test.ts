// kustomize's LoadRestrictionsRootOnly as kubesim restates it, on real files and symlinks: what a
// kustomization may read, kustomize's words when it may not, and kubesim's own limits (regular files of
// bounded size). Then a rendering never runs the build, nor reads the file, when one is refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { defaultClusterSpec } from '@kubesim/engine';
import { checkRenderedKustomization } from '../../src/kustomize/check-kustomization';
import { diskHost } from '../../src/kustomize/disk-host';
import { isRemoteTarget } from '../../src/kustomize/kustomization-file';
import { findKustomization } from '../../src/kustomize/kustomization-tree';
import { loadRefusalOf, MAX_RENDER_FILE_BYTES } from '../../src/kustomize/load-restrictions';
import { renderKustomization } from '../../src/kustomize/render-kustomization';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'kubesim-load-restrictions-')));
after(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, 'app', 'overlay');
mkdirSync(join(root, 'sub'), { recursive: true });
writeFileSync(join(root, 'deployment.yaml'), 'kind: ConfigMap\n');
writeFileSync(join(root, 'sub', 'patch.yaml'), 'kind: ConfigMap\n');
writeFileSync(join(base, 'app', 'secret.env'), 'password=hunter2\n');
symlinkSync(join(root, 'deployment.yaml'), join(root, 'inside-link.yaml'));
symlinkSync('../secret.env', join(root, 'outside-link.env'));
symlinkSync('/dev/zero', join(root, 'zero.yaml'));
writeFileSync(join(root, 'huge.yaml'), '');
truncateSync(join(root, 'huge.yaml'), MAX_RENDER_FILE_BYTES + 1);
let fifo: string | false = false;
try {
  execFileSync('mkfifo', [join(root, 'fifo.yaml')]);
  fifo = 'fifo.yaml';
} catch {
  fifo = false;
}

const cases: { entry: string; expected: string | undefined; kind?: 'security' | 'limit' }[] = [
  { entry: 'deployment.yaml', expected: undefined },
  { entry: 'sub/patch.yaml', expected: undefined },
  { entry: 'inside-link.yaml', expected: undefined },
  { entry: 'missing.yaml', expected: undefined },
  { entry: '../secret.env', expected: `security; file '${base}/app/secret.env' is not in or below '${root}'`, kind: 'security' },
  { entry: 'outside-link.env', expected: `security; file '${root}/outside-link.env' is not in or below '${root}'`, kind: 'security' },
  { entry: 'zero.yaml', expected: `security; file '${root}/zero.yaml' is not in or below '${root}'`, kind: 'security' },
  { entry: 'sub', expected: `'${root}/sub' must resolve to a file`, kind: 'security' },
  { entry: 'huge.yaml', expected: `'${root}/huge.yaml' is larger than 16 MiB (${MAX_RENDER_FILE_BYTES + 1} bytes): kubesim does not read it`, kind: 'limit' },
];

for (const { entry, expected, kind } of cases) {
  test(`loadRefusalOf(${entry}) -> ${expected ?? 'allowed'}`, () => {
    const refusal = loadRefusalOf(root, entry);
    assert.equal(refusal?.message, expected);
    assert.equal(refusal?.kind, kind);
  });
}

test('a FIFO in the root is not read (it would block)', { skip: fifo ? false : 'mkfifo is not available' }, () => {
  assert.deepEqual(loadRefusalOf(root, 'fifo.yaml'), {
    kind: 'limit',
    message: `'${root}/fifo.yaml' is not a regular file (a device, FIFO or socket): kubesim does not read it`,
  });
  assert.equal(diskHost().readText(join(root, 'fifo.yaml')), undefined);
});

test('the disk host reads a symlink to /dev/zero and an oversized file as missing', () => {
  assert.equal(diskHost().readText(join(root, 'zero.yaml')), undefined);
  assert.equal(diskHost().readText(join(root, 'huge.yaml')), undefined);
  assert.equal(diskHost().readText(join(root, 'deployment.yaml')), 'kind: ConfigMap\n');
});

const refusedRenders: { name: string; kustomization: string; line: string; severity: 'error' | 'warning'; message: string }[] = [
  {
    name: 'a resource symlinked to /dev/zero',
    kustomization: 'resources:\n- deployment.yaml\n- zero.yaml\n',
    line: 'zero.yaml',
    severity: 'error',
    message: `kustomize: security; file '${root}/zero.yaml' is not in or below '${root}'`,
  },
  {
    name: 'a secretGenerator file linked outside the root',
    kustomization: 'secretGenerator:\n- name: db\n  envs:\n  - outside-link.env\n',
    line: 'outside-link.env',
    severity: 'error',
    message: `kustomize: security; file '${root}/outside-link.env' is not in or below '${root}'`,
  },
  {
    name: 'a patch above the root',
    kustomization: 'resources:\n- deployment.yaml\npatches:\n- path: ../secret.env\n',
    line: '../secret.env',
    severity: 'error',
    message: `kustomize: security; file '${base}/app/secret.env' is not in or below '${root}'`,
  },
  {
    name: 'an oversized resource',
    kustomization: 'resources:\n- huge.yaml\n',
    line: 'huge.yaml',
    severity: 'warning',
    message: `'${root}/huge.yaml' is larger than 16 MiB (${MAX_RENDER_FILE_BYTES + 1} bytes): kubesim does not read it; the kustomization is not rendered`,
  },
];

for (const { name, kustomization, line, severity, message } of refusedRenders) {
  test(`${name}: the build never runs and the refusal lands on its entry`, async () => {
    writeFileSync(join(root, 'kustomization.yaml'), kustomization);
    const host = diskHost();
    const found = findKustomization(host, root);
    assert.ok(found);
    let builds = 0;
    const rendered = await renderKustomization(host, found, () => {
      builds++;
      return Promise.resolve({ ok: true, stdout: '' });
    });
    assert.equal(builds, 0);
    const [placed, ...rest] = checkRenderedKustomization(rendered, host, defaultClusterSpec('1.36'));
    assert.deepEqual(rest, []);
    assert.equal(placed?.path, join(root, 'kustomization.yaml'));
    assert.equal(placed.finding.severity, severity);
    assert.equal(placed.finding.message, message);
    assert.equal(kustomization.slice(placed.finding.start, placed.finding.end), line);
  });
}

const remoteTargets: { target: string; remote: boolean }[] = [
  { target: 'https://example.invalid/deployment.yaml', remote: true },
  { target: 'http://example.invalid/x.yaml', remote: true },
  { target: 'git::https://example.invalid/org/repo.git//base?ref=v1', remote: true },
  { target: 'ssh://git@example.invalid/org/repo', remote: true },
  { target: 'git@github.com:org/repo.git', remote: true },
  { target: 'github.com/org/repo//deploy?ref=main', remote: true },
  { target: 'gh:org/repo', remote: true },
  { target: 'https://dev.azure.com/org/project/_git/repo', remote: true },
  { target: 'file:///srv/repo.git', remote: true },
  { target: '../../../../../../x', remote: false },
  { target: 'base', remote: false },
  { target: 'deployment.yaml', remote: false },
];

for (const { target, remote } of remoteTargets) {
  test(`isRemoteTarget(${target}) is ${remote}`, () => {
    assert.equal(isRemoteTarget(target), remote);
  });
}

test('a remote resource is not fetched: no build, a warning on its entry that says how to allow it', async () => {
  const kustomization = 'resources:\n- deployment.yaml\n- https://example.invalid/remote.yaml\n';
  writeFileSync(join(root, 'kustomization.yaml'), kustomization);
  const host = diskHost();
  const found = findKustomization(host, root)!;
  let builds = 0;
  const build = () => {
    builds++;
    return Promise.resolve({ ok: true as const, stdout: '' });
  };
  const rendered = await renderKustomization(host, found, build);
  assert.equal(builds, 0);
  const [placed] = checkRenderedKustomization(rendered, host, defaultClusterSpec('1.36'));
  assert.equal(placed?.finding.severity, 'warning');
  assert.equal(placed.finding.code, 'kustomize-remote-not-fetched');
  assert.equal(
    placed.finding.message,
    'remote resource not fetched: https://example.invalid/remote.yaml (kubesim lets kustomize download only with the setting ' +
      'kubesim.kustomize.allowRemoteResources, or --allow-remote-resources on the command line); the kustomization is not rendered',
  );
  assert.equal(kustomization.slice(placed.finding.start, placed.finding.end), 'https://example.invalid/remote.yaml');
  // Allowed, kustomize gets the build (and fetches it).
  await renderKustomization(host, found, build, true);
  assert.equal(builds, 1);
});
