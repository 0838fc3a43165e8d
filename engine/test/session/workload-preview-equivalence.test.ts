// The DaemonSet and CronJob previews, and sessions driving the same controllers, recorded whole (every frame, name,
// run, event and the final state) for a table of inputs: the bench inputs (tools/bench/engine-daemonset.mjs,
// engine-cronjob.mjs) and the fixtures of the preview and session tests. A speed change to the controllers, the
// cluster or the preview must leave every recorded output identical. Small outputs are kept whole in the golden file;
// the large ones (a 100-node update, a day of runs) as a SHA-256 of their JSON with a few readable counts beside it.
// `UPDATE_GOLDEN=1` rewrites the file: only for a change meant to alter what the previews show, reviewed like code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  clusterSpecOf,
  defaultClusterSpec,
  previewCronJob,
  previewDaemonSet,
  runSession,
  type ClusterSpec,
  type KubernetesObject,
  type NodesDeclaration,
} from '@kubesim/engine';
import { repoPath } from '../../../test/support/paths';

const GOLDEN = repoPath('engine', 'test', 'fixtures', 'workload-previews', 'golden.json');
/** Above this many characters of JSON an output is kept as its digest. */
const WHOLE_LIMIT = 20_000;

function daemonSet(image: string, strategy: Record<string, unknown>, specExtra: Record<string, unknown>, podExtra: Record<string, unknown>): KubernetesObject {
  const labels = { name: 'agent' };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'kube-system' },
    spec: {
      selector: { matchLabels: labels },
      updateStrategy: strategy,
      ...specExtra,
      template: { metadata: { labels }, spec: { containers: [{ name: 'agent', image }], ...podExtra } },
    },
  } as unknown as KubernetesObject;
}

interface DaemonSetOptions {
  base?: boolean;
  spec?: Record<string, unknown>;
  podSpec?: Record<string, unknown>;
}

function daemonSetCase(nodes: NodesDeclaration | undefined, strategy: Record<string, unknown>, options: DaemonSetOptions = {}) {
  return () => {
    const cluster = nodes === undefined ? defaultClusterSpec('1.36') : clusterSpecOf('1.36', { nodes });
    const manifest = (image: string) => daemonSet(image, strategy, options.spec ?? {}, options.podSpec ?? {});
    const input: Parameters<typeof previewDaemonSet>[0] = { newManifest: manifest('agent:2'), cluster };
    if (options.base !== false) input.oldManifest = manifest('agent:1');
    return previewDaemonSet(input);
  };
}

function cronJobCase(spec: Record<string, unknown>, from: string, runSeconds: number, runs: number, namespace?: string) {
  return () =>
    previewCronJob({
      manifest: {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: namespace ? { name: 'report', namespace } : { name: 'report' },
        spec: { ...spec, jobTemplate: { spec: { template: { spec: { containers: [{ name: 'a', image: 'busybox' }], restartPolicy: 'Never' } } } } },
      } as unknown as KubernetesObject,
      cluster: defaultClusterSpec('1.36'),
      fromEpochMs: Date.parse(from),
      runSeconds,
      runs,
    });
}

function sessionCase(file: string, cluster: ClusterSpec, text?: string) {
  return () => {
    const path = repoPath('examples', 'sessions', file);
    return runSession({
      text: text ?? readFileSync(path, 'utf8'),
      cluster,
      readManifest: (name) => parseAllDocuments(readFileSync(resolve(dirname(path), name), 'utf8')).map((document) => document.toJS() as KubernetesObject),
    });
  };
}

const labelledNodes: NodesDeclaration = [
  { name: 'edge-1', labels: { tier: 'edge' } },
  { name: 'edge-2', labels: { tier: 'edge' }, taints: [{ key: 'dedicated', value: 'edge', effect: 'NoSchedule' }] },
  { name: 'core-1', labels: { tier: 'core' } },
  { name: 'core-2', labels: { tier: 'core' }, unschedulable: true },
  { name: 'edge-3', labels: { tier: 'edge' } },
];

const CASES: Record<string, () => unknown> = {
  'ds bench 100 nodes maxUnavailable 1': daemonSetCase(100, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } }),
  'ds bench 100 nodes maxSurge 10%': daemonSetCase(100, { type: 'RollingUpdate', rollingUpdate: { maxSurge: '10%', maxUnavailable: 0 } }),
  'ds 100 nodes maxUnavailable 10%': daemonSetCase(100, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%' } }),
  'ds 4 nodes mu1 ms0': daemonSetCase(4, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }),
  'ds 4 nodes mu0 ms1': daemonSetCase(4, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } }),
  'ds 4 nodes mu2 ms0': daemonSetCase(4, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2, maxSurge: 0 } }),
  'ds 4 nodes OnDelete': daemonSetCase(4, { type: 'OnDelete' }),
  'ds 4 nodes creation': daemonSetCase(4, { type: 'RollingUpdate' }, { base: false }),
  'ds single node default': daemonSetCase(undefined, { type: 'RollingUpdate' }),
  'ds 6 nodes minReadySeconds 10 surge 2': daemonSetCase(
    6,
    { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 2 } },
    { spec: { minReadySeconds: 10 } },
  ),
  'ds labelled nodes nodeSelector tier=edge': daemonSetCase(
    labelledNodes,
    { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
    {
      podSpec: { nodeSelector: { tier: 'edge' } },
    },
  ),
  'ds labelled nodes tolerating dedicated': daemonSetCase(
    labelledNodes,
    { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
    {
      podSpec: { tolerations: [{ key: 'dedicated', operator: 'Exists' }] },
    },
  ),
  'cj bench Allow': cronJobCase({ schedule: '*/5 * * * *', timeZone: 'Europe/Berlin', concurrencyPolicy: 'Allow' }, '2026-01-01T00:00:00Z', 360, 100),
  'cj bench Forbid': cronJobCase({ schedule: '*/5 * * * *', timeZone: 'Europe/Berlin', concurrencyPolicy: 'Forbid' }, '2026-01-01T00:00:00Z', 360, 100),
  'cj Replace 100 runs': cronJobCase({ schedule: '*/5 * * * *', timeZone: 'Europe/Berlin', concurrencyPolicy: 'Replace' }, '2026-01-01T00:00:00Z', 360, 100),
  'cj history limits 1 and 0, 100 runs': cronJobCase(
    { schedule: '*/2 * * * *', successfulJobsHistoryLimit: 1, failedJobsHistoryLimit: 0 },
    '2026-03-29T00:30:00Z',
    30,
    100,
    'batch',
  ),
  'cj New York 9:00': cronJobCase({ schedule: '0 9 * * *', timeZone: 'America/New_York' }, '2026-03-07T13:05:00Z', 5, 3),
  'cj hourly UTC': cronJobCase({ schedule: '@hourly' }, '2026-03-07T13:05:00Z', 5, 2),
  'cj every minute Allow 90s': cronJobCase({ schedule: '*/1 * * * *', concurrencyPolicy: 'Allow' }, '2026-03-07T13:05:10Z', 90, 4),
  'cj every minute Forbid 90s': cronJobCase({ schedule: '*/1 * * * *', concurrencyPolicy: 'Forbid' }, '2026-03-07T13:05:10Z', 90, 6),
  'cj every minute Replace 90s': cronJobCase({ schedule: '*/1 * * * *', concurrencyPolicy: 'Replace' }, '2026-03-07T13:05:10Z', 90, 3),
  'cj suspended': cronJobCase({ schedule: '*/5 * * * *', suspend: true }, '2026-03-07T13:05:10Z', 5, 3),
  'session daemonset-rolling single node': sessionCase('daemonset-rolling.session', defaultClusterSpec('1.36')),
  'session daemonset-rolling 3 nodes': sessionCase('daemonset-rolling.session', clusterSpecOf('1.36', { nodes: 3 })),
  'session daemonset-rolling 30 nodes': sessionCase('daemonset-rolling.session', clusterSpecOf('1.36', { nodes: 30 })),
  'session cronjob': sessionCase('cronjob.session', defaultClusterSpec('1.36')),
  'session cronjob a day': sessionCase(
    'cronjob.session',
    defaultClusterSpec('1.36'),
    'kubectl apply -f hello-cronjob.yaml\nkubesim advance 24h\nkubectl get cronjobs\nkubectl get jobs\nkubectl get pods',
  ),
  'session failing-job': sessionCase('failing-job.session', defaultClusterSpec('1.36')),
};

interface Recorded {
  whole?: unknown;
  sha256?: string;
  characters?: number;
}

function record(output: unknown): Recorded {
  const json = JSON.stringify(output);
  if (json.length <= WHOLE_LIMIT) return { whole: output };
  return { sha256: createHash('sha256').update(json).digest('hex'), characters: json.length };
}

const outputs = Object.entries(CASES).map(([name, run]) => [name, run()] as const);
const recorded = Object.fromEntries(outputs.map(([name, output]) => [name, record(output)]));

if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(recorded, null, 1)}\n`);
// WORKLOAD_PREVIEW_DUMP=<folder> writes every output whole, one file per case, to diff two versions of the engine.
const dump = process.env.WORKLOAD_PREVIEW_DUMP;
if (dump)
  for (const [name, output] of outputs) writeFileSync(join(dump, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.json`), `${JSON.stringify(output, null, 1)}\n`);
const golden = (existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, 'utf8')) : {}) as Record<string, Recorded>;

test('the golden file lists exactly the cases of the table', () => {
  assert.ok(existsSync(GOLDEN), `${GOLDEN} is missing: run once with UPDATE_GOLDEN=1 and review it`);
  assert.deepEqual(Object.keys(golden).sort(), Object.keys(CASES).sort());
});

for (const name of Object.keys(CASES)) {
  test(`${name}: the output is identical to the recorded one`, () => {
    assert.deepEqual(recorded[name], golden[name]);
  });
}
