// Hovers on Service fields: type and what it means, ports resolved to container ports, node ports,
// selector and what it selects, cluster IP, traffic policies.
import type { ClusterSpec } from '@kubesim/engine';
import { API_REFERENCE, computeServiceFacts, type ServiceFacts, type ServicePortFact, type ManifestObject, type PathSegment } from '@kubesim/analysis';
import { footer, showDefaulted } from './hover-markdown';

const TYPE_MEANING: Record<string, string> = {
  ClusterIP: 'a virtual IP reachable only inside the cluster; kube-proxy spreads connections over the ready pods.',
  NodePort: 'a ClusterIP Service, plus each port opened on every node (`nodePort`).',
  LoadBalancer: "a NodePort Service, plus an external load balancer made by the cloud provider's controller (without one, EXTERNAL-IP stays `<pending>`).",
  ExternalName: 'only a DNS CNAME to `externalName`: no cluster IP, no proxying, no endpoints; a selector is ignored.',
};

const POLICY_MEANING: Record<string, Record<string, string>> = {
  sessionAffinity: {
    None: 'each connection may go to any ready pod.',
    ClientIP: 'connections from one client IP stick to one pod (for `sessionAffinityConfig.clientIP.timeoutSeconds`, default 10800).',
  },
  externalTrafficPolicy: {
    Cluster: 'traffic from outside may be forwarded to pods on other nodes (the client IP is replaced by the node).',
    Local: 'traffic from outside only goes to pods on the node it arrived at (the client IP is kept; nodes without a ready pod drop it).',
  },
  internalTrafficPolicy: {
    Cluster: 'traffic from pods goes to any ready pod of the Service.',
    Local: 'traffic from pods only goes to pods of the Service on the same node (none there: dropped).',
  },
};

/** The hover for `path` in a Service, or undefined where there is nothing to add. */
export function describeServicePath(
  service: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  const facts = computeServiceFacts(service, candidates, cluster);
  const reference = footer('ServiceSpec', API_REFERENCE.serviceSpec, cluster);
  const [spec, field, index, portField] = path;
  if (spec !== 'spec' || field === undefined) return [describeService(facts), '', reference].join('\n');
  switch (field) {
    case 'type':
      return [describeType(facts), '', reference].join('\n');
    case 'ports': {
      const ports = typeof index === 'number' && facts.ports[index] ? [facts.ports[index]] : facts.ports;
      const lines = ports.flatMap((port) => {
        const { head, details } = describePort(port, facts, portField === 'nodePort');
        return [head, '', ...details.map((detail) => `- ${detail}`), ''];
      });
      return [...(lines.length > 0 ? lines : ['No ports: the Service forwards nothing.', '']), reference].join('\n');
    }
    case 'selector':
      return [describeSelection(facts), '', reference].join('\n');
    case 'clusterIP':
    case 'clusterIPs':
      return [describeClusterIp(facts), '', reference].join('\n');
    case 'sessionAffinity':
    case 'sessionAffinityConfig':
    case 'externalTrafficPolicy':
    case 'internalTrafficPolicy': {
      const name = field === 'sessionAffinityConfig' ? 'sessionAffinity' : field;
      const policy = facts.policies[name];
      if (!policy) return [`\`${name}\` does not apply to a Service of type \`${facts.type.value}\`.`, '', reference].join('\n');
      return [`${name} ${showDefaulted(policy)}: ${POLICY_MEANING[name]?.[policy.value] ?? 'not a value the API server accepts.'}`, '', reference].join('\n');
    }
    case 'externalName':
      return [`\`${facts.dnsName}\` is a CNAME for \`${facts.externalName ?? ''}\`.`, '', describeType(facts), '', reference].join('\n');
    case 'publishNotReadyAddresses':
      return ['`publishNotReadyAddresses: true` lists pods as endpoints before they are ready (and DNS returns them).', '', reference].join('\n');
    default:
      return [describeService(facts), '', reference].join('\n');
  }
}

function describeService(facts: ServiceFacts): string {
  const lines = [`**Service** \`${facts.name}\` in namespace \`${facts.namespace}\`, type ${showDefaulted(facts.type)}`, '', `- DNS name \`${facts.dnsName}\``];
  if (facts.type.value !== 'ExternalName') lines.push(`- ${describeClusterIp(facts)}`);
  lines.push(`- ${describeSelection(facts)}`);
  for (const port of facts.ports) {
    const { head, details } = describePort(port, facts, false);
    lines.push(`- ${head}`, ...details.map((detail) => `  - ${detail}`));
  }
  return lines.join('\n');
}

function describeType(facts: ServiceFacts): string {
  const meaning = TYPE_MEANING[facts.type.value] ?? 'not a type the API server accepts.';
  return `type ${showDefaulted(facts.type)}: ${meaning}`;
}

function describeClusterIp(facts: ServiceFacts): string {
  if (facts.type.value === 'ExternalName') return 'An ExternalName Service has no cluster IP.';
  if (facts.clusterIP === 'None') return 'Headless (`clusterIP: None`): no virtual IP; DNS answers with the IPs of the ready pods.';
  if (facts.clusterIP) return `Cluster IP \`${facts.clusterIP}\` (requested; it must lie in the cluster's service CIDR and be free).`;
  return 'Cluster IP allocated by the API server from the service CIDR when the Service is created.';
}

function describeSelection(facts: ServiceFacts): string {
  const entries = Object.entries(facts.selector);
  if (facts.type.value === 'ExternalName') return 'An ExternalName Service selects no pods.';
  if (entries.length === 0) return 'No selector: the Service has no automatic endpoints (EndpointSlices are written by hand).';
  const selector = entries.map(([key, value]) => `\`${key}=${value}\``).join(', ');
  if (facts.selected.length === 0) return `Selector ${selector}: no workload found whose pods it picks.`;
  return `Selector ${selector} selects the pods of ${facts.selected.map((name) => `\`${name}\``).join(', ')}.`;
}

function describePort(port: ServicePortFact, facts: ServiceFacts, aboutNodePort: boolean): { head: string; details: string[] } {
  const head = `Port \`${port.port}/${port.protocol.value}\`${port.name ? ` (\`${port.name}\`)` : ''}, targetPort \`${port.targetPort.value}\`${
    port.targetPort.isDefault ? ' (default: the port)' : ''
  }`;
  const details: string[] = [];
  const nodePort = port.nodePort
    ? `node port \`${port.nodePort}\` on every node`
    : port.nodePortAllocated
      ? `node port allocated by the API server from ${facts.nodePortRange} when the Service is created`
      : aboutNodePort
        ? `no node port: type \`${facts.type.value}\` opens none`
        : '';
  if (nodePort) details.push(nodePort);
  if (facts.type.value === 'ExternalName') return { head, details };
  for (const target of port.targets) {
    if (target.containerPort === undefined) {
      details.push(
        `${target.workload}: no container port named \`${port.targetPort.value}\` (${port.protocol.value}): these pods get no endpoint for this port`,
      );
    } else {
      const declared = target.container ? ` (container \`${target.container}\`)` : ' (no container declares it; traffic goes there anyway)';
      details.push(`→ ${target.workload}: container port **${target.containerPort}**${declared}`);
    }
  }
  // Copies of one workload in several files give the same line: say it once.
  return { head, details: [...new Set(details)] };
}
