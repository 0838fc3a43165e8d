// The CPU a language server spends per edit, read from a V8 CPU profile of its main thread (`node --cpu-prof`):
// wall-clock latency on a loaded machine measures the machine, CPU time measures the server. The profile's busy
// samples (not idle) are grouped by edit: a group starts at a sample under the server's `validate` after 250 ms
// without one (lsp-bench waits 300 ms after each publish before the next edit); the first group is the open.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Per-edit CPU in ms ({ open, edits: sorted, p50, p95, sum }) from the largest profile in `dir` (the main thread). */
export function editCpuOf(dir, marker = 'validate') {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name));
  if (files.length === 0) throw new Error(`no CPU profile in ${dir}`);
  const main = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const profile = JSON.parse(readFileSync(main, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const under = new Map();
  const isUnder = (id) => {
    if (under.has(id)) return under.get(id);
    let current = id;
    let found = false;
    while (current !== undefined && !found) {
      found = nodes.get(current).callFrame.functionName === marker;
      current = parent.get(current);
    }
    under.set(id, found);
    return found;
  };
  const groups = [];
  let time = profile.startTime;
  let lastMarker = -Infinity;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index];
    time += delta;
    if (nodes.get(id).callFrame.functionName === '(idle)') return;
    if (isUnder(id)) {
      if (time - lastMarker > 250_000) groups.push(0);
      lastMarker = time;
    }
    if (groups.length > 0) groups[groups.length - 1] += delta;
  });
  const edits = groups
    .slice(1)
    .map((micros) => micros / 1000)
    .sort((a, b) => a - b);
  const at = (q) => (edits.length === 0 ? 0 : edits[Math.min(edits.length - 1, Math.floor(edits.length * q))]);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    open: round((groups[0] ?? 0) / 1000),
    count: edits.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    sum: round(edits.reduce((a, b) => a + b, 0)),
  };
}
