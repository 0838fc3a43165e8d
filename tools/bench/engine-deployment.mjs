// Benchmark: full rolling update of a Deployment in the simulated cluster (10 to 100,000 replicas),
// with maxSurge 1 / maxUnavailable 0 and 25% / 25%. Prints wall time, CPU time (the honest number on a
// shared machine), controller passes, events and peak heap as a table.
// Needs the compiled engine in out/ (`npm run build` or `npx tsc -b engine`).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const engine = require(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'engine', 'src', 'index.js'));

function manifest(replicas, image, maxSurge, maxUnavailable) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'bench' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'bench' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } },
      template: { metadata: { labels: { app: 'bench' } }, spec: { containers: [{ name: 'app', image }] } },
    },
  };
}

function run(replicas, maxSurge, maxUnavailable) {
  const cluster = engine.createDeploymentCluster({ spec: engine.defaultClusterSpec('1.36'), seed: 1 });
  const done = () => engine.rolloutStatusMessage(cluster.deployments.get('bench')).done;
  engine.applyDeployment(cluster, manifest(replicas, 'app:1', maxSurge, maxUnavailable), { mode: 'apply' });
  engine.runUntil(cluster, done, 365 * 24 * 3_600_000);
  const eventsBefore = cluster.events.length;
  globalThis.gc?.();
  let peak = process.memoryUsage().heapUsed;
  let passes = 0;
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  engine.applyDeployment(cluster, manifest(replicas, 'app:2', maxSurge, maxUnavailable), { mode: 'apply' });
  const complete = engine.runUntil(cluster, done, 365 * 24 * 3_600_000, () => {
    passes++;
    if (passes % 4096 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { complete, seconds, cpuSeconds, passes, events: cluster.events.length - eventsBefore, simulated: cluster.now / 1000, peakMb: peak / 1048576 };
}

const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [10, 1000, 10000, 100000];
console.log('| replicas | maxSurge / maxUnavailable | time (s) | CPU (s) | controller passes | events | simulated time (s) | peak heap (MB) | completed |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---|');
for (const replicas of sizes) {
  for (const [surge, unavailable] of [
    [1, 0],
    ['25%', '25%'],
  ]) {
    const result = run(replicas, surge, unavailable);
    console.log(
      `| ${replicas.toLocaleString('en-US')} | ${surge} / ${unavailable} | ${result.seconds.toFixed(2)} ` +
        `| ${result.cpuSeconds.toFixed(2)} | ${result.passes} | ${result.events} | ${result.simulated.toFixed(0)} ` +
        `| ${result.peakMb.toFixed(0)} | ${result.complete ? 'yes' : 'no'} |`,
    );
  }
}
