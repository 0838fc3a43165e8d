// Renders container facts for hovers: the image the kubelet pulls and when, ports, resources, probes.
import type { ClusterSpec } from '@kubesim/engine';
import {
  computeContainerEnvironment,
  computeContainerFacts,
  type ContainerFacts,
  type ProbeFact,
  type Defaulted,
  servicePortsReaching,
  type ManifestObject,
  type PathSegment,
} from '@kubesim/analysis';
import { describeContainerEnvironment } from './hover-environment';
import { showDefaulted } from './hover-markdown';

const PULL_POLICY_MEANING: Record<string, string> = {
  Always: 'the kubelet asks the registry every time it starts the container (layers already on the node are not downloaded again)',
  IfNotPresent: 'pulled only when the node does not have the image yet',
  Never: 'never pulled: the image must already be on the node, else the container waits with `ErrImageNeverPull`',
};

/** The image hover: registry, repository, tag or digest, what the runtime pulls, and the pull policy. */
function describeImage(facts: ContainerFacts): string {
  if (facts.image === '') return `Container \`${facts.name}\` has no image.`;
  const reference = facts.reference;
  if (!reference.valid) {
    return [
      `**Image** \`${facts.image}\` is not a valid image reference (${reference.error}).`,
      '',
      'The kubelet cannot pull it: the container stays Waiting with reason `InvalidImageName`.',
    ].join('\n');
  }
  const version = reference.digest
    ? `digest \`${reference.digest}\`${reference.tag ? ` (tag \`${reference.tag}\` ignored: the runtime pulls by digest)` : ''}`
    : reference.tag
      ? `tag \`${reference.tag}\``
      : 'no tag, so `latest`';
  const pullPolicyMeaning = PULL_POLICY_MEANING[facts.imagePullPolicy.value] ?? 'not a pull policy the API server accepts';
  const lines = [
    `**Image** \`${facts.image}\``,
    '',
    `- Registry \`${reference.domain}\`${registryNote(facts.image, reference.domain)}, ` + `repository \`${reference.path}\`, ${version}`,
    `- The kubelet asks the container runtime for \`${reference.requested}\`, which pulls \`${reference.pulled}\`.`,
    `- imagePullPolicy ${showDefaulted(facts.imagePullPolicy)}: ${pullPolicyMeaning}.`,
  ];
  if (facts.imagePullPolicy.isDefault) {
    lines.push('', 'Default rule: tag `latest` or no tag and no digest → `Always`; any other tag, or a digest alone → `IfNotPresent`.');
  }
  return lines.join('\n');
}

// docker.io is the default registry; `index.docker.io`, its old name, reads as docker.io too.
function registryNote(image: string, domain: string): string {
  const first = image.includes('/') ? image.slice(0, image.indexOf('/')) : '';
  if (first === domain) return '';
  return first === 'index.docker.io' ? ' (`index.docker.io` is its old name)' : ' (the default)';
}

const PROBE_NAMES: Record<ProbeFact['kind'], string> = { startupProbe: 'Startup', readinessProbe: 'Readiness', livenessProbe: 'Liveness' };
const PROBE_FAILURE: Record<ProbeFact['kind'], string> = {
  startupProbe: 'the container is restarted (the other probes wait for this one to succeed)',
  readinessProbe: 'the pod is not ready: out of Service endpoints, not counted as available',
  livenessProbe: 'the container is restarted',
};

function seconds(field: Defaulted<number>): string {
  return `${field.value}s${field.isDefault ? ' (default)' : ''}`;
}

/** One line per probe: handler, timing after defaulting, and what failing means. */
export function describeProbe(probe: ProbeFact): string {
  const delay = probe.initialDelaySeconds > 0 ? `after ${probe.initialDelaySeconds}s, ` : '';
  return (
    `- ${PROBE_NAMES[probe.kind]}: \`${probe.handler}\` ${delay}every ${seconds(probe.periodSeconds)}, timeout ${seconds(probe.timeoutSeconds)}; ` +
    `${showDefaulted(probe.successThreshold)} success${probe.successThreshold.value === 1 ? '' : 'es'} to pass, ` +
    `${showDefaulted(probe.failureThreshold)} failures in a row: ${PROBE_FAILURE[probe.kind]}`
  );
}

function quantities(map: Record<string, string>): string {
  return Object.entries(map)
    .map(([name, quantity]) => `${name} \`${quantity}\``)
    .join(', ');
}

/** The resources line(s), with the pod-time default of requests from limits. */
export function describeResources(facts: ContainerFacts): string[] {
  const requests = Object.keys(facts.requests).length > 0 ? `requests ${quantities(facts.requests)}` : '';
  const limits = Object.keys(facts.limits).length > 0 ? `limits ${quantities(facts.limits)}` : '';
  if (!requests && !limits) return ['- Resources: no requests or limits (the scheduler reserves nothing for it)'];
  const lines = [`- Resources: ${[requests, limits].filter(Boolean).join('; ')}`];
  const copied = Object.keys(facts.limits).filter((name) => facts.requests[name] === undefined);
  if (copied.length > 0) {
    lines.push(`  (no request for ${copied.join(', ')}: the API server sets it to the limit when it creates each pod)`);
  }
  return lines;
}

/** The ports line: declared ports, or a note that declaring is informational. */
function describePorts(facts: ContainerFacts): string {
  if (facts.ports.length === 0) return '- Ports: none declared (declaring is informational: the container can listen on any port)';
  const ports = facts.ports.map((port) => `\`${port.containerPort}/${port.protocol.value}\`${port.name ? ` (\`${port.name}\`)` : ''}`);
  return `- Ports: ${ports.join(', ')}`;
}

/** The whole-container summary shown above its environment. */
function describeContainer(facts: ContainerFacts): string {
  const role = facts.list === 'containers' ? '' : facts.isSidecar ? ' (sidecar: an init container with restartPolicy Always)' : ' (init container)';
  const image = facts.reference.valid
    ? `\`${facts.image}\` → \`${facts.reference.pulled}\`, pull ${showDefaulted(facts.imagePullPolicy)}`
    : `\`${facts.image}\` (not a valid image reference: \`InvalidImageName\`)`;
  const probes = facts.probes.map(describeProbe);
  const missing = (['startupProbe', 'readinessProbe', 'livenessProbe'] as const).filter((kind) => !facts.probes.some((probe) => probe.kind === kind));
  // Plain init containers take no probes; app containers and sidecars do.
  if (missing.length > 0 && (facts.list === 'containers' || facts.isSidecar)) {
    const noReadiness = missing.includes('readinessProbe') ? ' (without a readiness probe it is ready as soon as it runs)' : '';
    const names = missing.map((kind) => PROBE_NAMES[kind].toLowerCase());
    probes.push(`- No ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]} probe${noReadiness}`);
  }
  return [`**Container** \`${facts.name}\`${role}`, '', `- Image ${image}`, describePorts(facts), ...describeResources(facts), ...probes].join('\n');
}

const SERVICE_ENV_DOCS = 'https://kubernetes.io/docs/concepts/services-networking/service/#environment-variables';
const CONTAINER_DOCS = 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container';
const PROBE_FIELDS = new Set(['startupProbe', 'readinessProbe', 'livenessProbe']);

/**
 * The hover for a path inside a container of a Deployment or StatefulSet template (`spec.template.spec.
 * containers[i]...`), or undefined elsewhere: the whole container with its environment, or the part
 * under the cursor (image, ports, resources, one probe, the environment).
 */
export function describeContainerPath(
  workload: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  const [spec, template, podSpec, list, index, field] = path;
  if (spec !== 'spec' || template !== 'template' || podSpec !== 'spec' || typeof index !== 'number') return undefined;
  if (list !== 'containers' && list !== 'initContainers') return undefined;
  const facts = computeContainerFacts(workload, list, index, cluster);
  if (!facts) return undefined;
  const environment = () => {
    const found = list === 'containers' ? computeContainerEnvironment(workload, index, candidates) : undefined;
    return found ? [describeContainerEnvironment(found), '', `[Service environment variables](${SERVICE_ENV_DOCS}) · Kubernetes ${cluster.version}`] : [];
  };
  const reference = `[Container API reference](${CONTAINER_DOCS}) · Kubernetes ${cluster.version}`;
  if (field === undefined || field === 'name') {
    const env = environment();
    return [describeContainer(facts), '', ...(env.length > 0 ? env : [reference])].join('\n');
  }
  if (field === 'env' || field === 'envFrom') {
    const env = environment();
    return env.length > 0 ? env.join('\n') : undefined;
  }
  if (field === 'image' || field === 'imagePullPolicy') return [describeImage(facts), '', reference].join('\n');
  if (field === 'ports') {
    const incoming = [
      ...new Set(
        servicePortsReaching(workload, facts.name, candidates, cluster).map(
          (entry) => `- Service \`${entry.service}\` port \`${entry.port}/${entry.protocol}\` → container port **${entry.containerPort}**`,
        ),
      ),
    ];
    const services = incoming.length > 0 ? incoming : ['No Service found whose ports reach this container.'];
    return [describePorts(facts).slice(2), '', ...services, '', reference].join('\n');
  }
  if (field === 'resources') return [...describeResources(facts).map((line) => line.replace(/^[- ] /, '')), '', reference].join('\n');
  if (typeof field === 'string' && PROBE_FIELDS.has(field)) {
    const probe = facts.probes.find((candidate) => candidate.kind === field);
    return probe ? [describeProbe(probe).slice(2), '', reference].join('\n') : undefined;
  }
  return undefined;
}
