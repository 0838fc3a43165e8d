// Preloaded into the language server by tools/lsp-soak.mjs (node --require, with --expose-gc): on
// SIGUSR2 it collects garbage and writes the process's memory (and, if asked, a heap snapshot) to the
// file named by KUBESIM_SOAK_PROBE, so the soak reads live memory without a request in the protocol.
'use strict';
const { writeFileSync, renameSync } = require('node:fs');
const v8 = require('node:v8');

const out = process.env.KUBESIM_SOAK_PROBE;
if (out) {
  let count = 0;
  process.on('SIGUSR2', () => {
    count++;
    const before = process.memoryUsage();
    if (typeof global.gc === 'function') global.gc();
    const after = process.memoryUsage();
    const snapshot = process.env.KUBESIM_SOAK_SNAPSHOTS
      ? v8.writeHeapSnapshot(`${process.env.KUBESIM_SOAK_SNAPSHOTS}/server-${count}.heapsnapshot`)
      : undefined;
    const mb = (bytes) => Math.round(bytes / 104857.6) / 10;
    const report = { count, rssMB: mb(before.rss), rssAfterGcMB: mb(after.rss), heapUsedMB: mb(after.heapUsed), externalMB: mb(after.external), snapshot };
    writeFileSync(`${out}.tmp`, JSON.stringify(report));
    renameSync(`${out}.tmp`, out);
  });
}
