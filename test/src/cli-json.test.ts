// `kubesim json`: the JSON kubectl would send, as text or as one --json object, with exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKubesim } from '../support/cli';

const kubesim = (...args: string[]) => runKubesim(args);

function fileWith(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kubesim-json-')), name);
  writeFileSync(file, text);
  return file;
}

test('kubesim json --json lists each document with its first line, and errors', () => {
  const good = fileWith('good.yaml', '# env\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {debug: on, mode: 0o644}\n');
  const bad = fileWith('bad.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\nx: .inf\n');
  const result = kubesim('json', good, bad, '--json');
  assert.equal(result.status, 1);
  assert.deepStrictEqual(JSON.parse(result.stdout), {
    objects: [{ file: good, line: 3, object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { debug: true, mode: 420 } } }],
    errors: [{ file: bad, line: 1, message: 'error converting YAML to JSON: json: unsupported value: +Inf' }],
  });
});

test('kubesim json prints the objects and exits 0 when kubectl would read everything', () => {
  const file = fileWith('ok.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: 2024-01-01T00:00:00Z\n');
  const result = kubesim('json', file);
  assert.equal(result.status, 0);
  assert.deepStrictEqual(JSON.parse(result.stdout), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, x: '2024-01-01T00:00:00Z' });
});

test('kubesim json --help prints its usage; no file is bad usage', () => {
  const help = kubesim('json', '--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: kubesim json FILE/);
  assert.match(kubesim('--help').stdout, /kubesim json/);
  assert.equal(kubesim('json').status, 2);
});
