// What a container's environment will be, for the hover: the kubelet's Service variables for the
// Services of its namespace found in the workspace (the engine's serviceEnvVars / containerEnvironment),
// the container's own env, and the warnings the write-ups give (collisions, Services created later).
import { cloneJson, containerEnvironment, envVariableName, isJsonObject, servicesForEnvironment, type EnvVar, type Service } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { isService, namespaceOf } from './service-selection';

/** A container's environment as far as the manifests tell. */
export interface ContainerEnvironmentFacts {
  container: string;
  vars: EnvVar[];
  /** Variables whose value comes from somewhere the manifests do not show (ConfigMaps, Secrets, node). */
  unknown: string[];
  /** Container variables that shadow a Service variable of the same name. */
  collisions: { name: string; service: string }[];
  enableServiceLinks: boolean;
  /** Services of the namespace without a virtual IP (headless, ExternalName): they give no variables. */
  withoutVariables: string[];
}

/** The placeholder shown for a cluster IP the API server has yet to allocate. */
function clusterIpPlaceholder(serviceName: string): string {
  return `<cluster IP of ${serviceName}>`;
}

// The Services as the kubelet would see them: ones without a written clusterIP get a placeholder address.
function servicesInView(candidates: readonly ManifestObject[], namespace: string): { services: Service[]; withoutVariables: string[] } {
  const services: Service[] = [];
  const withoutVariables: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (!isService(candidate) || !candidate.name || namespaceOf(candidate) !== namespace || seen.has(candidate.name)) continue;
    seen.add(candidate.name);
    const spec = isJsonObject(candidate.value.spec) ? candidate.value.spec : {};
    if (spec.type === 'ExternalName' || spec.clusterIP === 'None') {
      withoutVariables.push(candidate.name);
      continue;
    }
    const clusterIP = typeof spec.clusterIP === 'string' && spec.clusterIP !== '' ? spec.clusterIP : clusterIpPlaceholder(candidate.name);
    services.push({ apiVersion: 'v1', kind: 'Service', metadata: { name: candidate.name, namespace }, spec: { ...spec, clusterIP } });
  }
  // Every cluster has `kubernetes` in default (10.96.0.1 with kubeadm's and kind's service CIDR).
  services.push({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default' },
    spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP' }] },
  });
  return { services, withoutVariables };
}

/** The environment of container `index` of a workload's pod template, with the Services among `candidates`. */
export function computeContainerEnvironment(
  workload: ManifestObject,
  index: number,
  candidates: readonly ManifestObject[],
): ContainerEnvironmentFacts | undefined {
  const spec = workload.value.spec;
  if (!isJsonObject(spec) || !isJsonObject(spec.template)) return undefined;
  const template = spec.template;
  const podSpec = isJsonObject(template.spec) ? template.spec : undefined;
  const containers = podSpec && Array.isArray(podSpec.containers) ? podSpec.containers : [];
  const container = containers[index];
  if (!isJsonObject(container)) return undefined;
  const namespace = namespaceOf(workload);
  const enableServiceLinks = podSpec?.enableServiceLinks !== false;
  const { services, withoutVariables } = servicesInView(candidates, namespace);
  const chosen = servicesForEnvironment(services, namespace, enableServiceLinks);
  const labels =
    isJsonObject(template.metadata) && isJsonObject(template.metadata.labels) ? (template.metadata.labels as Readonly<Record<string, string>>) : {};
  const annotations =
    isJsonObject(template.metadata) && isJsonObject(template.metadata.annotations) ? (template.metadata.annotations as Readonly<Record<string, string>>) : {};
  const serviceAccountName = typeof podSpec?.serviceAccountName === 'string' ? podSpec.serviceAccountName : 'default';
  const pod = { name: '<pod name>', namespace, labels, annotations, podIp: '<pod IP>', serviceAccountName };
  // The engine reads writable JSON; a copy keeps the cached parsed value out of its reach.
  const { vars, unknown } = containerEnvironment(cloneJson(container), pod, chosen);
  const serviceVarNames = new Map<string, string>();
  for (const service of chosen) {
    const prefix = envVariableName(service.metadata.name);
    for (const variable of containerEnvironment({}, pod, [service]).vars) serviceVarNames.set(variable.name, service.metadata.name || prefix);
  }
  const collisions = vars
    .filter((variable) => variable.source !== 'service' && serviceVarNames.has(variable.name))
    .map((variable) => ({ name: variable.name, service: serviceVarNames.get(variable.name) ?? '' }));
  return { container: typeof container.name === 'string' ? container.name : `#${index}`, vars, unknown, collisions, enableServiceLinks, withoutVariables };
}
