// Benchmark: typing in a Helm chart of 20 templates keeps the editor's latency within the language server's
// budget (tools/bench/lsp.mjs: edit → diagnostics p50 30 ms, p95 60 ms), because helm runs off the keystroke
// path (debounced, one run per chart at a time). Also prints how long the chart takes to render after the
// last keystroke (helm's run, the checks and the placement on templates and values keys): information, no target.
//
// Usage: node tools/bench/helm.mjs [--edits N]
// Needs `npm run build` first and a real helm (`node tools/fetch-helm.mjs`, $KUBESIM_HELM or helm on the PATH;
// skipped with a reason otherwise).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const out = (path) => require(join(root, 'out', path));
const { TestLanguageServer } = out('test/support/lsp-client.js');
const { testHelm } = out('test/support/helm.js');

const TARGETS = { editP50: 30, editP95: 60 };
const TEMPLATES = 20;
const editsAt = process.argv.indexOf('--edits');
const edits = editsAt > 0 ? Number(process.argv[editsAt + 1]) : 60;

const helm = testHelm();
if (!helm) {
  console.log('helm bench skipped: no helm (run `node tools/fetch-helm.mjs`, set KUBESIM_HELM or put helm on the PATH)');
  process.exit(0);
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

// A chart as a team writes one: helpers, toYaml blocks, one Deployment and Service per component.
const HELPERS = `{{- define "bench.labels" -}}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}
`;

function template(index) {
  const name = `component-${index}`;
  const kind = index % 2 === 0 ? 'deployment' : 'service';
  if (kind === 'service')
    return `apiVersion: v1
kind: Service
metadata:
  name: {{ .Release.Name }}-${name}
  labels:
    {{- include "bench.labels" . | nindent 4 }}
spec:
  selector:
    app: ${name}
  ports:
    - name: http
      port: {{ .Values.service.port }}
      targetPort: http
`;
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-${name}
  labels:
    {{- include "bench.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: app
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          ports:
            - name: http
              containerPort: 8080
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
`;
}

// Each edit writes another replica count: a negative one is an error whose message names it, so the findings of
// one rendering tell which text helm rendered.
const values = (replicas) => `replicaCount: ${replicas}
image:
  repository: ghcr.io/example/app
  tag: "1.0.0"
service:
  port: 80
resources:
  requests:
    cpu: 100m
    memory: 64Mi
`;

const workspace = mkdtempSync(join(tmpdir(), 'kubesim-helm-bench-'));
const chart = join(workspace, 'app');
mkdirSync(join(chart, 'templates'), { recursive: true });
writeFileSync(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
writeFileSync(join(chart, 'values.yaml'), values('1.0.0'));
writeFileSync(join(chart, 'templates', '_helpers.tpl'), HELPERS);
for (let index = 0; index < TEMPLATES; index++) writeFileSync(join(chart, 'templates', `component-${index}.yaml`), template(index));

const server = await TestLanguageServer.start({ workspaceFolder: workspace, env: { KUBESIM_HELM: helm } });
try {
  const uri = pathToFileURL(join(chart, 'values.yaml')).href;
  await server.open(uri, values(2));
  // The rendering of a text: its findings on values.yaml name the replica count it had.
  const rendered = (replicas) =>
    server.nextDiagnostics(uri, (params) => params.diagnostics.some((item) => String(item.message).includes(`Invalid value: ${replicas}:`)));
  const first = rendered(-1);
  await server.change(uri, values(-1));
  await first;

  // Typing: each edit's diagnostics come back from the last rendering, moved with the text; helm runs later.
  const times = [];
  for (let edit = 0; edit < edits; edit++) {
    const start = performance.now();
    await server.change(uri, values(-2 - edit));
    times.push(performance.now() - start);
  }
  // Then the rendering of the last text: how long after the last keystroke its findings arrive.
  const last = -2 - edits;
  const settled = rendered(last);
  const start = performance.now();
  await server.change(uri, values(last));
  await settled;
  const renderMs = performance.now() - start;

  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`helm bench: a chart of ${TEMPLATES} templates, ${edits} edits of values.yaml, helm at ${helm}\n`);
  console.log('| measure | value | target |');
  console.log('|---|---:|---:|');
  console.log(`| edit → diagnostics p50 | ${p50.toFixed(1)} ms | ≤ ${TARGETS.editP50} ms ${p50 <= TARGETS.editP50 ? '✓' : '✗'} |`);
  console.log(`| edit → diagnostics p95 | ${p95.toFixed(1)} ms | ≤ ${TARGETS.editP95} ms ${p95 <= TARGETS.editP95 ? '✓' : '✗'} |`);
  console.log(`| last edit → the chart's rendered findings (400 ms debounce + helm + checks) | ${renderMs.toFixed(0)} ms | — |`);
} finally {
  await server.stop();
  rmSync(workspace, { recursive: true, force: true });
}
