// The NodePorts plugin's Filter (pkg/scheduler/framework/plugins/nodeports/node_ports.go): a host port
// already taken on the node by the same protocol, on the same or the wildcard address, rejects the pod
// (HostPortInfo.CheckConflict, pkg/scheduler/framework/types.go).
import { isJsonObject } from '../model/json-value';
import type { JsonObject, JsonValue } from '../model/objects';
import type { PlacedPods } from './scheduling-snapshot';

interface HostPort {
  ip: string;
  protocol: string;
  port: number;
}

const WILDCARD = '0.0.0.0';

/** The host ports of the app containers and the restartable init containers, defaulted as HostPortInfo.Add does. */
function hostPortsOf(spec: JsonObject | undefined): HostPort[] {
  const containers: JsonValue[] = [
    ...(Array.isArray(spec?.containers) ? spec.containers : []),
    ...(Array.isArray(spec?.initContainers) ? spec.initContainers.filter((container) => isJsonObject(container) && container.restartPolicy === 'Always') : []),
  ];
  const ports: HostPort[] = [];
  for (const container of containers) {
    if (!isJsonObject(container) || !Array.isArray(container.ports)) continue;
    for (const port of container.ports) {
      if (!isJsonObject(port) || typeof port.hostPort !== 'number' || port.hostPort <= 0) continue;
      const ip = typeof port.hostIP === 'string' && port.hostIP !== '' ? port.hostIP : WILDCARD;
      ports.push({ ip, protocol: typeof port.protocol === 'string' && port.protocol !== '' ? port.protocol : 'TCP', port: port.hostPort });
    }
  }
  return ports;
}

function conflicts(a: HostPort, b: HostPort): boolean {
  return a.port === b.port && a.protocol === b.protocol && (a.ip === b.ip || a.ip === WILDCARD || b.ip === WILDCARD);
}

/** True when one of the pod's host ports is already in use on the node. */
export function hasHostPortConflict(spec: JsonObject | undefined, onNode: readonly PlacedPods[]): boolean {
  const wanted = hostPortsOf(spec);
  if (wanted.length === 0) return false;
  return onNode.some((group) => hostPortsOf(group.spec).some((used) => wanted.some((port) => conflicts(port, used))));
}
