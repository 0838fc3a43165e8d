// Benchmark: a CronJob's next 100 runs (robfig/cron's Next, UTC and a DST time zone, as `kubesim names`
// and the controller compute them), the preview's next 100 runs (previewCronJob: the CronJob and Job
// controllers run past each of them) and a simulated day of a CronJob running every minute (1,440 Jobs
// created, run and cleaned up by the CronJob, Job and TTL controllers). Prints wall and CPU time.
// Needs the compiled engine in out/ (`npm run build` or `npx tsc -b engine`).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const engine = require(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'engine', 'src', 'index.js'));

function time(label, repeat, body) {
  body();
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let result;
  for (let i = 0; i < repeat; i++) result = body();
  const wall = Number(process.hrtime.bigint() - started) / 1e6 / repeat;
  const cpu = process.cpuUsage(cpuStarted);
  console.log(`| ${label} | ${wall.toFixed(2)} ms | ${((cpu.user + cpu.system) / 1000 / repeat).toFixed(2)} ms | ${result} |`);
}

console.log('| case | wall (mean) | cpu (mean) | result |');
console.log('| --- | --- | --- | --- |');
const from = Date.parse('2026-01-01T00:00:00Z');
for (const [schedule, zone] of [
  ['*/5 * * * *', undefined],
  ['30 2 * * *', 'America/New_York'],
  ['0 9 * * 1-5', 'Europe/Berlin'],
  ['0 0 29 2 *', undefined],
]) {
  time(`next 100 runs of "${schedule}"${zone ? ` in ${zone}` : ''}`, 20, () => {
    const runs = engine.cronJobNextRuns('bench', schedule, zone, from, 100);
    return `${runs.length} runs, last ${runs.at(-1).scheduledTime}`;
  });
}

for (const policy of ['Allow', 'Forbid']) {
  const cronJob = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'report' },
    spec: {
      schedule: '*/5 * * * *',
      timeZone: 'Europe/Berlin',
      concurrencyPolicy: policy,
      jobTemplate: { spec: { template: { spec: { containers: [{ name: 'a', image: 'busybox' }], restartPolicy: 'Never' } } } },
    },
  };
  time(`preview of the next 100 runs of "*/5 * * * *" in Europe/Berlin, ${policy}, 6 min each (previewCronJob)`, 5, () => {
    const result = engine.previewCronJob({
      manifest: structuredClone(cronJob),
      cluster: engine.defaultClusterSpec('1.36'),
      fromEpochMs: from,
      runSeconds: 360,
      runs: 100,
    });
    const runs = result.preview.runs;
    return `${runs.length} runs, ${runs.filter((run) => run.fate === 'skipped').length} skipped`;
  });
}

const manifest = {
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'every' },
  spec: {
    schedule: '* * * * *',
    jobTemplate: { spec: { ttlSecondsAfterFinished: 600, template: { spec: { containers: [{ name: 'a', image: 'busybox' }], restartPolicy: 'Never' } } } },
  },
};
time('a day of a CronJob every minute (kubesim run)', 1, () => {
  const result = engine.runSession({
    text: 'kubectl apply -f cj.yaml\nkubesim advance 24h\nkubectl get cronjobs',
    cluster: engine.defaultClusterSpec('1.36'),
    readManifest: () => [structuredClone(manifest)],
  });
  return `${result.events.length} events`;
});
