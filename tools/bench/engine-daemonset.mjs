// Benchmark: a DaemonSet's RollingUpdate over 100 nodes as the preview plays it (previewDaemonSet: the old
// template settled on every node, then the DaemonSet controller's passes until every node runs the new one),
// with maxUnavailable 1 (one node at a time) and with maxSurge 10%, and its names over 100 nodes
// (daemonSetNames, as hovers and `kubesim names` compute them). Prints wall and CPU time.
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

const daemonSet = (image, rollingUpdate) => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'kube-system' },
  spec: {
    selector: { matchLabels: { name: 'agent' } },
    updateStrategy: { type: 'RollingUpdate', rollingUpdate },
    template: { metadata: { labels: { name: 'agent' } }, spec: { containers: [{ name: 'agent', image }] } },
  },
});

// 100 declared nodes: kind's tainted control plane and 100 workers (the DaemonSet runs on the workers).
const cluster = engine.clusterSpecOf('1.36', { nodes: 100 });
console.log('| case | wall (mean) | cpu (mean) | result |');
console.log('| --- | --- | --- | --- |');
for (const [label, rollingUpdate] of [
  ['maxUnavailable 1', { maxUnavailable: 1 }],
  ['maxSurge 10%, maxUnavailable 0', { maxSurge: '10%', maxUnavailable: 0 }],
]) {
  time(`100-node DaemonSet RollingUpdate, ${label} (previewDaemonSet)`, 3, () => {
    const result = engine.previewDaemonSet({ oldManifest: daemonSet('agent:1', rollingUpdate), newManifest: daemonSet('agent:2', rollingUpdate), cluster });
    return `${result.preview.frames.length} passes; ${result.preview.message}`;
  });
}
time('names of a DaemonSet over 100 nodes (daemonSetNames)', 20, () => {
  const names = engine.daemonSetNames(daemonSet('agent:2', { maxUnavailable: 1 }), cluster);
  return `${names.nodes.filter((node) => node.runs).length} nodes run ${names.podNamePrefix}…`;
});
