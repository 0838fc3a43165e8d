// Benchmark: a StatefulSet of N replicas created and then rolled to a new image (OrderedReady and
// Parallel), through the StatefulSet controller on the simulated cluster. Prints a markdown table.
// Usage: node tools/bench/engine-statefulset.mjs [replicas,...]   (default 100,1000). Every pass is
// O(replicas) and a rollout needs O(replicas) passes, so the cost grows with replicas squared:
// 10000 is expected to take about 100 times the 1000 row and is not in the default run.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// The controller and the cluster are engine internals (the index names only what other packages use).
const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'engine', 'src');
const engine = {
  ...require(join(out, 'cluster', 'cluster.js')),
  ...require(join(out, 'model', 'cluster-spec.js')),
  ...require(join(out, 'statefulset', 'stateful-set-controller.js')),
  ...require(join(out, 'statefulset', 'stateful-set-simulation.js')),
};

function makeSet(replicas, image, podManagementPolicy) {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      serviceName: 'nginx',
      podManagementPolicy,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  };
}

function run(replicas, podManagementPolicy) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const cluster = new engine.Cluster({ spec: engine.defaultClusterSpec('1.36') });
  const controller = new engine.StatefulSetController();
  cluster.registerController(controller);
  let passes = 0;
  const settle = () => {
    for (;;) {
      while (cluster.step().length > 0) {
        passes++;
        if (passes % 64 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
      // Skip the wake-ups no controller reads (pod scheduled, container started), as the drivers do.
      if (!cluster.advance(Number.POSITIVE_INFINITY, false)) return;
    }
  };
  engine.applyStatefulSet(cluster, makeSet(replicas, 'nginx:1.9.1', podManagementPolicy));
  settle();
  const created = performance.now();
  const cpuCreated = process.cpuUsage(cpuStart);
  engine.applyStatefulSet(cluster, makeSet(replicas, 'nginx:1.10', podManagementPolicy));
  settle();
  const finished = performance.now();
  const cpuFinished = process.cpuUsage(cpuStart);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const status = cluster.statefulSets.get('web').status;
  if (status.updatedReplicas !== replicas || status.currentRevision !== status.updateRevision)
    throw new Error(`rollout did not finish: ${JSON.stringify(status)}`);
  return {
    replicas,
    podManagementPolicy,
    createMs: created - started,
    rolloutMs: finished - created,
    createCpuMs: cpuCreated.user / 1000,
    rolloutCpuMs: (cpuFinished.user - cpuCreated.user) / 1000,
    passes,
    events: cluster.events.length,
    simulated: `${Math.round(cluster.now / 1000)} s`,
    heapPeakMb: ((heapPeak - heapBefore) / 1048576).toFixed(1),
  };
}

const sizes = process.argv[2] ? process.argv[2].split(',').map(Number) : [100, 1000];
console.log(
  '| replicas | policy | create (ms) | rollout (ms) | create CPU (ms) | rollout CPU (ms) | controller ' +
    'passes | events | simulated time | peak heap growth (MB) |',
);
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const replicas of sizes) {
  for (const policy of ['OrderedReady', 'Parallel']) {
    const row = run(replicas, policy);
    console.log(
      `| ${row.replicas} | ${row.podManagementPolicy} | ${row.createMs.toFixed(0)} | ${row.rolloutMs.toFixed(0)} ` +
        `| ${row.createCpuMs.toFixed(0)} | ${row.rolloutCpuMs.toFixed(0)} | ${row.passes} | ${row.events} ` +
        `| ${row.simulated} | ${row.heapPeakMb} |`,
    );
  }
}
