// Benchmark: the language server on a workspace with a CustomResourceDefinition and 200 custom resources in one
// file, against the same file with no CRD in sight (its custom resources then only get the not-checked note).
// Issue #21's target: the edit p95 with the CRD within 10% of the edit p95 without. Each edit changes a
// `replicas:` or `image:` line of a custom resource, so the edited object is checked again against the schema and
// its CEL rules. The CRD is written here; its shape follows Argo Rollouts' Rollout (argoproj.io/v1alpha1: replicas,
// a pod template, canary steps), trimmed, with structural limits (maxLength, maxItems) and CEL rules of the kinds
// real CRDs carry (has(), all(), a transition-free cross-field rule, a regex).
//
// With --cpu each server runs once under `node --cpu-prof` and the table adds the CPU per edit from its profile
// (profile-edits.mjs): on a loaded machine the ratio of CPU is the comparison to trust.
//
// Usage: node tools/bench/lsp-crd.mjs [--quick] [--cpu] [--keep DIR]
// Needs `npm run build` first and the shared tools (../shared or $KUBESIM_SHARED).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editCpuOf } from './profile-edits.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.KUBESIM_SHARED ?? join(root, '..', 'shared');
const tools = join(shared, 'tools');
const quick = process.argv.includes('--quick');
const cpu = process.argv.includes('--cpu');
const keepIndex = process.argv.indexOf('--keep');
const server = join(root, 'dist', 'server.js');
const RESOURCES = 200;
const TARGET_RATIO = 1.1;

if (!existsSync(join(tools, 'lsp-bench.mjs'))) {
  console.log(`lsp-crd bench skipped: shared tools not found at ${tools} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (!existsSync(server)) {
  console.error('dist/server.js is missing: run "npm run build" first');
  process.exit(1);
}

const work = keepIndex > 0 ? process.argv[keepIndex + 1] : mkdtempSync(join(tmpdir(), 'kubesim-lsp-crd-bench-'));
mkdirSync(work, { recursive: true });

const str = (extra = {}) => ({ type: 'string', ...extra });
const container = {
  type: 'object',
  required: ['name', 'image'],
  properties: { name: str({ maxLength: 63 }), image: str({ maxLength: 256 }), ports: { type: 'array', maxItems: 16, items: { type: 'object' } } },
  'x-kubernetes-preserve-unknown-fields': true,
};
const rolloutSpec = {
  type: 'object',
  required: ['selector', 'template'],
  properties: {
    replicas: { type: 'integer', minimum: 0, 'x-kubernetes-validations': [{ rule: 'self <= 1000', message: 'at most 1000 replicas' }] },
    selector: { type: 'object', properties: { matchLabels: { type: 'object', additionalProperties: str({ maxLength: 63 }) } } },
    template: {
      type: 'object',
      properties: {
        metadata: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        spec: {
          type: 'object',
          properties: { containers: { type: 'array', maxItems: 32, items: container } },
          'x-kubernetes-validations': [
            { rule: 'self.containers.all(c, c.image.contains(":"))', message: 'every image names a tag' },
            { rule: "self.containers.all(c, c.name.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?$'))", message: 'container names are DNS labels' },
          ],
        },
      },
    },
    strategy: {
      type: 'object',
      properties: {
        canary: {
          type: 'object',
          properties: {
            steps: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                properties: {
                  setWeight: { type: 'integer', minimum: 0, maximum: 100 },
                  pause: { type: 'object', properties: { duration: { 'x-kubernetes-int-or-string': true } } },
                },
              },
            },
          },
          'x-kubernetes-validations': [{ rule: '!has(self.steps) || self.steps.size() > 0', message: 'steps must not be empty' }],
        },
      },
    },
  },
};
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'rollouts.argoproj.io' },
  spec: {
    group: 'argoproj.io',
    names: { kind: 'Rollout', plural: 'rollouts', singular: 'rollout', listKind: 'RolloutList' },
    scope: 'Namespaced',
    versions: [{ name: 'v1alpha1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: rolloutSpec } } } }],
  },
};

function rollout(index) {
  return [
    'apiVersion: argoproj.io/v1alpha1',
    'kind: Rollout',
    'metadata:',
    `  name: web-${index}`,
    'spec:',
    `  replicas: ${(index % 9) + 1}`,
    '  selector:',
    `    matchLabels: {app: web-${index}}`,
    '  template:',
    `    metadata: {labels: {app: web-${index}}}`,
    '    spec:',
    '      containers:',
    '      - name: web',
    `        image: registry.example.com/web:1.${index}`,
    '  strategy:',
    '    canary:',
    '      steps:',
    '      - setWeight: 20',
    '      - pause: {duration: 60}',
  ].join('\n');
}

function run(args, label) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return result.stdout;
}

function workspace(name, withCrd) {
  const folder = join(work, name);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'rollouts.yaml');
  writeFileSync(file, `${Array.from({ length: RESOURCES }, (_, i) => rollout(i)).join('\n---\n')}\n`);
  if (withCrd) writeFileSync(join(folder, 'crd.yaml'), `${JSON.stringify(CRD)}\n`);
  return file;
}

function measure(file, edits, runs, profileDir) {
  const settings = join(work, 'settings.json');
  writeFileSync(settings, JSON.stringify({ kubesim: { kubernetesVersion: '1.36' } }));
  const out = join(work, `result-${file.split('/').slice(-2, -1)[0]}.json`);
  const profiling = profileDir ? ` --cpu-prof --cpu-prof-dir=${JSON.stringify(profileDir)}` : '';
  const command = `${JSON.stringify(process.execPath)}${profiling} ${JSON.stringify(server)} --stdio`;
  run(
    [
      join(tools, 'lsp-bench.mjs'),
      '--server',
      command,
      '--file',
      file,
      '--settings',
      settings,
      '--edits',
      String(edits),
      '--runs',
      String(runs),
      '--json-out',
      out,
    ],
    'lsp-bench',
  );
  return JSON.parse(readFileSync(out, 'utf8'));
}

try {
  const edits = quick ? 10 : 50;
  const runs = quick || cpu ? 1 : 3;
  const profileDir = (name) => (cpu ? join(work, `profile-${name}`) : undefined);
  const withCrd = measure(workspace('with-crd', true), edits, runs, profileDir('with-crd'));
  const without = measure(workspace('without-crd', false), edits, runs, profileDir('without-crd'));
  const ratio = withCrd.editLatencyMs.p95 / without.editLatencyMs.p95;
  const rows = [
    [`edit → diagnostics p50 (CRD + ${RESOURCES} custom resources)`, `${withCrd.editLatencyMs.p50} ms`, ''],
    [`edit → diagnostics p95 (CRD + ${RESOURCES} custom resources)`, `${withCrd.editLatencyMs.p95} ms`, ''],
    [`edit → diagnostics p95 (the same ${RESOURCES}, no CRD in sight)`, `${without.editLatencyMs.p95} ms`, ''],
    ['p95 with / without', `${ratio.toFixed(2)} ×`, `≤ ${TARGET_RATIO} ×`, ratio <= TARGET_RATIO ? 'yes' : '**no**'],
    ['open → diagnostics (with the CRD)', `${withCrd.openToDiagnosticsMs} ms`, ''],
    ['open → diagnostics (no CRD)', `${without.openToDiagnosticsMs} ms`, ''],
    ['server peak RSS (with the CRD)', `${withCrd.serverRssMB} MB`, ''],
  ];
  if (cpu) {
    const [withCpu, withoutCpu] = [editCpuOf(profileDir('with-crd')), editCpuOf(profileDir('without-crd'))];
    const cpuRatio = withCpu.p95 / withoutCpu.p95;
    rows.push(
      [`edit CPU p50 / p95 (CRD, ${withCpu.count} edits)`, `${withCpu.p50} / ${withCpu.p95} ms`, ''],
      [`edit CPU p50 / p95 (no CRD, ${withoutCpu.count} edits)`, `${withoutCpu.p50} / ${withoutCpu.p95} ms`, ''],
      ['edit CPU p95 with / without', `${cpuRatio.toFixed(2)} ×`, `≤ ${TARGET_RATIO} ×`, cpuRatio <= TARGET_RATIO ? 'yes' : '**no**'],
      ['edit CPU total with / without', `${withCpu.sum} / ${withoutCpu.sum} ms`, ''],
    );
  }
  console.log(
    `${RESOURCES} Rollouts in one file, ${withCrd.diagnosticsCount} diagnostics on open with the CRD; ` +
      `Node ${process.version}${quick ? '; --quick' : ''}${cpu ? '; --cpu' : ''}.\n`,
  );
  console.log('| measure | kubesim | target | met |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${[...row, ...Array(4 - row.length).fill('')].join(' | ')} |`);
} finally {
  if (keepIndex < 0) rmSync(work, { recursive: true, force: true });
}
