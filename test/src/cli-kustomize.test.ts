// `kubesim check|names` on kustomization trees, end to end through the bundled CLI, against the real
// `kubectl kustomize` / `kustomize build`. Those that need kustomize skip with a reason without it.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoPath } from '../support/paths';

const FIXTURES = repoPath('analysis', 'test', 'kustomize', 'fixtures');

// The kustomize kubesim picked, as `kubesim --version` names it: "kustomize: <label> at <path>".
function kustomizeOfVersion(): { command: string; subcommand: string[] } | undefined {
  const line = spawnSync(process.execPath, [repoPath('bin', 'kubesim'), '--version'], { encoding: 'utf8' }).stdout.split('\n')[1] ?? '';
  const match = /^kustomize: (.*) at (\/.*)$/.exec(line);
  if (!match) return undefined;
  return { command: match[2]!, subcommand: match[1]!.startsWith('kubectl') ? ['kustomize'] : ['build'] };
}

const binary = kustomizeOfVersion();
const skip = binary ? false : 'neither kustomize nor kubectl is on the PATH';

function kubesim(args: string[], env: NodeJS.ProcessEnv = process.env): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [repoPath('bin', 'kubesim'), ...args], { cwd: FIXTURES, encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("check on a tree of bases and overlays: one error, on the zero-surge patch's maxUnavailable line", { skip }, () => {
  const result = kubesim(['check', 'shop', 'ledger']);
  assert.equal(result.status, 1, result.stderr);
  const [finding, summary, ...rest] = result.stdout.trim().split('\n');
  assert.equal(
    finding,
    'shop/overlays/zero-surge/rollout.yaml:9:23: error: spec.strategy.rollingUpdate.maxUnavailable: ' +
      'Invalid value: 0: may not be 0 when `maxSurge` is 0 [deployment-max-unavailable-and-surge-zero]',
  );
  assert.match(summary ?? '', /^1 error, 0 warnings in 1 of \d+ files$/);
  assert.deepEqual(rest, []);
});

test('check on a patch file alone renders the kustomization above it that reads it', { skip }, () => {
  const result = kubesim(['check', 'shop/overlays/zero-surge/rollout.yaml']);
  assert.equal(result.status, 1, result.stderr);
  assert.match(
    result.stdout.trim(),
    /^shop\/overlays\/zero-surge\/rollout\.yaml:9:23: error: spec\.strategy\.rollingUpdate\.maxUnavailable: [^\n]*\n1 error, 0 warnings in 1 of \d+ files?$/,
  );
});

test('check on the base and the good overlays finds nothing', { skip }, () => {
  const result = kubesim(['check', 'shop/base', 'shop/overlays/dev', 'shop/overlays/prod', 'ledger']);
  assert.match(result.stdout, /^0 errors, 0 warnings in \d+ files\n$/);
  assert.equal(result.status, 0, result.stderr);
});

test("check reports kustomize's own error on the kustomization line, as JSON too", { skip }, () => {
  const result = kubesim(['check', 'broken/bad-patch-target', '--format', 'json']);
  assert.equal(result.status, 1, result.stderr);
  const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: { file: string; range: { start: { line: number } }; code: string }[] };
  assert.deepEqual(
    diagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.code}`),
    ['broken/bad-patch-target/kustomization.yaml:4 kustomize-build-error'],
  );
});

interface NamesOutput {
  workloads: Record<string, unknown>[];
  generated?: { kind: string; name: string; generator: string }[];
}

function namesOf(args: string[]): NamesOutput {
  const result = kubesim(['names', ...args, '--json']);
  assert.equal(result.status, 0, result.stderr);
  const output = JSON.parse(result.stdout) as NamesOutput;
  for (const workload of output.workloads) delete workload.file;
  return output;
}

const workDirectory = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-'));

for (const overlay of ['shop/overlays/dev', 'shop/overlays/prod', 'ledger/overlays/staging']) {
  test(`names on ${overlay} equals names on kustomize's output`, { skip }, () => {
    const args = binary!.subcommand[0] === 'build' ? ['build', join(FIXTURES, overlay)] : ['kustomize', join(FIXTURES, overlay)];
    const file = join(workDirectory, `${overlay.replace(/\//g, '-')}.yaml`);
    writeFileSync(file, execFileSync(binary!.command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const fromOverlay = namesOf([overlay]);
    assert.ok(fromOverlay.workloads.length > 0);
    assert.deepEqual(fromOverlay.workloads, namesOf([file]).workloads);
  });
}

test("names on the prod overlay lists the generated ConfigMap and Secret with kustomize's hash suffix", { skip }, () => {
  const output = namesOf(['shop/overlays/prod']);
  assert.deepEqual(
    output.generated?.map((name) => `${name.kind} ${name.name} <- ${name.generator}`),
    [
      // The names kustomize printed for this overlay (`kubectl kustomize shop/overlays/prod`, kustomize v5.5.0).
      'ConfigMap prod-shop-config-k766fbbdfg <- shop-config',
      'Secret prod-shop-db-h8kmcg6m4m <- shop-db',
    ],
  );
  assert.deepEqual(
    output.workloads.map((workload) => `${workload.kind} ${workload.namespace}/${workload.name}`),
    ['Deployment shop-prod/prod-shop-api'],
  );
});

// An empty directory as the whole PATH: no kustomize, no kubectl (node is started by its full path).
const WITHOUT_KUSTOMIZE = { ...process.env, PATH: mkdtempSync(join(tmpdir(), 'kubesim-empty-path-')), KUBESIM_KUSTOMIZE: '' };

test('without kustomize: said once on stderr, patches are not checked as objects, resources are', () => {
  const result = kubesim(['check', 'shop'], WITHOUT_KUSTOMIZE);
  assert.equal(result.status, 0, result.stdout);
  assert.match(result.stdout, /^0 errors, 0 warnings in \d+ files\n$/);
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^kubesim: no kustomize found \(neither `kustomize` nor `kubectl` is on the PATH\): 4 kustomization\(s\) not rendered/);
});

test('without kustomize, a broken base resource is still reported on its own line', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-plain-'));
  writeFileSync(join(directory, 'kustomization.yaml'), 'resources:\n  - deployment.yaml\n');
  writeFileSync(
    join(directory, 'deployment.yaml'),
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: -1\n' +
      '  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n' +
      '    spec:\n      containers: [{name: web, image: nginx}]\n',
  );
  const result = kubesim(['check', directory], WITHOUT_KUSTOMIZE);
  assert.equal(result.status, 1);
  assert.match(result.stdout, /deployment\.yaml:6:13: error: spec\.replicas: Invalid value: -1/);
});
