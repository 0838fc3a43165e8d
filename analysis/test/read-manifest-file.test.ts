// The one reader of manifest files: regular files only (a FIFO is refused without blocking, on the sync
// and the async path), a size limit checked on stat and again while reading, system errors in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifestFile, readManifestFileSync, UnreadableFileError } from '../src/read-manifest-file';

function refusal(read: () => unknown): { code: string; message: string } {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof UnreadableFileError, String(error));
    return { code: error.code, message: error.message };
  }
  assert.fail('the read did not fail');
}

async function asyncRefusal(read: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await read();
  } catch (error) {
    assert.ok(error instanceof UnreadableFileError, String(error));
    return { code: error.code, message: error.message };
  }
  assert.fail('the read did not fail');
}

test('a regular file is read whole, sync and async', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-read-'));
  try {
    const path = join(folder, 'a.yaml');
    const text = 'a: é\n'.repeat(400_000); // several chunks, a multi-byte character across chunk edges
    writeFileSync(path, text);
    assert.equal(readManifestFileSync(path), text);
    assert.equal(await readManifestFile(path), text);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('files of every size around the read sizes are read whole, sync and async', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-read-'));
  try {
    const kib = 1024;
    for (const bytes of [0, 1, 6 * kib, 16 * kib - 1, 16 * kib, 16 * kib + 1, kib * kib - 1, kib * kib, kib * kib + 1, 2 * kib * kib + 3]) {
      const path = join(folder, `${bytes}.yaml`);
      const text = 'x'.repeat(bytes);
      writeFileSync(path, text);
      assert.equal(readManifestFileSync(path), text, `${bytes} bytes, sync`);
      assert.equal(await readManifestFile(path), text, `${bytes} bytes, async`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a FIFO is refused without blocking, sync and async', async (context) => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-read-'));
  try {
    const path = join(folder, 'pipe.yaml');
    if (spawnSync('mkfifo', [path]).status !== 0) return context.skip('mkfifo is not available');
    assert.equal(refusal(() => readManifestFileSync(path)).code, 'ENOTREGULAR');
    assert.equal((await asyncRefusal(() => readManifestFile(path))).code, 'ENOTREGULAR');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the size limit holds on stat and while reading (a /proc file says it is empty)', async (context) => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-read-'));
  try {
    const path = join(folder, 'a.yaml');
    writeFileSync(path, 'x'.repeat(2048));
    assert.deepEqual(
      refusal(() => readManifestFileSync(path, 1024)),
      {
        code: 'ETOOLARGE',
        message: `cannot read ${path}: larger than kubesim's limit of 1024 bytes (2048 bytes)`,
      },
    );
    assert.equal((await asyncRefusal(() => readManifestFile(path, 1024))).code, 'ETOOLARGE');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  if (!existsSync('/proc/self/status')) return context.skip('no /proc on this system');
  assert.equal(refusal(() => readManifestFileSync('/proc/self/status', 16)).message, "cannot read /proc/self/status: larger than kubesim's limit of 16 bytes");
  assert.equal((await asyncRefusal(() => readManifestFile('/proc/self/status', 16))).code, 'ETOOLARGE');
});

test('system errors are said in words', async () => {
  assert.deepEqual(
    refusal(() => readManifestFileSync('/no/such/file.yaml')),
    {
      code: 'ENOENT',
      message: 'cannot read /no/such/file.yaml: no such file or directory',
    },
  );
  assert.equal((await asyncRefusal(() => readManifestFile(tmpdir()))).message, `cannot read ${tmpdir()}: is a directory, not a file`);
});

test('a regular file is read whole, whatever its size against the reads (one read of its size, or 1 MiB at a time)', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-read-'));
  try {
    // Empty, one character, a manifest's size, multi-byte characters at the 1 MiB read boundary, over 1 MiB.
    const texts = ['', 'a', 'kind: ConfigMap\n'.repeat(400), `${'x'.repeat(1024 * 1024 - 1)}é€\n`, 'ü'.repeat(700_000)];
    for (const [i, text] of texts.entries()) {
      const path = join(folder, `m-${i}.yaml`);
      writeFileSync(path, text);
      assert.equal(readManifestFileSync(path), text, `sync, ${text.length} characters`);
      assert.equal(await readManifestFile(path), text, `async, ${text.length} characters`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
