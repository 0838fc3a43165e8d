// Benchmark: the language server (dist/server.js --stdio) on 1,000 documents of every common built-in
// kind (workloads, Jobs and CronJobs, DaemonSets, HPAs, PDBs, RBAC, NetworkPolicies, PVCs, quotas,
// classes, ...), each validated by its own rules, beside the same measure on the shared generator's
// file of five kinds (the row of lsp.mjs), so one run shows what validating every kind costs.
// Issue 28: the edit p95 with all kinds stays within 10% of the five-kind file's.
//
// Usage: node tools/bench/lsp-kinds.mjs [--quick] [--keep DIR]
//   --quick   fewer runs and edits (a smoke run, numbers are noisier)
//   --keep    write the generated files and raw JSON results to DIR instead of a temp folder
// Needs `npm run build` first and the shared tools (../shared or $KUBESIM_SHARED).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.KUBESIM_SHARED ?? join(root, '..', 'shared');
const tools = join(shared, 'tools');
const quick = process.argv.includes('--quick');
const keepIndex = process.argv.indexOf('--keep');
const server = join(root, 'dist', 'server.js');
const DOCS = 1000;

if (!existsSync(join(tools, 'lsp-bench.mjs'))) {
  console.log(`lsp-kinds bench skipped: shared tools not found at ${tools} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (!existsSync(server)) {
  console.error('dist/server.js is missing: run "npm run build" first');
  process.exit(1);
}

const work = keepIndex > 0 ? process.argv[keepIndex + 1] : mkdtempSync(join(tmpdir(), 'kubesim-lsp-kinds-'));
mkdirSync(work, { recursive: true });

function run(args, label) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return result.stdout;
}

const container = (name) => `      containers:
        - name: ${name}
          image: registry.example.com/${name}:1.0
          resources:
            requests:
              cpu: 100m
              memory: 128Mi`;

// One valid object per kind, named after the group `n`; the workloads of a group share `app: app-n`. The
// Deployment leaves `replicas` to its HPA, as upstream advises: the file gets no diagnostic at all.
const TEMPLATES = [
  (n) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-${n}
spec:
  selector:
    matchLabels:
      app: app-${n}
  template:
    metadata:
      labels:
        app: app-${n}
    spec:
${container(`app-${n}`)}`,
  (n) => `apiVersion: v1
kind: Service
metadata:
  name: app-${n}
spec:
  selector:
    app: app-${n}
  ports:
    - port: 80
      targetPort: 8080`,
  (n) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: app-${n}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: app-${n}
  minReplicas: 2
  maxReplicas: 6
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 70`,
  (n) => `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: app-${n}
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: app-${n}`,
  (n) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-${n}-config
data:
  LOG_LEVEL: info
  FEATURE_FLAGS: "a,b,c"`,
  (n) => `apiVersion: v1
kind: Secret
metadata:
  name: app-${n}-secret
type: Opaque
stringData:
  password: not-a-real-password-${n}`,
  (n) => `apiVersion: v1
kind: ServiceAccount
metadata:
  name: app-${n}`,
  (n) => `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: app-${n}-reader
rules:
  - apiGroups: [""]
    resources: ["configmaps", "secrets"]
    verbs: ["get", "list", "watch"]`,
  (n) => `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: app-${n}-reader
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: app-${n}-reader
subjects:
  - kind: ServiceAccount
    name: app-${n}`,
  (n) => `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: app-${n}
spec:
  podSelector:
    matchLabels:
      app: app-${n}
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector:
            matchLabels:
              app: app-${n}
      ports:
        - port: 8080`,
  (n) => `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate-${n}
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
${container(`migrate-${n}`)}`,
  (n) => `apiVersion: batch/v1
kind: CronJob
metadata:
  name: report-${n}
spec:
  schedule: "${n % 60} 3 * * *"
  timeZone: Europe/Paris
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
${container(`report-${n}`).replace(/^/gm, '    ')}`,
  (n) => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent-${n}
spec:
  selector:
    matchLabels:
      app: agent-${n}
  template:
    metadata:
      labels:
        app: agent-${n}
    spec:
${container(`agent-${n}`)}`,
  (n) => `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-${n}
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi`,
  (n) => `apiVersion: v1
kind: ResourceQuota
metadata:
  name: quota-${n}
spec:
  hard:
    requests.cpu: "4"
    limits.memory: 8Gi
    pods: "20"`,
  (n) => `apiVersion: v1
kind: LimitRange
metadata:
  name: limits-${n}
spec:
  limits:
    - type: Container
      default:
        cpu: 500m
      defaultRequest:
        cpu: 100m`,
  (n) => `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: app-${n}
spec:
  rules:
    - host: app-${n}.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: app-${n}
                port:
                  number: 80`,
  (n) => `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: priority-${n}
value: ${1000 + n}`,
  (n) => `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: fast-${n}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer`,
  (n) => `apiVersion: v1
kind: Pod
metadata:
  name: debug-${n}
spec:
${container(`debug-${n}`).replace(/^ {4}/gm, '')}`,
];

function generateAllKinds() {
  const folder = join(work, 'all-kinds');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `all-kinds-${DOCS}.yaml`);
  const documents = [];
  for (let index = 0; index < DOCS; index++) documents.push(TEMPLATES[index % TEMPLATES.length](Math.floor(index / TEMPLATES.length)));
  writeFileSync(file, `${documents.join('\n---\n')}\n`);
  return file;
}

// The five-kind file of lsp.mjs (the shared generator, seed 1, no injected errors), in its own folder.
function generateFiveKinds() {
  const folder = join(work, 'five-kinds');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `five-kinds-${DOCS}.yaml`);
  run([join(tools, 'gen-manifests.mjs'), '--docs', String(DOCS), '--seed', '1', '--out', file], 'gen-manifests');
  return file;
}

function measureServer(file, edits, runs) {
  const settings = join(work, 'settings.json');
  writeFileSync(settings, JSON.stringify({ kubesim: { kubernetesVersion: '1.36' } }));
  const out = join(work, `result-${file.split('/').pop()}.json`);
  const args = [join(tools, 'lsp-bench.mjs'), '--server', `${JSON.stringify(process.execPath)} ${JSON.stringify(server)} --stdio`];
  args.push('--file', file, '--settings', settings, '--edits', String(edits), '--runs', String(runs), '--json-out', out);
  if (keepIndex > 0) args.push('--dump-diagnostics', join(work, `diagnostics-${file.split('/').pop()}.json`));
  run(args, 'lsp-bench');
  return JSON.parse(readFileSync(out, 'utf8'));
}

try {
  const allKinds = generateAllKinds();
  const fiveKinds = generateFiveKinds();
  const edits = quick ? 10 : 50;
  const runs = quick ? 1 : 3;
  const five = measureServer(fiveKinds, edits, runs);
  const all = measureServer(allKinds, edits, runs);
  const ratio = all.editLatencyMs.p95 / five.editLatencyMs.p95;
  console.log(`${DOCS} documents each; ${TEMPLATES.length} kinds in the all-kinds file; Node ${process.version}${quick ? '; --quick' : ''}.\n`);
  console.log('| measure (1,000 docs) | five kinds (gen-manifests) | all kinds | target | met |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| edit → diagnostics p50 | ${five.editLatencyMs.p50} ms | ${all.editLatencyMs.p50} ms | | |`);
  const met = `${ratio <= 1.1 ? 'yes' : '**no**'} (${ratio.toFixed(2)} ×)`;
  console.log(`| edit → diagnostics p95 | ${five.editLatencyMs.p95} ms | ${all.editLatencyMs.p95} ms | all ≤ 1.10 × five | ${met} |`);
  console.log(`| open → diagnostics | ${five.openToDiagnosticsMs} ms | ${all.openToDiagnosticsMs} ms | | |`);
  console.log(`| diagnostics on open | ${five.diagnosticsCount} | ${all.diagnosticsCount} | | |`);
  console.log(`| server peak RSS | ${five.serverRssMB} MB | ${all.serverRssMB} MB | | |`);
} finally {
  if (keepIndex < 0) rmSync(work, { recursive: true, force: true });
}
