// Compares two V8 heap snapshots (e.g. the server after 100 and after 300 edits, written by
// tools/lsp-soak.mjs --snapshot-dir): which constructors grew, by count and bytes, and for the ones that
// grew most, a retainer path from a GC root to an object that exists only in the later snapshot, which is
// usually enough to name the cache or list that keeps old versions alive.
//
// Usage: node tools/heap-diff.mjs BEFORE.heapsnapshot AFTER.heapsnapshot [--top 15] [--paths 5]
import { readFileSync } from 'node:fs';

function load(path) {
  const snapshot = JSON.parse(readFileSync(path, 'utf8'));
  const { meta } = snapshot.snapshot;
  const nodeFieldCount = meta.node_fields.length;
  const edgeFieldCount = meta.edge_fields.length;
  const field = (name) => meta.node_fields.indexOf(name);
  const [typeField, nameField, idField, sizeField, edgeCountField] = ['type', 'name', 'id', 'self_size', 'edge_count'].map(field);
  const nodeTypes = meta.node_types[typeField];
  const edgeTypes = meta.edge_types[meta.edge_fields.indexOf('type')];
  const { nodes, edges, strings } = snapshot;
  const count = nodes.length / nodeFieldCount;
  const firstEdge = new Uint32Array(count + 1);
  for (let node = 0, edge = 0; node < count; node++) {
    firstEdge[node] = edge;
    edge += nodes[node * nodeFieldCount + edgeCountField] * edgeFieldCount;
  }
  firstEdge[count] = edges.length;
  const retainers = Array.from({ length: count }, () => []);
  for (let node = 0; node < count; node++) {
    for (let edge = firstEdge[node]; edge < firstEdge[node + 1]; edge += edgeFieldCount) {
      const type = edgeTypes[edges[edge]];
      if (type === 'weak' || type === 'shortcut') continue;
      retainers[edges[edge + 2] / nodeFieldCount].push({ from: node, type, name: edges[edge + 1] });
    }
  }
  const label = (node) => {
    const type = nodeTypes[nodes[node * nodeFieldCount + typeField]];
    const name = strings[nodes[node * nodeFieldCount + nameField]];
    return type === 'object' || type === 'native' ? name : `(${type}) ${type === 'string' ? '' : name.slice(0, 40)}`;
  };
  return {
    count,
    id: (node) => nodes[node * nodeFieldCount + idField],
    size: (node) => nodes[node * nodeFieldCount + sizeField],
    label,
    retainers,
    edgeName: (edge) => (edge.type === 'element' || edge.type === 'hidden' ? `[${edge.name}]` : strings[edge.name]),
  };
}

function totals(heap) {
  const byLabel = new Map();
  for (let node = 0; node < heap.count; node++) {
    const label = heap.label(node);
    const entry = byLabel.get(label) ?? { count: 0, bytes: 0, nodes: [] };
    entry.count++;
    entry.bytes += heap.size(node);
    entry.nodes.push(node);
    byLabel.set(label, entry);
  }
  return byLabel;
}

// Breadth-first from the object towards the roots along retainer edges; prints the shortest path found.
function retainerPath(heap, start) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (heap.retainers[node].length === 0 || heap.label(node).startsWith('(synthetic)')) {
      const path = [];
      for (let at = node; at !== undefined; at = previous.get(at)?.to) {
        const step = previous.get(at);
        path.push(step ? `${heap.label(at)} .${heap.edgeName(step.edge)}` : heap.label(at));
      }
      return path.join('\n    -> ');
    }
    for (const edge of heap.retainers[node]) {
      if (previous.has(edge.from)) continue;
      previous.set(edge.from, { to: node, edge });
      queue.push(edge.from);
    }
  }
  return '(no path to a root)';
}

const [beforePath, afterPath] = process.argv.slice(2).filter((arg) => !arg.startsWith('--') && !/^\d+$/.test(arg));
const option = (name, fallback) => Number(process.argv[process.argv.indexOf(`--${name}`) + 1] || fallback);
const top = process.argv.includes('--top') ? option('top', 15) : 15;
const paths = process.argv.includes('--paths') ? option('paths', 5) : 5;
const before = load(beforePath);
const after = load(afterPath);
const beforeIds = new Set(Array.from({ length: before.count }, (_, node) => before.id(node)));
const beforeTotals = totals(before);
const grown = [...totals(after)]
  .map(([label, entry]) => ({
    label,
    ...entry,
    countDelta: entry.count - (beforeTotals.get(label)?.count ?? 0),
    bytesDelta: entry.bytes - (beforeTotals.get(label)?.bytes ?? 0),
  }))
  .sort((a, b) => b.bytesDelta - a.bytesDelta)
  .slice(0, top);
console.log('bytes delta  count delta  constructor');
for (const entry of grown) console.log(`${String(entry.bytesDelta).padStart(11)}  ${String(entry.countDelta).padStart(11)}  ${entry.label}`);
for (const entry of grown.slice(0, paths)) {
  const fresh = entry.nodes.find((node) => !beforeIds.has(after.id(node)));
  if (fresh === undefined) continue;
  console.log(`\n${entry.label}: a new one is retained by\n    ${retainerPath(after, fresh)}`);
}
