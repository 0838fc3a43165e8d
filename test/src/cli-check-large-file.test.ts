// `kubesim check` reads a file up to the reading limit (32 MiB), past the editor's 10 MB: a one-shot check of a
// rendered platform is what the user asked for. The editor's limit is tested in analysis/test/manifest/input-limits.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runKubesim } from '../support/cli';

const work = mkdtempSync(join(tmpdir(), 'kubesim-cli-large-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('a 10.5 MB file is checked by the CLI (its ConfigMap is over the API server limit), not refused as too large', () => {
  const path = join(work, 'big.yaml');
  writeFileSync(path, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: ${'x'.repeat(10_500_000)}\n`);
  const result = runKubesim(['check', path, '--format', 'json']);
  const codes = (JSON.parse(result.stdout) as { diagnostics: { code: string; message: string }[] }).diagnostics.map((d) => d.code);
  assert.ok(!codes.includes('file-too-large'), codes.join(', '));
  assert.ok(codes.length > 0, 'the ConfigMap over 1 MiB gets the API server error');
});
