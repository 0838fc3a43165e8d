// Headless Neovim as a second LSP client: `kubesim lsp --stdio` publishes the same diagnostics
// to an editor that is not VS Code. Skips when `nvim` is not installed (.ci/run installs it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/paths';

const NVIM = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const SKIP = NVIM.error ? 'nvim is not installed (apt-get install neovim): the Neovim LSP test is skipped' : false;

// Document 1 has a YAML syntax error (an unclosed flow sequence); document 2 a Deployment whose
// selector does not match its template labels.
const MANIFEST = `apiVersion: v1
kind: ConfigMap
metadata:
  name: broken
data:
  list: [1, 2
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

interface PrintedDiagnostic {
  line: number;
  column: number;
  severity: number;
  code: string;
  source: string;
  message: string;
}

function parseDiagnostics(stdout: string): PrintedDiagnostic[] {
  return [...stdout.matchAll(/^DIAG (\d+):(\d+) severity=(\d+) code=(\S*) source=(\S*) (.*)$/gm)].map((match) => ({
    line: Number(match[1]),
    column: Number(match[2]),
    severity: Number(match[3]),
    code: match[4]!,
    source: match[5]!,
    message: match[6]!,
  }));
}

test('Neovim receives the syntax error and the selector mismatch from kubesim lsp --stdio', { skip: SKIP, timeout: 90_000 }, () => {
  const bin = join(REPO_ROOT, 'bin', 'kubesim');
  assert.ok(existsSync(join(REPO_ROOT, 'dist', 'cli.js')), 'dist/cli.js is missing: run "npm run build" first');
  const work = mkdtempSync(join(tmpdir(), 'kubesim-nvim-'));
  try {
    writeFileSync(join(work, 'manifest.yaml'), MANIFEST);
    // Private XDG folders keep swap files, shada and lsp.log out of $HOME.
    const env = {
      ...process.env,
      KUBESIM_BIN: bin,
      XDG_CONFIG_HOME: join(work, 'config'),
      XDG_DATA_HOME: join(work, 'data'),
      XDG_CACHE_HOME: join(work, 'cache'),
      XDG_STATE_HOME: join(work, 'state'),
    };
    const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${join(REPO_ROOT, 'test', 'neovim', 'probe.lua')}`, 'manifest.yaml'], {
      cwd: work,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output);
    const diagnostics = parseDiagnostics(run.stdout);
    const syntax = diagnostics.find((diagnostic) => diagnostic.code.startsWith('yaml-'));
    assert.ok(syntax, output);
    assert.equal(syntax.severity, 1);
    assert.ok(syntax.line >= 6 && syntax.line <= 7, `syntax error expected on line 6 or 7: ${output}`);
    const mismatch = diagnostics.find((diagnostic) => diagnostic.code === 'deployment-selector-mismatch');
    assert.ok(mismatch, output);
    assert.deepEqual([mismatch.line, mismatch.column, mismatch.severity, mismatch.source], [20, 9, 1, 'kubesim']);
    assert.match(mismatch.message, /`selector` does not match template `labels`/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
