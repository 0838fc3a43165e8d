// Opening an untrusted repository runs no program of it: with fake `kustomize`, `kubectl`, `git` and
// `helm` first on the server's PATH (each writes a marker when it starts), an untrusted workspace holding
// a git repository and a kustomization gets diagnostics on its plain files, a status that says why
// overlays are not rendered, a preview that says so too, and no marker. The same workspace trusted does
// start the fakes, so the test can see a process when one starts.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { test } from 'node:test';
import type { KustomizeStatus, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { fakePrograms } from '../../../test/support/fake-programs';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const skip =
  process.platform === 'win32' ? 'the fake programs are shell scripts' : spawnSync('git', ['--version']).status !== 0 ? 'git is not installed' : false;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: api
        image: api:1
`;

const FILES = {
  'plain.yaml': DEPLOYMENT,
  'app/kustomization.yaml': 'resources:\n- deployment.yaml\n- https://example.invalid/remote.yaml\npatches:\n- path: patch.yaml\n',
  'app/deployment.yaml': DEPLOYMENT.replace('app: other', 'app: api'),
  'app/patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 3\n',
};

/** Every kubesim/kustomizeStatus the server sends, in order. */
function statuses(server: TestLanguageServer): KustomizeStatus[] {
  const seen: KustomizeStatus[] = [];
  server.connection.onNotification('kubesim/kustomizeStatus', (status: KustomizeStatus) => {
    seen.push(status);
  });
  return seen;
}

async function openEverything(workspace: Awaited<ReturnType<typeof TestLanguageServer.onWorkspace>>): Promise<SimulateRolloutResult> {
  const { server } = workspace;
  for (const [path, text] of Object.entries(FILES)) await server.open(workspace.uri(path), text);
  // An edit schedules renderings; the preview renders the overlay at once and reads git HEAD for its base.
  await server.change(workspace.uri('app/deployment.yaml'), FILES['app/deployment.yaml'].replace('image: api:1', 'image: api:2'));
  const params: SimulateRolloutParams = {
    uri: workspace.uri('app/deployment.yaml'),
    offset: 0,
    base: { kind: 'head' },
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
  };
  return (await server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
}

function gitInit(folder: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: folder, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
}

test('an untrusted workspace starts no process: plain files are checked, overlays are not rendered and the status says why', { skip }, async () => {
  const fakes = fakePrograms();
  const workspace = await TestLanguageServer.onWorkspace(FILES, { env: fakes.env, initializationOptions: { workspaceTrusted: false } });
  try {
    gitInit(workspace.folder);
    const seen = statuses(workspace.server);
    const plain = await workspace.server.open(workspace.uri('plain.yaml'), FILES['plain.yaml']);
    assert.ok(
      plain.some((diagnostic) => diagnostic.code === 'deployment-selector-mismatch'),
      JSON.stringify(plain.map((diagnostic) => diagnostic.code)),
    );
    const preview = await openEverything(workspace);
    // Every status the server sent (one may come before this test listens) says why nothing renders.
    assert.ok(
      seen.every((status) => status.untrusted === true && !status.available && status.running.length === 0),
      JSON.stringify(seen),
    );
    assert.equal(preview.kind, 'brokenDocument', JSON.stringify(preview));
    assert.match((preview as { message: string }).message, /not rendered in an untrusted workspace/);
    // A plain file's preview asked against git HEAD runs no git either: it starts from the file as opened.
    const params: SimulateRolloutParams = {
      uri: workspace.uri('plain.yaml'),
      offset: 0,
      base: { kind: 'head' },
      whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
    };
    const plainPreview = (await workspace.server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
    assert.equal(plainPreview.kind === 'view' && plainPreview.view.change.baseLabel, 'the file as it was when opened (no git HEAD version)');
  } finally {
    await workspace.dispose();
  }
  assert.deepEqual(fakes.started(), []);
});

test('the same workspace trusted does start the fake kustomize and git (the markers work)', { skip }, async () => {
  const fakes = fakePrograms();
  const workspace = await TestLanguageServer.onWorkspace(FILES, { env: fakes.env, initializationOptions: { workspaceTrusted: true } });
  try {
    gitInit(workspace.folder);
    await openEverything(workspace);
  } finally {
    await workspace.dispose();
  }
  const started = fakes.started();
  assert.ok(started.includes('kustomize: version'), started.join('\n'));
  assert.ok(
    started.some((line) => line.startsWith('git: ')),
    started.join('\n'),
  );
});
