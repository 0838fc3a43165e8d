// Paths the CLI must refuse without reading them, blocking or crashing: FIFOs (opening one blocks),
// devices that never end, /proc/self/mem (an I/O error on read), files over the size limit; and `--`
// ends the options, so `check -- --help` checks a file named --help. One line on stderr, exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_MANIFEST_FILE_BYTES } from '../../analysis/src/read-manifest-file';
import { repoPath } from '../support/paths';

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
const NOT_REGULAR = 'not a regular file (a FIFO, socket or device): kubesim reads only regular files';

// A run that hangs is killed after a minute and fails (status null), instead of blocking the suite.
function kubesim(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [repoPath('bin', 'kubesim'), ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function withFolder(body: (folder: string) => void): void {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-paths-'));
  try {
    body(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function mkfifo(path: string): string | undefined {
  const result = spawnSync('mkfifo', [path]);
  return result.status === 0 ? undefined : 'mkfifo is not available';
}

test('a FIFO named *.yaml in a folder is never opened: check reads the other files', (context) => {
  withFolder((folder) => {
    const missing = mkfifo(join(folder, 'pipe.yaml'));
    if (missing) return context.skip(missing);
    writeFileSync(join(folder, 'ok.yaml'), CONFIG_MAP);
    const result = kubesim(['check', folder], folder);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /0 errors, 0 warnings in 1 file/);
  });
});

test('a FIFO named on the command line is one line and exit 2', (context) => {
  withFolder((folder) => {
    const missing = mkfifo(join(folder, 'pipe.yaml'));
    if (missing) return context.skip(missing);
    for (const command of ['check', 'json', 'names']) {
      const result = kubesim([command, 'pipe.yaml'], folder);
      assert.equal(result.status, 2);
      assert.equal(result.stderr, `kubesim ${command}: cannot read pipe.yaml: ${NOT_REGULAR}\n`);
    }
  });
});

const DEVICES: { path: string; reason: string }[] = [
  { path: '/dev/zero', reason: NOT_REGULAR },
  { path: '/dev/urandom', reason: NOT_REGULAR },
  // A regular file to stat, whose read fails at offset 0.
  { path: '/proc/self/mem', reason: 'input/output error' },
];

for (const { path, reason } of DEVICES) {
  test(`${path} is refused with one line and exit 2, never read`, (context) => {
    if (!existsSync(path)) return context.skip(`${path} does not exist on this system`);
    withFolder((folder) => {
      for (const args of [
        ['check', path],
        ['json', path],
        ['run', path],
        ['check', '--previous', path, folder],
      ]) {
        const result = kubesim(args, folder);
        assert.equal(result.status, 2, `kubesim ${args.join(' ')}: ${result.stderr}`);
        assert.equal(result.stdout, '');
        assert.equal(result.stderr, `kubesim ${args[0]}: cannot read ${path}: ${reason}\n`);
      }
    });
  });
}

test('a file over the size limit is refused before it is read', () => {
  withFolder((folder) => {
    const big = join(folder, 'big.yaml');
    writeFileSync(big, CONFIG_MAP);
    truncateSync(big, MAX_MANIFEST_FILE_BYTES + 1); // sparse: nothing is written
    const result = kubesim(['check', 'big.yaml'], folder);
    assert.equal(result.status, 2);
    assert.equal(result.stderr, `kubesim check: cannot read big.yaml: larger than kubesim's limit of 32 MiB (${MAX_MANIFEST_FILE_BYTES + 1} bytes)\n`);
  });
});

test('after --, --help is a path: check -- --help checks the file named --help', () => {
  withFolder((folder) => {
    const missing = kubesim(['check', '--', '--help'], folder);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'kubesim check: cannot read --help: no such file or directory\n');
    writeFileSync(join(folder, '--help'), CONFIG_MAP);
    const result = kubesim(['check', '--', '--help'], folder);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /0 errors, 0 warnings in 1 file/);
    assert.doesNotMatch(result.stdout, /Usage|kubesim check FILE/);
    // Before --, --help still wins.
    assert.match(kubesim(['check', '--help', '--', 'x.yaml'], folder).stdout, /kubesim check FILE\|DIR/);
  });
});
