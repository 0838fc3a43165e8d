// Benchmark: the language server's cost on a large workspace, against the same edit in the file opened alone.
// A workspace of 10,000 generated documents (2,000 files of five, in 20 folders) and a workspace holding a CRD
// with its custom resources, a Helm chart and kustomize overlays beside generated manifests: one five-document
// file is opened in each and edited (image tags, replica counts), then the same file is opened alone in an empty
// folder. Prints edit → diagnostics p50/p95/max, the server's peak RSS, initialize time, and whether the open
// file's first diagnostics were withdrawn while the workspace was indexed (the first publish holding more
// findings than the settled one).
//
// Usage: node tools/bench/lsp-workspace.mjs [--quick] [--keep DIR]
//   --quick   a 2,000-document workspace, fewer edits and one run (a smoke run, numbers are noisier)
//   --keep    write the generated workspaces and raw JSON results to DIR instead of a temp folder
// Needs `npm run build` first and the shared tools (../shared or $KUBESIM_SHARED).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.KUBESIM_SHARED ?? join(root, '..', 'shared');
const tools = join(shared, 'tools');
const quick = process.argv.includes('--quick');
const keepIndex = process.argv.indexOf('--keep');
const server = join(root, 'dist', 'server.js');
const DOCS = quick ? 2_000 : 10_000;
const DOCS_PER_FILE = 5;
const EDITS = quick ? 10 : 40;
const RUNS = quick ? 1 : 2;
const TARGETS = { editP95: 30, aloneRatio: 2, rssMB: 300, initializeMs: 150 };

if (!existsSync(join(tools, 'lsp-bench.mjs'))) {
  console.log(`lsp-workspace bench skipped: shared tools not found at ${tools} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (!existsSync(server)) {
  console.error('dist/server.js is missing: run "npm run build" first');
  process.exit(1);
}

const work = keepIndex > 0 ? process.argv[keepIndex + 1] : mkdtempSync(join(tmpdir(), 'kubesim-lsp-workspace-bench-'));
mkdirSync(work, { recursive: true });

function run(args, label) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return result.stdout;
}

// One generated stream cut into files of five documents in 20 folders; returns the folder and the first file.
function generateWorkspace(name, docs) {
  const whole = join(work, `${name}.yaml`);
  run([join(tools, 'gen-manifests.mjs'), '--docs', String(docs), '--seed', '1', '--out', whole], 'gen-manifests');
  const documents = readFileSync(whole, 'utf8').split(/^---\n/m);
  rmSync(whole);
  const folder = join(work, name);
  for (let i = 0; i * DOCS_PER_FILE < documents.length; i++) {
    const sub = join(folder, `app-${i % 20}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `m-${i}.yaml`), documents.slice(i * DOCS_PER_FILE, (i + 1) * DOCS_PER_FILE).join('---\n'));
  }
  return { folder, file: join(folder, 'app-0', 'm-0.yaml') };
}

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: { plural: widgets, singular: widget, kind: Widget, listKind: WidgetList }
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [size]
              properties:
                size: { type: integer, minimum: 1, maximum: 10 }
                color: { type: string, enum: [red, green, blue] }
              x-kubernetes-validations:
                - rule: "self.size <= 5 || self.color != 'red'"
                  message: red widgets are small
`;

const widget = (i) => `apiVersion: example.com/v1
kind: Widget
metadata:
  name: widget-${i}
spec:
  size: ${(i % 10) + 1}
  color: ${['red', 'green', 'blue'][i % 3]}
`;

const CHART = {
  'Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'values.yaml': 'replicas: 2\nimage: nginx:1.27\n',
  'templates/deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-web
spec:
  replicas: {{ .Values.replicas }}
  selector:
    matchLabels: { app: chart-web }
  template:
    metadata:
      labels: { app: chart-web }
    spec:
      containers:
        - name: web
          image: {{ .Values.image }}
`,
};

const KUSTOMIZE = {
  'base/kustomization.yaml': 'resources:\n  - deployment.yaml\n',
  'base/deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 1
  selector:
    matchLabels: { app: api }
  template:
    metadata:
      labels: { app: api }
    spec:
      containers:
        - name: api
          image: example/api:1.0
`,
  'overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: prod-\nreplicas:\n  - name: api\n    count: 4\n',
  'overlays/staging/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: staging-\n',
};

// Generated manifests plus a CRD and 50 of its custom resources, a Helm chart and a base with two overlays.
function generateMixedWorkspace(docs) {
  const { folder, file } = generateWorkspace('mixed', docs);
  mkdirSync(join(folder, 'crds'), { recursive: true });
  writeFileSync(join(folder, 'crds', 'widget-crd.yaml'), CRD);
  writeFileSync(join(folder, 'crds', 'widgets.yaml'), Array.from({ length: 50 }, (_, i) => widget(i)).join('---\n'));
  for (const [path, text] of Object.entries({ ...prefixed('charts/web', CHART), ...prefixed('deploy', KUSTOMIZE) })) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return { folder, file };
}

function prefixed(prefix, files) {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [`${prefix}/${path}`, text]));
}

// The file opened alone: a copy in an empty folder (the server indexes the file's folder).
function aloneCopy(file, name) {
  const folder = join(work, `alone-${name}`);
  mkdirSync(folder, { recursive: true });
  const copy = join(folder, 'm-0.yaml');
  cpSync(file, copy);
  return copy;
}

function measure(file, rootFolder, label) {
  const settings = join(work, 'settings.json');
  writeFileSync(settings, JSON.stringify({ kubesim: { kubernetesVersion: '1.36' } }));
  const out = join(work, `result-${label}.json`);
  const args = [
    join(tools, 'lsp-bench.mjs'),
    '--server',
    `${JSON.stringify(process.execPath)} ${JSON.stringify(server)} --stdio`,
    '--file',
    file,
    '--root',
    rootFolder,
    '--settings',
    settings,
    '--edits',
    String(EDITS),
    '--runs',
    String(RUNS),
    // The workspace is read after `initialized`: wait until the server has been quiet for 2 s before opening.
    '--pre-open-idle-ms',
    '2000',
    '--json-out',
    out,
  ];
  run(args, `lsp-bench (${label})`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

const mark = (ok) => (ok ? 'yes' : '**no**');
const ms = (value) => `${value} ms`;

try {
  console.log(
    `load average at start: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}${quick ? ' (--quick)' : ''}\n`,
  );
  console.log('| workspace | edit p50 | edit p95 | edit max | same edit alone p95 | ratio | peak RSS | initialize | first diagnostics withdrawn | met |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const [name, make] of [
    [`${DOCS.toLocaleString('en')} generated documents`, () => generateWorkspace('plain', DOCS)],
    ['CRD + custom resources, Helm chart, kustomize overlays', () => generateMixedWorkspace(quick ? 500 : 2_000)],
  ]) {
    const { folder, file } = make();
    const inWorkspace = measure(file, folder, `${name.split(' ')[0]}-workspace`);
    const aloneFile = aloneCopy(file, name.split(' ')[0]);
    const alone = measure(aloneFile, dirname(aloneFile), `${name.split(' ')[0]}-alone`);
    const ratio = inWorkspace.editLatencyMs.p95 / alone.editLatencyMs.p95;
    const withdrawn = inWorkspace.firstPublishCount > inWorkspace.diagnosticsCount;
    const met =
      inWorkspace.editLatencyMs.p95 <= TARGETS.editP95 &&
      ratio <= TARGETS.aloneRatio &&
      inWorkspace.serverRssMB <= TARGETS.rssMB &&
      inWorkspace.initializeMs < TARGETS.initializeMs &&
      !withdrawn;
    const cells = [
      name,
      ms(inWorkspace.editLatencyMs.p50),
      ms(inWorkspace.editLatencyMs.p95),
      ms(inWorkspace.editLatencyMs.max),
      ms(alone.editLatencyMs.p95),
      `${ratio.toFixed(2)} ×`,
      `${inWorkspace.serverRssMB} MB`,
      ms(inWorkspace.initializeMs),
      withdrawn ? `**yes** (${inWorkspace.firstPublishCount} → ${inWorkspace.diagnosticsCount})` : `no (${inWorkspace.diagnosticsCount})`,
      mark(met),
    ];
    console.log(`| ${cells.join(' | ')} |`);
    for (const note of [...inWorkspace.notes, ...inWorkspace.serverMessages]) console.log(`  note: ${note}`);
  }
  console.log(
    `\ntargets: edit p95 ≤ ${TARGETS.editP95} ms and ≤ ${TARGETS.aloneRatio} × the file alone, peak RSS ≤ ${TARGETS.rssMB} MB, ` +
      `initialize < ${TARGETS.initializeMs} ms, no diagnostics withdrawn; load average at end: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')}`,
  );
} finally {
  if (keepIndex < 0) rmSync(work, { recursive: true, force: true });
}
