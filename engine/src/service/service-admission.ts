// Creating and updating a Service through the simulated API server: validation (the same rules the
// editor shows), defaulting, then the allocators of the Service REST storage (pkg/registry/core/
// service/storage alloc.go: allocClusterIPs, node port allocation). The result is kubectl's line.
import { objectHistoryOf } from '../cluster/object-history';
import type { Cluster } from '../cluster/cluster';
import { generateName } from '../cluster/name-generator';
import type { JsonObject, ReadonlyJsonObject, Service } from '../model/objects';
import { cloneJson } from '../model/clone';
import { isAtLeast } from '../model/kubernetes-version';
import { applyDefaults } from '../apiserver/validation/apply-defaults';
import { clusterSettingOfRule, isCertainRefusal } from '../apiserver/validation/cluster-dependent-rules';
import type { ClusterSpec } from '../model/cluster-spec';
import { objectVerdict } from '../apiserver/validation/object-verdict';
import { goStringSlice, renderValue, structuredValue } from '../apiserver/validation/field-error';
import { asArray, asNumber, asObject, asString, jsonEqual } from '../apiserver/validation/rules/json-access';
import { serviceNetworkOf, type ServiceNetwork } from './service-network';
import { parseIpv4 } from './service-cidr';
import { invalidRejection } from '../apiserver/admission';
import type { KubectlError } from '../apiserver/admission';

/** kubectl's line for one Service, and whether it is an error; `failure` is printed after the other objects. */
interface ServiceApplyResult {
  output: string;
  error?: boolean;
  failure?: KubectlError;
}

const INTERNAL_ERROR = 'Internal error occurred: ';

// The API server's refusal, each cause `<field>: <body>` (a 422 Invalid status), or an allocator's
// internal error (a 500 InternalError status, reported as StandardErrorMessage prints it).
function invalid(name: string, causes: string[], fileName = ''): ServiceApplyResult {
  const internal = causes.find((cause) => cause.startsWith(INTERNAL_ERROR));
  if (internal !== undefined)
    return { output: '', error: true, failure: { text: `Error from server (InternalError): error when creating "${fileName}": ${internal}` } };
  const rejection = invalidRejection(
    'Service',
    name,
    causes.map((cause) => {
      const colon = cause.indexOf(': ');
      return { field: cause.slice(0, colon), message: cause.slice(colon + 2) };
    }),
  );
  return { output: '', error: true, failure: { rejection } };
}

/** True when a Service type gets node ports (NodePort, and LoadBalancer unless allocateLoadBalancerNodePorts is false). */
export function needsNodePorts(spec: ReadonlyJsonObject): boolean {
  return spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
}

/** True when the Service has a virtual IP (not headless, not ExternalName): v1helper.IsServiceIPSet. */
export function hasClusterIp(service: Service): boolean {
  const ip = service.spec?.clusterIP;
  return typeof ip === 'string' && ip !== '' && ip !== 'None';
}

// Allocates the cluster IP of a new Service into `spec`; a field error text when refused.
function allocateClusterIp(network: ServiceNetwork, spec: JsonObject, version: Cluster['spec']['version']): string | undefined {
  if (spec.type === 'ExternalName') return undefined;
  const requested = asString(spec.clusterIP) ?? asString(asArray(spec.clusterIPs)?.[0]) ?? '';
  spec.ipFamilyPolicy ??= 'SingleStack';
  spec.ipFamilies ??= ['IPv4'];
  if (requested === 'None') {
    spec.clusterIP = 'None';
    spec.clusterIPs = ['None'];
    return undefined;
  }
  if (requested === '') {
    const ip = network.clusterIps.allocateNext(network.random);
    if (ip === undefined) return 'Internal error occurred: failed to allocate a serviceIP: range is full';
    spec.clusterIP = ip;
    spec.clusterIPs = [ip];
    return undefined;
  }
  const refusal = network.clusterIps.allocate(requested);
  if (refusal !== undefined) {
    const value = renderValue(structuredValue([requested], goStringSlice([requested])), version);
    const reason =
      refusal === 'already allocated'
        ? 'provided IP is already allocated'
        : outsideEveryRange(network, requested) && isAtLeast(version, '1.33')
          ? 'the provided network does not match the current range'
          : `provided IP is not in the valid range. The range of valid IPs is ${formatCidr(network)}`;
    return `spec.clusterIPs: Invalid value: ${value}: failed to allocate IP ${requested}: ${reason}`;
  }
  spec.clusterIP = requested;
  spec.clusterIPs = [requested];
  return undefined;
}

/**
 * From 1.33 (MultiCIDRServiceAllocator GA) the ServiceCIDR allocator serves the cluster IPs: an address that
 * no ServiceCIDR holds finds no allocator (ipallocator cidrallocator.go MetaAllocator.getAllocator:
 * ErrMismatchedNetwork); the network and broadcast addresses of a range are still that range's ErrNotInRange.
 * Up to 1.32 the bitmap allocator answers ErrNotInRange for both.
 */
function outsideEveryRange(network: ServiceNetwork, address: string): boolean {
  const ip = parseIpv4(address);
  const { network: base, prefix } = network.serviceCidr;
  return ip === undefined || ip < base || ip >= base + 2 ** (32 - prefix);
}

function formatCidr(network: ServiceNetwork): string {
  const { network: base, prefix } = network.serviceCidr;
  return `${[24, 16, 8, 0].map((shift) => Math.floor(base / 2 ** shift) % 256).join('.')}/${prefix}`;
}

// User-chosen node ports first (each must be in range and free), then random ones for the rest.
function allocateNodePorts(network: ServiceNetwork, spec: JsonObject, kept: Map<string, number>): { error?: string; taken: number[] } {
  const taken: number[] = [];
  const ports = (asArray(spec.ports) ?? []).map(asObject).filter((port): port is JsonObject => port !== undefined);
  if (!needsNodePorts(spec)) {
    for (const port of ports) delete port.nodePort;
    return { taken };
  }
  for (const [index, port] of ports.entries()) {
    const requested = asNumber(port.nodePort) ?? kept.get(portKey(port));
    if (requested === undefined || requested === 0) continue;
    const refusal = network.nodePorts.allocate(requested);
    if (refusal !== undefined && kept.get(portKey(port)) !== requested) {
      for (const port of taken) network.nodePorts.release(port);
      const { base, size } = network.nodePorts.range;
      const reason =
        refusal === 'already allocated'
          ? 'provided port is already allocated'
          : `provided port is not in the valid range. The range of valid ports is ${base}-${base + size - 1}`;
      return { error: `spec.ports[${index}].nodePort: Invalid value: ${requested}: ${reason}`, taken: [] };
    }
    port.nodePort = requested;
    taken.push(requested);
  }
  for (const port of ports) {
    if (asNumber(port.nodePort) !== undefined && port.nodePort !== 0) continue;
    const allocated = network.nodePorts.allocateNext(network.random);
    if (allocated !== undefined) {
      port.nodePort = allocated;
      taken.push(allocated);
    }
  }
  return { taken };
}

/**
 * allocHealthCheckNodePort (pkg/registry/core/service alloc.go): a LoadBalancer Service with
 * externalTrafficPolicy Local (NeedsHealthCheck) gets a node port for kube-proxy's health check, the one
 * it asks for or the next free one; on update the old one is kept while still needed and released after.
 * The refusal is an internal error, as NewInternalError wraps it.
 */
function allocateHealthCheckNodePort(network: ServiceNetwork, spec: JsonObject, kept: number | undefined): string | undefined {
  const needed = spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';
  if (!needed) {
    if (kept !== undefined) network.nodePorts.release(kept);
    delete spec.healthCheckNodePort;
    return undefined;
  }
  const requested = asNumber(spec.healthCheckNodePort) ?? 0;
  if (kept !== undefined && (requested === 0 || requested === kept)) {
    spec.healthCheckNodePort = kept;
    return undefined;
  }
  if (requested !== 0) {
    const refusal = network.nodePorts.allocate(requested);
    if (refusal === undefined) return undefined;
    const { base, size } = network.nodePorts.range;
    const reason =
      refusal === 'already allocated'
        ? 'provided port is already allocated'
        : `provided port is not in the valid range. The range of valid ports is ${base}-${base + size - 1}`;
    return `${INTERNAL_ERROR}failed to allocate requested HealthCheck NodePort ${requested}: ${reason}`;
  }
  const allocated = network.nodePorts.allocateNext(network.random);
  if (allocated === undefined) return `${INTERNAL_ERROR}failed to allocate a HealthCheck NodePort 0: range is full`;
  spec.healthCheckNodePort = allocated;
  return undefined;
}

function portKey(port: JsonObject): string {
  return `${String(port.port)}/${String(port.protocol ?? 'TCP')}`;
}

/**
 * Whether the preview's cluster has `service`, as far as the cluster's setup decides it: a Service its
 * API server refuses because of a declared network setting (an IP family without a range, a node port
 * outside the declared range) never exists there, so no traffic goes through it. A refusal that depends
 * on an undeclared setting keeps the Service (another cluster accepts it), and so do the object's own
 * errors, which the editor reports where they are.
 */
export function isAdmittedService(service: Service, cluster: ClusterSpec): boolean {
  const verdict = objectVerdict('Service', service as unknown as JsonObject, undefined, cluster);
  if ('decode' in verdict) return true;
  return !verdict.errors.some((error) => clusterSettingOfRule(error.rule) !== undefined && isCertainRefusal(error.rule, cluster));
}

/**
 * `kubectl apply|create -f` of a Service: validated and defaulted like the editor's check, the cluster
 * IP and node ports allocated on create (kept on update), the EndpointSlice named. Returns kubectl's line.
 */
export function applyService(cluster: Cluster, manifest: Service, mode: 'apply' | 'create', fileName = ''): ServiceApplyResult {
  const network = serviceNetworkOf(cluster);
  const namespace = manifest.metadata.namespace ?? 'default';
  const name = manifest.metadata.name;
  const existing = cluster.services.get(name, namespace);
  if (existing && mode === 'create')
    return { output: `Error from server (AlreadyExists): error when creating "${fileName}": services "${name}" already exists`, error: true };
  const verdict = objectVerdict('Service', manifest as unknown as JsonObject, existing as unknown as JsonObject | undefined, cluster.spec);
  if ('decode' in verdict)
    return { output: `error: error validating "${fileName}": ${verdict.decode.map((problem) => problem.message).join('; ')}`, error: true };
  if (verdict.errors.length > 0)
    return invalid(
      name,
      verdict.errors.map((error) => error.message),
    );
  const defaulted = applyDefaults('Service', cloneJson(manifest) as unknown as JsonObject, cluster.spec) as unknown as Service;
  const spec = (defaulted.spec ??= {});
  if (existing) return updateService(cluster, network, existing, defaulted);
  const ipError = allocateClusterIp(network, spec, cluster.spec.version);
  if (ipError !== undefined) return invalid(name, [ipError], fileName);
  const ports = allocateNodePorts(network, spec, new Map());
  const healthError = ports.error === undefined ? allocateHealthCheckNodePort(network, spec, undefined) : undefined;
  if (ports.error !== undefined || healthError !== undefined) {
    if (hasClusterIp(defaulted)) network.clusterIps.release(String(spec.clusterIP));
    for (const port of ports.taken) network.nodePorts.release(port);
    return invalid(name, [ports.error ?? healthError ?? ''], fileName);
  }
  // The API server's metadata (uid and timestamp from the cluster, as every created object gets).
  const metadata = { ...defaulted.metadata, ...cluster.newObjectMeta(name, namespace) };
  delete metadata.generation;
  const service: Service = { apiVersion: 'v1', kind: 'Service', metadata, spec };
  cluster.services.put(service);
  objectHistoryOf(cluster).record('Service', namespace, name, service, cluster.now);
  const sliceName = spec.selector && Object.keys(spec.selector).length > 0 ? generateName(`${name}-`, network.random) : '';
  network.remember(service, cluster.now, sliceName);
  return { output: `service/${name} created` };
}

// An update keeps the allocated cluster IP and node ports (kubectl apply's merge leaves them set).
function updateService(cluster: Cluster, network: ServiceNetwork, existing: Service, next: Service): ServiceApplyResult {
  const name = existing.metadata.name;
  const spec = next.spec ?? {};
  const old = existing.spec ?? {};
  if (old.type !== 'ExternalName' && spec.type !== 'ExternalName') {
    spec.clusterIP = old.clusterIP;
    spec.clusterIPs = old.clusterIPs;
    spec.ipFamilies = old.ipFamilies;
    spec.ipFamilyPolicy = old.ipFamilyPolicy;
  } else if (old.type === 'ExternalName' && spec.type !== 'ExternalName') {
    // allocateUpdate: a Service that had no cluster IP and needs one now gets one (allocClusterIPs).
    const ipError = allocateClusterIp(network, spec, cluster.spec.version);
    if (ipError !== undefined) return invalid(name, [ipError]);
  } else if (old.type !== 'ExternalName' && hasClusterIp(existing)) {
    // To ExternalName: the old cluster IPs are released (releaseIPs of the update's transaction).
    network.clusterIps.release(String(old.clusterIP));
  }
  const oldHealth = asNumber(old.healthCheckNodePort) ?? 0;
  const healthError = allocateHealthCheckNodePort(network, spec, oldHealth === 0 ? undefined : oldHealth);
  if (healthError !== undefined) return invalid(name, [healthError]);
  const kept = new Map<string, number>();
  for (const port of (asArray(old.ports) ?? []).map(asObject)) if (port && typeof port.nodePort === 'number') kept.set(portKey(port), port.nodePort);
  const ports = allocateNodePorts(network, spec, kept);
  if (ports.error !== undefined) return invalid(name, [ports.error]);
  const used = new Set(ports.taken);
  for (const port of kept.values()) if (!used.has(port)) network.nodePorts.release(port);
  const unchanged =
    jsonEqual(spec, old) &&
    jsonEqual(next.metadata.labels ?? {}, existing.metadata.labels ?? {}) &&
    jsonEqual(next.metadata.annotations ?? {}, existing.metadata.annotations ?? {});
  if (unchanged) return { output: `service/${name} unchanged` };
  const metadata = {
    ...existing.metadata,
    labels: next.metadata.labels,
    annotations: next.metadata.annotations,
    resourceVersion: cluster.nextResourceVersion(),
  };
  if (!metadata.labels) delete metadata.labels;
  if (!metadata.annotations) delete metadata.annotations;
  const updated: Service = { ...existing, metadata, spec };
  cluster.services.put(updated);
  objectHistoryOf(cluster).record('Service', existing.metadata.namespace ?? 'default', name, updated, cluster.now);
  if (!network.record(existing)?.sliceName && spec.selector)
    network.remember(existing, network.record(existing)?.createdAt ?? cluster.now, generateName(`${name}-`, network.random));
  return { output: `service/${name} configured` };
}

/** `kubectl delete service NAME`: frees its addresses; kubectl's line. */
export function deleteService(cluster: Cluster, name: string, namespace: string): ServiceApplyResult {
  const network = serviceNetworkOf(cluster);
  const service = cluster.services.get(name, namespace);
  if (!service) return { output: `Error from server (NotFound): services "${name}" not found`, error: true };
  if (hasClusterIp(service)) network.clusterIps.release(String(service.spec?.clusterIP));
  for (const port of (asArray(service.spec?.ports) ?? []).map(asObject))
    if (port && typeof port.nodePort === 'number') network.nodePorts.release(port.nodePort);
  if (typeof service.spec?.healthCheckNodePort === 'number') network.nodePorts.release(service.spec.healthCheckNodePort);
  cluster.services.delete(name, namespace);
  objectHistoryOf(cluster).record('Service', namespace, name, undefined, cluster.now);
  network.forget(namespace, name);
  // kubectl delete.go PrintObj: from kubectl 1.34 a namespaced object adds ` from NAMESPACE namespace`.
  return { output: `service "${name}" deleted${isAtLeast(cluster.spec.version, '1.34') ? ` from ${namespace} namespace` : ''}` };
}

/**
 * Services put into the store directly (the preview's driver, older callers) get what the API server
 * would have given them: defaults, a cluster IP and node ports; they count as created at `now`.
 */
export function adoptStoredServices(cluster: Cluster): ServiceNetwork {
  const network = serviceNetworkOf(cluster);
  for (const stored of cluster.services.all()) {
    if (network.record(stored)) continue;
    const defaulted = applyDefaults('Service', cloneJson(stored) as unknown as JsonObject, cluster.spec) as unknown as Service;
    const spec = (defaulted.spec ??= {});
    const given = asString(spec.clusterIP);
    if (given !== undefined && given !== '' && given !== 'None' && network.clusterIps.allocate(given) !== undefined) spec.clusterIP = '';
    if (given === undefined || given === '' || spec.clusterIP === '') {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (spec.clusterIP === undefined) allocateClusterIp(network, spec, cluster.spec.version);
    allocateNodePorts(network, spec, new Map());
    const service: Service = { ...stored, spec };
    cluster.services.put(service);
    const name = stored.metadata.name;
    network.remember(service, cluster.now, spec.selector && Object.keys(spec.selector).length > 0 ? generateName(`${name}-`, network.random) : '');
  }
  return network;
}
