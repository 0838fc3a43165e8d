// Service spec rules. Follows ValidateService and ValidateServiceUpdate, kubernetes
// pkg/apis/core/validation/validation.go (the parts a manifest can show).
import { isIP } from 'node:net';
import type { JsonObject } from '../../../../engine/src/index';
import { FieldPath, duplicate, forbidden, immutable, invalid, notSupported, numberValue, required, stringValue, structuredValue, type FieldError } from '../field-error';
import { isDns1123Label, isValidPortName, isValidPortNumber } from '../string-checks';
import { asNumber, asObject, asString, asStringMap, objectItems } from './json-access';
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
    if (clusterIP !== '') errors.push(forbidden(specPath.child('clusterIP'), 'must be empty for ExternalName services', 'external-name-cluster-ip'));
  } else if (isHeadless && (type === 'LoadBalancer' || type === 'NodePort')) {
    errors.push(invalid(specPath.child('clusterIP'), stringValue(clusterIP), `may not be set to 'None' for ${type} services`, 'headless-type-invalid'));
  } else if (clusterIP !== '' && !isHeadless && isIP(clusterIP) === 0) {
    errors.push(invalid(specPath.child('clusterIPs').index(0), stringValue(clusterIP), "must be empty, 'None', or a valid IP address", 'cluster-ip-invalid'));
  }
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
    if (pairs.has(pair)) errors.push(duplicate(path, structuredValue({ Port: number, Protocol: protocol }, `core.ServicePort{Port:${number}, Protocol:"${protocol}"}`), 'service-port-duplicate'));
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
