// Service spec rules. Follows ValidateService and ValidateServiceUpdate, kubernetes
// pkg/apis/core/validation/validation.go (the parts a manifest can show), then the checks the
// Service REST allocator makes once validation passed (pkg/registry/core/service/storage/alloc.go).
import { isAtLeast, type KubernetesVersion } from '../../../model/kubernetes-version';
import type { JsonObject } from '../../../model/objects';
import { formatPortRange, type PortRange } from '../../../model/cluster-network';
import type { ClusterSpec } from '../../../model/cluster-spec';
import {
  FieldPath,
  duplicate,
  forbidden,
  goQuote,
  goStringSlice,
  invalid,
  notSupported,
  numberValue,
  required,
  stringValue,
  structuredValue,
  type FieldError,
} from '../field-error';
import { isDns1123Label, isDns1123Subdomain, isQualifiedName, isValidPortName, isValidPortNumber } from '../string-checks';
import { asArray, asNumber, asObject, asString, asStringMap, objectItems } from './json-access';
import { validateLabels } from './object-meta';
import {
  clusterIPsOf,
  isHeadless,
  validateClusterIPsRelatedFields,
  validateExternalIPs,
  validateIPFamilyAllocation,
  validateSourceRanges,
} from './service-ip-families';

const specPath = FieldPath.root('spec');
const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
// core.MaxClientIPServiceAffinitySeconds (one day).
const MAX_AFFINITY_SECONDS = 86400;
const TOPOLOGY_MODE = 'service.kubernetes.io/topology-mode';
const TOPOLOGY_HINTS = 'service.kubernetes.io/topology-aware-hints';

/** ValidateService's rules on a defaulted Service, then the allocator's IP-family and node-port checks. */
export function validateServiceSpec(object: JsonObject, clusterSpec: ClusterSpec): FieldError[] {
  const { version, network } = clusterSpec;
  const spec = asObject(object.spec) ?? {};
  const errors: FieldError[] = [...validateTopologyAnnotations(object)];
  const type = asString(spec.type) ?? '';
  const ports = objectItems(spec.ports);
  const headless = isHeadless(spec);
  if (ports.length === 0 && !headless && type !== 'ExternalName') errors.push(required(specPath.child('ports'), '', 'service-ports-required'));
  if (type === 'ExternalName') {
    errors.push(...validateExternalNameService(spec));
  } else if (headless && (type === 'LoadBalancer' || type === 'NodePort')) {
    const path = specPath.child('clusterIPs').index(0);
    errors.push(
      invalid(
        clusterIPsOf(spec).fromClusterIP ? path.locatedAt('spec', 'clusterIP') : path,
        stringValue('None'),
        `may not be set to 'None' for ${type} services`,
        'headless-type-invalid',
      ),
    );
  }
  errors.push(...validatePorts(ports, type));
  const selector = asStringMap(spec.selector);
  if (selector) errors.push(...validateLabels(selector, specPath.child('selector')));
  errors.push(...validateSessionAffinity(spec));
  if (type !== 'ExternalName') errors.push(...validateClusterIPsRelatedFields(spec));
  errors.push(...validateExternalIPs(spec));
  if (!SERVICE_TYPES.includes(type)) errors.push(notSupported(specPath.child('type'), stringValue(type), SERVICE_TYPES, 'service-type-unsupported'));
  errors.push(...validateDuplicateNodePorts(ports));
  errors.push(...validateLoadBalancerFields(spec, type));
  errors.push(...validateTrafficPolicies(spec, type));
  errors.push(...validateTrafficDistribution(spec, version));
  // The allocator runs only once validation passed, and stops at its first failing step.
  if (errors.length > 0) return errors;
  const allocation = validateIPFamilyAllocation(spec, network);
  if (allocation.length > 0) return allocation;
  if (type === 'NodePort' || type === 'LoadBalancer') return validateNodePortRange(ports, network.nodePortRange);
  return [];
}

// The topology-mode annotation must agree with the deprecated topology-aware-hints one.
function validateTopologyAnnotations(object: JsonObject): FieldError[] {
  const annotations = asStringMap(asObject(object.metadata)?.annotations) ?? {};
  const mode = annotations[TOPOLOGY_MODE];
  const hints = annotations[TOPOLOGY_HINTS];
  if (mode === undefined || hints === undefined || mode === hints) return [];
  const path = FieldPath.root('metadata').child('annotations').key(TOPOLOGY_MODE).locatedAt('metadata', 'annotations', TOPOLOGY_MODE);
  return [invalid(path, stringValue(mode), `must match annotations[${TOPOLOGY_HINTS}] when both are specified`, 'topology-annotations')];
}

// The ExternalName case: no cluster IPs, families or family policy, and a DNS name.
function validateExternalNameService(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const { clusterIPs, fromClusterIP } = clusterIPsOf(spec);
  if (clusterIPs.length > 0) {
    const path = specPath.child('clusterIPs');
    errors.push(forbidden(fromClusterIP ? path.locatedAt('spec', 'clusterIP') : path, 'may not be set for ExternalName services', 'external-name-cluster-ip'));
  }
  if ((asArray(spec.ipFamilies) ?? []).length > 0)
    errors.push(forbidden(specPath.child('ipFamilies'), 'may not be set for ExternalName services', 'external-name-ip-families'));
  if (spec.ipFamilyPolicy !== undefined)
    errors.push(forbidden(specPath.child('ipFamilyPolicy'), 'may not be set for ExternalName services', 'external-name-ip-family-policy'));
  errors.push(...validateExternalName(asString(spec.externalName) ?? ''));
  return errors;
}

// sessionAffinity, and validateClientIPAffinityConfig for ClientIP (defaulting fills a missing
// timeout and drops the config for None, so only the range check is reachable from YAML).
function validateSessionAffinity(spec: JsonObject): FieldError[] {
  const affinity = asString(spec.sessionAffinity) ?? '';
  const path = specPath.child('sessionAffinity');
  if (affinity === '') return [required(path, '', 'session-affinity-required')];
  if (affinity !== 'ClientIP' && affinity !== 'None') return [notSupported(path, stringValue(affinity), ['ClientIP', 'None'], 'session-affinity-unsupported')];
  const configPath = specPath.child('sessionAffinityConfig');
  const config = asObject(spec.sessionAffinityConfig);
  if (affinity === 'None') return config ? [forbidden(configPath, 'must not be set when session affinity is None', 'session-affinity-config-forbidden')] : [];
  const detail = 'when session affinity type is ClientIP';
  if (!config) return [required(configPath, detail, 'session-affinity-config-required')];
  const clientIP = asObject(config.clientIP);
  if (!clientIP) return [required(configPath.child('clientIP'), detail, 'session-affinity-config-required')];
  const timeoutPath = configPath.child('clientIP', 'timeoutSeconds');
  const timeout = asNumber(clientIP.timeoutSeconds);
  if (timeout === undefined) return [required(timeoutPath, detail, 'session-affinity-config-required')];
  if (timeout <= 0 || timeout > MAX_AFFINITY_SECONDS) {
    return [invalid(timeoutPath, numberValue(timeout), `must be greater than 0 and less than ${MAX_AFFINITY_SECONDS}`, 'session-affinity-timeout')];
  }
  return [];
}

// validateServiceTrafficDistribution: PreferClose only until PreferSameTrafficDistribution is
// on by default (beta in 1.34, GA in 1.35); then PreferSameZone and PreferSameNode too.
function validateTrafficDistribution(spec: JsonObject, version: KubernetesVersion): FieldError[] {
  const value = asString(spec.trafficDistribution);
  if (value === undefined) return [];
  const supported = isAtLeast(version, '1.34') ? ['PreferClose', 'PreferSameZone', 'PreferSameNode'] : ['PreferClose'];
  if (supported.includes(value)) return [];
  return [notSupported(specPath.child('trafficDistribution'), stringValue(value), supported, 'traffic-distribution-unsupported')];
}

// The ExternalName case of ValidateService: a DNS subdomain, a trailing dot allowed.
function validateExternalName(externalName: string): FieldError[] {
  const name = externalName.endsWith('.') ? externalName.slice(0, -1) : externalName;
  if (name === '') return [required(specPath.child('externalName'), '', 'external-name-required')];
  return isDns1123Subdomain(name).map((message) => invalid(specPath.child('externalName'), stringValue(name), message, 'external-name-invalid'));
}

// Duplicate nodePorts per protocol (ValidateService); the value printed is the node port.
function validateDuplicateNodePorts(ports: JsonObject[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  ports.forEach((port, i) => {
    const nodePort = asNumber(port.nodePort) ?? 0;
    if (nodePort === 0) return;
    const key = `${asString(port.protocol) ?? ''}/${nodePort}`;
    if (seen.has(key)) errors.push(duplicate(specPath.child('ports').index(i).child('nodePort'), numberValue(nodePort), 'node-port-duplicate'));
    seen.add(key);
  });
  return errors;
}

// loadBalancerSourceRanges (printed with a capital L, as upstream builds the path) and
// allocateLoadBalancerNodePorts belong to LoadBalancer Services.
function validateLoadBalancerFields(spec: JsonObject, type: string): FieldError[] {
  const errors: FieldError[] = [];
  const ranges = asArray(spec.loadBalancerSourceRanges) ?? [];
  if (ranges.length > 0 && type !== 'LoadBalancer') {
    errors.push(
      forbidden(
        specPath.child('LoadBalancerSourceRanges').locatedAt('spec', 'loadBalancerSourceRanges'),
        "may only be used when `type` is 'LoadBalancer'",
        'load-balancer-source-ranges',
      ),
    );
  }
  errors.push(...validateSourceRanges(spec, specPath.child('LoadBalancerSourceRanges')));
  if (typeof spec.allocateLoadBalancerNodePorts === 'boolean' && type !== 'LoadBalancer') {
    errors.push(forbidden(specPath.child('allocateLoadBalancerNodePorts'), "may only be used when `type` is 'LoadBalancer'", 'allocate-node-ports-forbidden'));
  }
  // validateLoadBalancerClassField on create.
  const loadBalancerClass = asString(spec.loadBalancerClass);
  if (loadBalancerClass !== undefined) {
    const path = specPath.child('loadBalancerClass');
    if (type !== 'LoadBalancer') errors.push(forbidden(path, "may only be used when `type` is 'LoadBalancer'", 'load-balancer-class-forbidden'));
    else
      errors.push(
        ...isQualifiedName(loadBalancerClass).map((message) => invalid(path, stringValue(loadBalancerClass), message, 'load-balancer-class-invalid')),
      );
  }
  return errors;
}

const TRAFFIC_POLICIES = ['Cluster', 'Local'];

// validateServiceExternalTrafficPolicy and validateServiceInternalTrafficFieldsValue on the
// defaulted Service (NodePort and LoadBalancer default externalTrafficPolicy to Cluster).
function validateTrafficPolicies(spec: JsonObject, type: string): FieldError[] {
  const errors: FieldError[] = [];
  const externalIPs = asArray(spec.externalIPs) ?? [];
  const externallyAccessible = type === 'LoadBalancer' || type === 'NodePort' || (type === 'ClusterIP' && externalIPs.length > 0);
  const external = asString(spec.externalTrafficPolicy) ?? '';
  const externalPath = specPath.child('externalTrafficPolicy');
  if (!externallyAccessible) {
    if (external !== '')
      errors.push(invalid(externalPath, stringValue(external), 'may only be set for externally-accessible services', 'external-traffic-policy-forbidden'));
  } else if (external === '') {
    errors.push(required(externalPath, '', 'external-traffic-policy-required'));
  } else if (!TRAFFIC_POLICIES.includes(external)) {
    errors.push(notSupported(externalPath, stringValue(external), TRAFFIC_POLICIES, 'external-traffic-policy-unsupported'));
  }
  const needsHealthCheck = type === 'LoadBalancer' && external === 'Local';
  const healthCheckNodePort = asNumber(spec.healthCheckNodePort) ?? 0;
  if (!needsHealthCheck && healthCheckNodePort !== 0) {
    errors.push(
      invalid(
        specPath.child('healthCheckNodePort'),
        numberValue(healthCheckNodePort),
        "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
        'health-check-node-port-forbidden',
      ),
    );
  }
  const internal = asString(spec.internalTrafficPolicy);
  if (internal !== undefined && !TRAFFIC_POLICIES.includes(internal)) {
    errors.push(notSupported(specPath.child('internalTrafficPolicy'), stringValue(internal), TRAFFIC_POLICIES, 'internal-traffic-policy-unsupported'));
  }
  return errors;
}

// The node-port allocator's range check (--service-node-port-range, default 30000-32767).
function validateNodePortRange(ports: JsonObject[], range: PortRange): FieldError[] {
  const errors: FieldError[] = [];
  ports.forEach((port, i) => {
    const nodePort = asNumber(port.nodePort) ?? 0;
    if (nodePort !== 0 && (nodePort < range.base || nodePort >= range.base + range.size)) {
      errors.push(
        invalid(
          specPath.child('ports').index(i).child('nodePort'),
          numberValue(nodePort),
          `provided port is not in the valid range. The range of valid ports is ${formatPortRange(range)}`,
          'node-port-range',
        ),
      );
    }
  });
  return errors;
}

function validatePorts(ports: JsonObject[], type: string): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  const pairs = new Set<string>();
  ports.forEach((port, i) => {
    const path = specPath.child('ports').index(i);
    const name = asString(port.name) ?? '';
    if (ports.length > 1 && name === '') errors.push(required(path.child('name'), '', 'service-port-name-required'));
    else if (name !== '') {
      errors.push(...isDns1123Label(name).map((message) => invalid(path.child('name'), stringValue(name), message, 'service-port-name-invalid')));
      if (names.has(name)) errors.push(duplicate(path.child('name'), stringValue(name), 'service-port-name-duplicate'));
      names.add(name);
    }
    const number = asNumber(port.port) ?? 0;
    errors.push(...isValidPortNumber(number).map((message) => invalid(path.child('port'), numberValue(number), message, 'service-port-invalid')));
    const protocol = asString(port.protocol) ?? '';
    if (protocol === '') errors.push(required(path.child('protocol'), '', 'service-port-protocol-required'));
    else if (!PROTOCOLS.includes(protocol))
      errors.push(notSupported(path.child('protocol'), stringValue(protocol), PROTOCOLS, 'service-port-protocol-unsupported'));
    const target = port.targetPort;
    if (typeof target === 'number') {
      errors.push(...isValidPortNumber(target).map((message) => invalid(path.child('targetPort'), numberValue(target), message, 'target-port-invalid')));
    } else if (typeof target === 'string') {
      errors.push(...isValidPortName(target).map((message) => invalid(path.child('targetPort'), stringValue(target), message, 'target-port-invalid')));
    }
    const appProtocol = asString(port.appProtocol);
    if (appProtocol !== undefined) {
      errors.push(
        ...isQualifiedName(appProtocol).map((message) => invalid(path.child('appProtocol'), stringValue(appProtocol), message, 'app-protocol-invalid')),
      );
    }
    if (type === 'ClusterIP' && (asNumber(port.nodePort) ?? 0) !== 0) {
      errors.push(forbidden(path.child('nodePort'), "may not be used when `type` is 'ClusterIP'", 'node-port-cluster-ip'));
    }
    const pair = `${protocol}/${number}`;
    // The key is a core.ServicePort holding only Protocol and Port (internal types print Go field names).
    const key = { Name: '', Protocol: protocol, AppProtocol: null, Port: number, TargetPort: 0, NodePort: 0 };
    const goKey =
      `core.ServicePort{Name:"", Protocol:${goQuote(protocol)}, AppProtocol:(*string)(nil), Port:${number}, ` +
      `TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;
    if (pairs.has(pair)) errors.push(duplicate(path, structuredValue(key, goKey), 'service-port-duplicate'));
    pairs.add(pair);
  });
  return errors;
}

/**
 * The update-only rules of ValidateServiceUpdate: validateUpgradeDowngradeClusterIPs (a cluster
 * IP may not change once set; an address left out keeps the stored one, as kubectl apply's patch
 * does), validateLoadBalancerClassField and validateServiceExternalTrafficFieldsUpdate.
 */
export function validateServiceUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldSpec = asObject(oldObject.spec) ?? {};
  const errors: FieldError[] = [];
  const type = asString(spec.type);
  const oldType = asString(oldSpec.type);
  const { clusterIPs, fromClusterIP } = clusterIPsOf(spec);
  const oldClusterIPs = clusterIPsOf(oldSpec).clusterIPs;
  const bothHeadless = isHeadless(spec) && isHeadless(oldSpec);
  if (type !== 'ExternalName' && oldType !== 'ExternalName' && !bothHeadless && clusterIPs.length > 0) {
    oldClusterIPs.slice(0, clusterIPs.length).forEach((ip, i) => {
      if (ip === clusterIPs[i]) return;
      const path = specPath.child('clusterIPs').index(i);
      errors.push(
        invalid(
          fromClusterIP ? path.locatedAt('spec', 'clusterIP') : path,
          structuredValue(clusterIPs, goStringSlice(clusterIPs)),
          'may not change once set',
          'cluster-ip-immutable',
        ),
      );
    });
  }
  if (type === 'LoadBalancer' && oldType === 'LoadBalancer' && asString(spec.loadBalancerClass) !== asString(oldSpec.loadBalancerClass)) {
    const value = asString(spec.loadBalancerClass);
    errors.push(
      invalid(
        specPath.child('loadBalancerClass'),
        value === undefined ? structuredValue(null, '<nil>') : stringValue(value),
        'may not change once set',
        'load-balancer-class-immutable',
      ),
    );
  }
  const needsHealthCheck = (s: JsonObject): boolean => s.type === 'LoadBalancer' && s.externalTrafficPolicy === 'Local';
  const healthCheckNodePort = asNumber(spec.healthCheckNodePort) ?? 0;
  // An unset port is allocated anew by the registry, so only a changed explicit one is refused.
  if (
    needsHealthCheck(spec) &&
    needsHealthCheck(oldSpec) &&
    healthCheckNodePort !== 0 &&
    healthCheckNodePort !== (asNumber(oldSpec.healthCheckNodePort) ?? 0)
  ) {
    errors.push(forbidden(specPath.child('healthCheckNodePort'), 'field is immutable', 'health-check-node-port-immutable'));
  }
  return errors;
}
