// `nodes:` of a `.kubesim.yaml` (or the `kubesim.cluster.nodes` setting, or `--nodes N`): a count of kind
// workers beside a tainted control plane, or a list of nodes with their name, labels, taints and
// allocatable. A bad entry is a problem naming it; the rest of the list still declares its nodes.
import { quantityErrorOf, type NodeDeclaration, type NodesDeclaration, type NodeTaint } from '@kubesim/engine';

/** The node count a profile may declare: more is not a kind cluster a laptop runs, and the simulation budget is per workload. */
const MAX_NODE_COUNT = 100;
const EFFECTS: readonly NodeTaint['effect'][] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const NODE_KEYS = new Set(['name', 'labels', 'taints', 'allocatable', 'unschedulable']);
/** The node name rule (a DNS subdomain, as the API server's ValidateNodeName). */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const TAINT_TEXT = /^([^=:\s]+)(?:=([^:\s]*))?:(\S+)$/;

/** What `nodes:` declared and what was wrong in it. */
interface NodesReading {
  nodes?: NodesDeclaration;
  problems: string[];
}

/** A taint as `kubectl taint` writes it (`key=value:Effect`, `key:Effect`) or as an object `{key, value, effect}`. */
function readTaint(value: unknown, where: string, problems: string[]): NodeTaint | undefined {
  let key: unknown;
  let taintValue: unknown;
  let effect: unknown;
  if (typeof value === 'string') {
    const match = TAINT_TEXT.exec(value.trim());
    if (!match) {
      problems.push(`${where}: taint ${JSON.stringify(value)} must be key=value:Effect or key:Effect`);
      return undefined;
    }
    [, key, taintValue, effect] = match;
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    ({ key, value: taintValue, effect } = value as Record<string, unknown>);
  } else {
    problems.push(`${where}: taint ${JSON.stringify(value)} must be key=value:Effect or a map with key, value and effect`);
    return undefined;
  }
  if (typeof key !== 'string' || key === '') {
    problems.push(`${where}: a taint needs a key`);
    return undefined;
  }
  if (!EFFECTS.includes(effect as NodeTaint['effect'])) {
    problems.push(`${where}: taint ${key} has effect ${JSON.stringify(effect ?? '')}; it must be one of ${EFFECTS.join(', ')}`);
    return undefined;
  }
  const text = taintValue === undefined || taintValue === null || taintValue === '' ? undefined : String(taintValue);
  return { key, ...(text === undefined ? {} : { value: text }), effect: effect as NodeTaint['effect'] };
}

function readStringMap(value: unknown, what: string, where: string, problems: string[]): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${where}: ${what} must be a map`);
    return undefined;
  }
  const map: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === null || typeof item === 'object') problems.push(`${where}: ${what}.${key} must be a string`);
    else map[key] = String(item);
  }
  return map;
}

function readAllocatable(value: unknown, where: string, problems: string[]): Record<string, string> | undefined {
  const map = readStringMap(value, 'allocatable', where, problems);
  if (!map) return undefined;
  for (const [resource, text] of Object.entries(map)) {
    const error = quantityErrorOf(text);
    if (error === undefined) continue;
    problems.push(`${where}: allocatable.${resource} ${JSON.stringify(text)}: ${error}`);
    delete map[resource];
  }
  return map;
}

function readNode(value: unknown, where: string, problems: string[]): NodeDeclaration | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${where}: a node must be a map with name, labels, taints, allocatable or unschedulable`);
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!NODE_KEYS.has(key)) problems.push(`${where}: unknown node key ${JSON.stringify(key)}`);
  const node: { -readonly [K in keyof NodeDeclaration]: NodeDeclaration[K] } = {};
  if (fields.name !== undefined && fields.name !== null) {
    const name = String(fields.name);
    if (DNS_SUBDOMAIN.test(name) && name.length <= 253) node.name = name;
    else problems.push(`${where}: node name ${JSON.stringify(name)} must be a lowercase DNS subdomain`);
  }
  const labels = readStringMap(fields.labels, 'labels', where, problems);
  if (labels) node.labels = labels;
  if (fields.taints !== undefined && fields.taints !== null) {
    if (Array.isArray(fields.taints)) node.taints = fields.taints.flatMap((taint) => readTaint(taint, where, problems) ?? []);
    else problems.push(`${where}: taints must be a list`);
  }
  const allocatable = readAllocatable(fields.allocatable, where, problems);
  if (allocatable) node.allocatable = allocatable;
  if (fields.unschedulable !== undefined && fields.unschedulable !== null) {
    if (typeof fields.unschedulable === 'boolean') node.unschedulable = fields.unschedulable;
    else problems.push(`${where}: unschedulable must be true or false`);
  }
  return node;
}

/** Reads `nodes:` (a count, numeric text from a flag, or a list of nodes). */
export function readNodesDeclaration(value: unknown, where: string): NodesReading {
  const problems: string[] = [];
  const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof count === 'number') {
    if (Number.isInteger(count) && count >= 0 && count <= MAX_NODE_COUNT) return { nodes: count, problems };
    return { problems: [`${where}: nodes ${JSON.stringify(value)} must be a count of worker nodes from 0 to ${MAX_NODE_COUNT}, or a list of nodes`] };
  }
  if (!Array.isArray(value)) return { problems: [`${where}: nodes must be a count of worker nodes or a list of nodes`] };
  if (value.length === 0 || value.length > MAX_NODE_COUNT) return { problems: [`${where}: nodes must list from 1 to ${MAX_NODE_COUNT} nodes`] };
  const nodes = value.flatMap((item, index) => readNode(item, `${where}: nodes[${index}]`, problems) ?? []);
  const names = new Set<string>();
  nodes.forEach((node, index) => {
    const name = node.name ?? '';
    if (name !== '' && names.has(name)) problems.push(`${where}: nodes[${index}]: node name ${JSON.stringify(name)} is listed twice`);
    names.add(name);
  });
  return nodes.length > 0 ? { nodes, problems } : { problems };
}
