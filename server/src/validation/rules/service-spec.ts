// Service spec rules. Follows ValidateService and ValidateServiceUpdate, kubernetes
// pkg/apis/core/validation/validation.go (the parts a manifest can show).
import { isIP } from 'node:net';
import type { JsonObject } from '../../../../engine/src/index';
import { FieldPath, duplicate, forbidden, goQuote, immutable, invalid, notSupported, numberValue, required, stringValue, structuredValue, type FieldError } from '../field-error';
import { isDns1123Label, isDns1123Subdomain, isValidPortName, isValidPortNumber } from '../string-checks';
import { asArray, asNumber, asObject, asString, asStringMap, objectItems } from './json-access';
import { validateLabels } from './object-meta';

const specPath = FieldPath.root('spec');
const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

/** ValidateService's spec rules on a defaulted Service. */
export function validateServiceSpec(object: JsonObject): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors: FieldError[] = [];
  const type = asString(spec.type) ?? '';
  const clusterIP = asString(spec.clusterIP) ?? '';
  const ports = objectItems(spec.ports);
  const isHeadless = clusterIP === 'None';
  if (ports.length === 0 && !isHeadless && type !== 'ExternalName') errors.push(required(specPath.child('ports'), '', 'service-ports-required'));
  errors.push(...validatePorts(ports, type));
  if (!SERVICE_TYPES.includes(type)) errors.push(notSupported(specPath.child('type'), stringValue(type), SERVICE_TYPES, 'service-type-unsupported'));
  const selector = asStringMap(spec.selector);
  if (selector) errors.push(...validateLabels(selector, specPath.child('selector')));
  const affinity = asString(spec.sessionAffinity) ?? '';
  if (affinity !== 'ClientIP' && affinity !== 'None') errors.push(notSupported(specPath.child('sessionAffinity'), stringValue(affinity), ['ClientIP', 'None'], 'session-affinity-unsupported'));
  if (type === 'ExternalName') {
    // The strategy copies clusterIP into clusterIPs before validation.
    if (clusterIP !== '') errors.push(forbidden(specPath.child('clusterIPs').locatedAt('spec', 'clusterIP'), 'may not be set for ExternalName services', 'external-name-cluster-ip'));
    errors.push(...validateExternalName(asString(spec.externalName) ?? ''));
  } else if (isHeadless && (type === 'LoadBalancer' || type === 'NodePort')) {
    errors.push(invalid(specPath.child('clusterIPs').index(0).locatedAt('spec', 'clusterIP'), stringValue(clusterIP), `may not be set to 'None' for ${type} services`, 'headless-type-invalid'));
  } else if (clusterIP !== '' && !isHeadless && isIP(clusterIP) === 0) {
    errors.push(invalid(specPath.child('clusterIPs').index(0).locatedAt('spec', 'clusterIP'), stringValue(clusterIP), "must be empty, 'None', or a valid IP address", 'cluster-ip-invalid'));
  }
  errors.push(...validateDuplicateNodePorts(ports));
  errors.push(...validateLoadBalancerFields(spec, type));
  errors.push(...validateTrafficPolicies(spec, type));
  // The node-port allocator runs only once validation passed.
  if (errors.length === 0 && (type === 'NodePort' || type === 'LoadBalancer')) errors.push(...validateNodePortRange(ports));
  return errors;
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
    errors.push(forbidden(specPath.child('LoadBalancerSourceRanges').locatedAt('spec', 'loadBalancerSourceRanges'), "may only be used when `type` is 'LoadBalancer'", 'load-balancer-source-ranges'));
  }
  if (typeof spec.allocateLoadBalancerNodePorts === 'boolean' && type !== 'LoadBalancer') {
    errors.push(forbidden(specPath.child('allocateLoadBalancerNodePorts'), "may only be used when `type` is 'LoadBalancer'", 'allocate-node-ports-forbidden'));
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
    if (external !== '') errors.push(invalid(externalPath, stringValue(external), 'may only be set for externally-accessible services', 'external-traffic-policy-forbidden'));
  } else if (external === '') {
    errors.push(required(externalPath, '', 'external-traffic-policy-required'));
  } else if (!TRAFFIC_POLICIES.includes(external)) {
    errors.push(notSupported(externalPath, stringValue(external), TRAFFIC_POLICIES, 'external-traffic-policy-unsupported'));
  }
  const needsHealthCheck = type === 'LoadBalancer' && external === 'Local';
  const healthCheckNodePort = asNumber(spec.healthCheckNodePort) ?? 0;
  if (!needsHealthCheck && healthCheckNodePort !== 0) {
    errors.push(invalid(specPath.child('healthCheckNodePort'), numberValue(healthCheckNodePort), "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'", 'health-check-node-port-forbidden'));
  }
  const internal = asString(spec.internalTrafficPolicy);
  if (internal !== undefined && !TRAFFIC_POLICIES.includes(internal)) {
    errors.push(notSupported(specPath.child('internalTrafficPolicy'), stringValue(internal), TRAFFIC_POLICIES, 'internal-traffic-policy-unsupported'));
  }
  return errors;
}

// The node-port allocator's range check (default --service-node-port-range 30000-32767).
function validateNodePortRange(ports: JsonObject[]): FieldError[] {
  const errors: FieldError[] = [];
  ports.forEach((port, i) => {
    const nodePort = asNumber(port.nodePort) ?? 0;
    if (nodePort !== 0 && (nodePort < 30000 || nodePort > 32767)) {
      errors.push(invalid(specPath.child('ports').index(i).child('nodePort'), numberValue(nodePort), 'provided port is not in the valid range. The range of valid ports is 30000-32767', 'node-port-range'));
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
    else if (!PROTOCOLS.includes(protocol)) errors.push(notSupported(path.child('protocol'), stringValue(protocol), PROTOCOLS, 'service-port-protocol-unsupported'));
    const target = port.targetPort;
    if (typeof target === 'number') {
      errors.push(...isValidPortNumber(target).map((message) => invalid(path.child('targetPort'), numberValue(target), message, 'target-port-invalid')));
    } else if (typeof target === 'string') {
      errors.push(...isValidPortName(target).map((message) => invalid(path.child('targetPort'), stringValue(target), message, 'target-port-invalid')));
    }
    if (type === 'ClusterIP' && (asNumber(port.nodePort) ?? 0) !== 0) {
      errors.push(forbidden(path.child('nodePort'), "may not be used when `type` is 'ClusterIP'", 'node-port-cluster-ip'));
    }
    const pair = `${protocol}/${number}`;
    // The key is a core.ServicePort holding only Protocol and Port (internal types print Go field names).
    const key = { Name: '', Protocol: protocol, AppProtocol: null, Port: number, TargetPort: 0, NodePort: 0 };
    const goKey = `core.ServicePort{Name:"", Protocol:${goQuote(protocol)}, AppProtocol:(*string)(nil), Port:${number}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;
    if (pairs.has(pair)) errors.push(duplicate(path, structuredValue(key, goKey), 'service-port-duplicate'));
    pairs.add(pair);
  });
  return errors;
}

/** ValidateServiceUpdate: a set clusterIP may not change. */
export function validateServiceUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const clusterIP = asString(asObject(object.spec)?.clusterIP) ?? '';
  const oldClusterIP = asString(asObject(oldObject.spec)?.clusterIP) ?? '';
  if (oldClusterIP === '' || clusterIP === '' || clusterIP === oldClusterIP) return [];
  return [immutable(specPath.child('clusterIPs').index(0), stringValue(clusterIP), 'cluster-ip-immutable')];
}
