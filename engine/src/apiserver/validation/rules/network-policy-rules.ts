// NetworkPolicy rules. Follows ValidateNetworkPolicySpec, ValidateNetworkPolicyPort and
// ValidateNetworkPolicyPeer, kubernetes pkg/apis/networking/validation/validation.go. An ipBlock's
// CIDRs are checked only for being there (ValidateIPBlock's parsing is not restated).
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, goQuote, invalid, notSupported, numberValue, prebuiltValue, required, stringValue, type FieldError } from '../field-error';
import { isValidPortName, isValidPortNumber } from '../string-checks';
import { asNumber, asObject, asString, objectItems, strings } from './json-access';
import { readLabelSelector, validateLabelSelector } from './label-selector';

const specPath = FieldPath.root('spec');
const PROTOCOLS = ['TCP', 'UDP', 'SCTP'];

/** ValidateNetworkPolicySpec on a NetworkPolicy. */
export function validateNetworkPolicySpec(object: JsonObject): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors = validateLabelSelector(readLabelSelector(spec.podSelector), specPath.child('podSelector'));
  objectItems(spec.ingress).forEach((rule, i) => {
    const path = specPath.child('ingress').index(i);
    objectItems(rule.ports).forEach((port, j) => errors.push(...validatePort(port, path.child('ports').index(j))));
    objectItems(rule.from).forEach((peer, j) => errors.push(...validatePeer(peer, path.child('from').index(j))));
  });
  objectItems(spec.egress).forEach((rule, i) => {
    const path = specPath.child('egress').index(i);
    objectItems(rule.to).forEach((peer, j) => errors.push(...validatePeer(peer, path.child('to').index(j))));
    objectItems(rule.ports).forEach((port, j) => errors.push(...validatePort(port, path.child('ports').index(j))));
  });
  const policyTypes = strings(spec.policyTypes);
  if (policyTypes.length > 2) {
    const json = `[${policyTypes.map(goQuote).join(',')}]`;
    const go = `[]networking.PolicyType{${policyTypes.map(goQuote).join(', ')}}`;
    errors.push(invalid(specPath.child('policyTypes'), prebuiltValue(json, go), 'may not specify more than two policyTypes', 'policy-types-too-many'));
    return errors;
  }
  policyTypes.forEach((type, i) => {
    if (type !== 'Ingress' && type !== 'Egress')
      errors.push(notSupported(specPath.child('policyTypes').index(i), stringValue(type), ['Ingress', 'Egress'], 'policy-type-unsupported'));
  });
  return errors;
}

function validatePort(port: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const protocol = asString(port.protocol);
  if (protocol !== undefined && !PROTOCOLS.includes(protocol))
    errors.push(notSupported(path.child('protocol'), stringValue(protocol), PROTOCOLS, 'port-protocol-unsupported'));
  const value = port.port;
  const endPort = asNumber(port.endPort);
  if (typeof value === 'number') {
    for (const message of isValidPortNumber(value)) errors.push(invalid(path.child('port'), numberValue(value), message, 'port-invalid'));
    if (endPort !== undefined) {
      // The bad value printed is the port, not the end port.
      if (endPort < value) errors.push(invalid(path.child('endPort'), numberValue(value), 'must be greater than or equal to `port`', 'end-port-below-port'));
      for (const message of isValidPortNumber(endPort)) errors.push(invalid(path.child('endPort'), numberValue(endPort), message, 'end-port-invalid'));
    }
  } else if (typeof value === 'string') {
    if (endPort !== undefined)
      errors.push(invalid(path.child('endPort'), numberValue(endPort), 'may not be specified when `port` is non-numeric', 'end-port-with-named-port'));
    for (const message of isValidPortName(value)) errors.push(invalid(path.child('port'), stringValue(value), message, 'port-name-invalid'));
  } else if (endPort !== undefined) {
    errors.push(invalid(path.child('endPort'), numberValue(endPort), 'may not be specified when `port` is not specified', 'end-port-without-port'));
  }
  return errors;
}

// ValidateNetworkPolicyPeer: at least one of podSelector, namespaceSelector and ipBlock; ipBlock alone.
function validatePeer(peer: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const key of ['podSelector', 'namespaceSelector']) {
    if (!asObject(peer[key])) continue;
    count++;
    errors.push(...validateLabelSelector(readLabelSelector(peer[key]), path.child(key)));
  }
  const ipBlock = asObject(peer.ipBlock);
  if (ipBlock) {
    count++;
    if ((asString(ipBlock.cidr) ?? '') === '') errors.push(required(path.child('ipBlock', 'cidr'), '', 'ip-block-cidr-required'));
  }
  if (count === 0) errors.push(required(path, 'must specify a peer', 'peer-required'));
  else if (count > 1 && ipBlock) errors.push(forbidden(path, 'may not specify both ipBlock and another peer', 'peer-ip-block-and-selector'));
  return errors;
}
