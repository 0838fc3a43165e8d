// Failures are heard: over a real stdio connection, the server's window/logMessage lines for bad
// settings and a failing check worker, and the kubesim.trace.server level deciding what else is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogMessageParams } from 'vscode-languageserver-protocol';
import { availableParallelism } from 'node:os';
import type { RemoteConsole } from 'vscode-languageserver/node';
import { ServerLog } from '../../src/lsp/server-log';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

// window/logMessage types (MessageType in the LSP specification).
const ERROR = 1;
const WARNING = 2;
const INFO = 3;
const LOG = 4;

const DEPLOYMENT = (name: string, label: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${label}
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;

const mentions = (text: string) => (log: LogMessageParams) => log.message.includes(text);
const isCheckLine = (log: LogMessageParams) => log.message.startsWith('checked file:///');

test('an unsupported kubesim.kubernetesVersion is a warning naming the value and the fallback', async () => {
  const server = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.20', trace: { server: 'off' } } });
  try {
    const warning = await server.nextLog(mentions('kubesim.kubernetesVersion'));
    assert.equal(warning.type, WARNING);
    assert.match(warning.message, /"1\.20" is not supported \(use 1\.32, .*1\.37\); using 1\.36/);
  } finally {
    await server.stop();
  }
});

test('a kubesim.trace.server value that is not a level is a warning', async () => {
  const server = await TestLanguageServer.start({ settings: { trace: { server: 'loud' } } });
  try {
    const warning = await server.nextLog(mentions('kubesim.trace.server'));
    assert.equal(warning.type, WARNING);
    assert.match(warning.message, /"loud" is not one of off, messages, verbose/);
  } finally {
    await server.stop();
  }
});

test('trace off: warnings only, no info and no per-check lines', async () => {
  // The bad version makes the settings visible as they are applied (the warning comes just before the info line).
  const server = await TestLanguageServer.start({ settings: { trace: { server: 'off' }, kubernetesVersion: 'latest' } });
  try {
    await server.nextLog(mentions('kubesim.kubernetesVersion'));
    await server.open('file:///tmp/kubesim-log/off.yaml', DEPLOYMENT('web', 'web'));
    assert.deepEqual(
      server.logs.filter((log) => log.type === INFO || log.type === LOG),
      [],
    );
  } finally {
    await server.stop();
  }
});

test('trace messages: the applied settings, but no per-check lines', async () => {
  const server = await TestLanguageServer.start({ settings: { trace: { server: 'messages' }, kubernetesVersion: '1.33' } });
  try {
    const settings = await server.nextLog(mentions('settings (workspace/configuration)'));
    assert.equal(settings.type, INFO);
    assert.match(settings.message, /Kubernetes 1\.33, cluster domain cluster\.local, trace messages/);
    await server.open('file:///tmp/kubesim-log/messages.yaml', DEPLOYMENT('web', 'web'));
    assert.deepEqual(server.logs.filter(isCheckLine), []);
  } finally {
    await server.stop();
  }
});

test('lines logged while the level is off are sent, marked as earlier, when a level lets them through (the first 20 kept)', () => {
  const sent: string[] = [];
  const console = { info: (message: string) => sent.push(message) } as unknown as RemoteConsole;
  const log = new ServerLog(console);
  for (let i = 0; i < 25; i++) log.info(`line ${i}`);
  log.level = 'off';
  assert.deepEqual(sent, []);
  log.level = 'messages';
  assert.deepEqual(
    sent,
    Array.from({ length: 20 }, (_, i) => `line ${i} (earlier)`),
  );
  log.info('now');
  log.level = 'verbose';
  assert.deepEqual(sent.slice(20), ['now']);
});

test('trace messages set by the client after start-up: the check worker decision made before it is in the log', async () => {
  const server = await TestLanguageServer.start({ settings: { trace: { server: 'messages' } } });
  try {
    const line = await server.nextLog(mentions('check worker'));
    assert.equal(line.type, INFO);
    if (availableParallelism() <= 2) assert.match(line.message, /^no check worker on two cores or fewer .* \(earlier\)$/);
    else assert.match(line.message, /^check worker started /);
  } finally {
    await server.stop();
  }
});

test('trace messages: the workspace scan says how many YAML files it indexed', async () => {
  const files = { 'a.yaml': DEPLOYMENT('a', 'a'), 'deep/b.yml': DEPLOYMENT('b', 'b'), 'notes.txt': 'not yaml' };
  const workspace = await TestLanguageServer.onWorkspace(files, { settings: { trace: { server: 'messages' } } });
  try {
    const scanned = await workspace.server.nextLog(mentions('indexed'));
    assert.equal(scanned.type, INFO);
    assert.match(scanned.message, new RegExp(`^indexed 2 YAML files of ${workspace.folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in \\d+ ms$`));
  } finally {
    await workspace.dispose();
  }
});

test('trace verbose: one line per check, with the document version and the number of findings', async () => {
  const server = await TestLanguageServer.start({ settings: { trace: { server: 'verbose' } } });
  try {
    await server.nextLog(mentions('trace verbose'));
    const uri = 'file:///tmp/kubesim-log/verbose.yaml';
    await server.open(uri, DEPLOYMENT('web', 'api'));
    const line = await server.nextLog(isCheckLine);
    assert.equal(line.type, LOG);
    assert.match(line.message, new RegExp(`^checked ${uri} v1: 1 findings in \\d+\\.\\d ms$`));
  } finally {
    await server.stop();
  }
});

test('a check worker that fails is an error in the log, and large files are still checked on one thread', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-broken-worker-'));
  const script = join(folder, 'broken-worker.js');
  writeFileSync(script, "throw new Error('forced worker failure');\n");
  const server = await TestLanguageServer.start({ env: { KUBESIM_CHECK_WORKER: script } });
  try {
    const failure = await server.nextLog(mentions('the check worker failed'));
    assert.equal(failure.type, ERROR);
    assert.match(failure.message, /failed: forced worker failure; large files are checked on one thread from now on/);
    // 250 Deployments (more than the worker threshold), the last one with a selector that misses its labels.
    const text = Array.from({ length: 250 }, (_, i) => DEPLOYMENT(`web-${i}`, i === 249 ? 'other' : `web-${i}`)).join('---\n');
    const diagnostics = await server.open('file:///tmp/kubesim-log/large.yaml', text);
    assert.deepEqual(
      diagnostics.map((diagnostic) => String(diagnostic.code)),
      ['deployment-selector-mismatch'],
    );
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a large file's first check reports the same with the check worker as on one thread (it starts on two cores only when named)", async () => {
  // 250 Deployments (more than the worker threshold): every fifth asks more memory than its limit (the API server's
  // verdict, computed by the worker for half of them), the last one's selector misses its labels.
  const text = Array.from({ length: 250 }, (_, i) => {
    const deployment = DEPLOYMENT(`web-${i}`, i === 249 ? 'other' : `web-${i}`);
    return i % 5 === 0 ? `${deployment}          resources: { requests: { memory: 512Mi }, limits: { memory: 300M } }\n` : deployment;
  }).join('---\n');
  const diagnosticsWith = async (script: string) => {
    const server = await TestLanguageServer.start({ env: { KUBESIM_CHECK_WORKER: script } });
    try {
      return await server.open('file:///tmp/kubesim-log/large.yaml', text);
    } finally {
      await server.stop();
    }
  };
  // The bundled worker, behind a script that says it was loaded.
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-named-worker-'));
  const loaded = join(folder, 'loaded');
  const script = join(folder, 'worker.js');
  writeFileSync(
    script,
    `require('node:fs').writeFileSync(${JSON.stringify(loaded)}, 'yes');\nrequire(${JSON.stringify(repoPath('dist', 'check-worker.js'))});\n`,
  );
  try {
    const withWorker = await diagnosticsWith(script);
    assert.ok(existsSync(loaded), 'the named worker was loaded');
    const alone = await diagnosticsWith(join(folder, 'no-such-worker.js'));
    assert.equal(withWorker.filter((diagnostic) => String(diagnostic.code) === 'deployment-request-above-limit').length, 50);
    assert.deepEqual(withWorker, alone);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
