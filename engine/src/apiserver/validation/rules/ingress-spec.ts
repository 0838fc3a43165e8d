// networking.k8s.io/v1 Ingress rules. Follows ValidateIngressCreate, ValidateIngressUpdate, ValidateIngressSpec,
// validateIngressRules, validateHTTPIngressRuleValue, validateHTTPIngressPath, validateIngressBackend,
// validateIngressTLS and the update ratchets (allowInvalidSecretName, allowInvalidWildcardHostRule,
// allowRelaxedServiceNameValidation) of kubernetes pkg/apis/networking/validation/validation.go (1.32 to 1.37:
// the texts are the same in every release; only bad values print differently, see field-error.ts).
import { isAtLeast, type KubernetesVersion } from '../../../model/kubernetes-version';
import type { JsonObject, JsonValue } from '../../../model/objects';
import { FieldPath, invalid, notSupported, numberValue, required, stringValue, structuredValue, type FieldError } from '../field-error';
import { ipFamilyOf } from '../../../model/ip-address';
import { isDns1123Subdomain, isValidPortName, isValidPortNumber, isWildcardDns1123Subdomain, nameIsDns1035Label, nameIsDnsLabel } from '../string-checks';
import { asArray, asNumber, asObject, asString, objectItems } from './json-access';

/** The options the API server derives from the stored object (IngressValidationOptions). */
interface IngressOptions {
  allowInvalidSecretName: boolean;
  allowInvalidWildcardHostRule: boolean;
  allowRelaxedServiceName: boolean;
}

const STRICT: IngressOptions = { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false, allowRelaxedServiceName: false };
const specPath = FieldPath.root('spec');
// sets.NewString(...).List() of the path types: sorted.
const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];
const INVALID_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_SUFFIXES = ['/..', '/.'];
const INGRESS_CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

/** ValidateIngressCreate without ObjectMeta: the spec, then the class annotation against `ingressClassName`. */
export function validateIngressCreate(object: JsonObject): FieldError[] {
  const errors = validateIngressSpec(asObject(object.spec) ?? {}, STRICT);
  const annotation = asObject(asObject(object.metadata)?.annotations)?.[INGRESS_CLASS_ANNOTATION];
  const className = asString(asObject(object.spec)?.ingressClassName);
  if (typeof annotation === 'string' && className !== undefined && annotation !== className) {
    // Printed as field.NewPath("annotations").Child(key), found under metadata.annotations.
    const path = FieldPath.root('annotations').child(INGRESS_CLASS_ANNOTATION).locatedAt('metadata', 'annotations', INGRESS_CLASS_ANNOTATION);
    errors.push(invalid(path, stringValue(annotation), 'must match `ingressClassName` when both are specified', 'class-mismatch'));
  }
  return errors;
}

/** ValidateIngressUpdate without ObjectMeta: the spec, relaxed where the stored object already broke a rule. */
export function validateIngressUpdate(object: JsonObject, oldObject: JsonObject, version: KubernetesVersion): FieldError[] {
  const oldSpec = asObject(oldObject.spec) ?? {};
  const options: IngressOptions = {
    allowInvalidSecretName: objectItems(oldSpec.tls).some((tls) => secretNameErrors(asString(tls.secretName) ?? '').length > 0),
    allowInvalidWildcardHostRule: objectItems(oldSpec.rules).some(
      (rule) => (asString(rule.host) ?? '').includes('*') && ruleValueErrors(rule, specPath, STRICT).length > 0,
    ),
    allowRelaxedServiceName: isAtLeast(version, '1.34') && usesRelaxedServiceName(oldSpec),
  };
  return validateIngressSpec(asObject(object.spec) ?? {}, options);
}

// allowRelaxedServiceNameValidation (RelaxedServiceNameValidation, from 1.34, off by default): a stored
// backend named as a DNS label but not as a DNS-1035 label ("1web") keeps being accepted.
function usesRelaxedServiceName(spec: JsonObject): boolean {
  const names = [asString(asObject(asObject(spec.defaultBackend)?.service)?.name)];
  for (const rule of objectItems(spec.rules))
    for (const path of objectItems(asObject(rule.http)?.paths)) names.push(asString(asObject(asObject(path.backend)?.service)?.name));
  return names.some((name) => name !== undefined && nameIsDnsLabel(name, false).length === 0 && nameIsDns1035Label(name, false).length > 0);
}

function validateIngressSpec(spec: JsonObject, options: IngressOptions): FieldError[] {
  const errors: FieldError[] = [];
  const rules = asArray(spec.rules);
  const defaultBackend = asObject(spec.defaultBackend);
  if ((rules ?? []).length === 0 && !defaultBackend) {
    // The value is the Go slice: nil when `rules` is absent, empty when written as [].
    const value = rules ? structuredValue([], '[]networking.IngressRule{}') : structuredValue(null, '[]networking.IngressRule(nil)');
    errors.push(invalid(specPath, value, 'either `defaultBackend` or `rules` must be specified', 'rules-required'));
  }
  if (defaultBackend) errors.push(...validateIngressBackend(defaultBackend, specPath.child('defaultBackend'), options));
  objectItems(spec.rules).forEach((rule, index) => errors.push(...validateIngressRule(rule, specPath.child('rules').index(index), options)));
  objectItems(spec.tls).forEach((tls, index) => errors.push(...validateIngressTls(tls, specPath.child('tls').index(index), options)));
  const className = asString(spec.ingressClassName);
  if (className !== undefined) {
    // ValidateIngressClassName is NameIsDNSSubdomain.
    for (const message of isDns1123Subdomain(className))
      errors.push(invalid(specPath.child('ingressClassName'), stringValue(className), message, 'class-name-invalid'));
  }
  return errors;
}

// validateIngressRules for one rule: the host (no IP address; a `*.` wildcard or a DNS subdomain), then its
// value, unless the host is a wildcard and the stored object already had invalid wildcard rules.
function validateIngressRule(rule: JsonObject, path: FieldPath, options: IngressOptions): FieldError[] {
  const errors: FieldError[] = [];
  const host = asString(rule.host) ?? '';
  const hostPath = path.child('host');
  let wildcard = false;
  if (host !== '') {
    if (ipFamilyOf(host) !== 0) errors.push(invalid(hostPath, stringValue(host), 'must be a DNS name, not an IP address', 'host-ip'));
    wildcard = host.includes('*');
    const messages = wildcard ? isWildcardDns1123Subdomain(host) : isDns1123Subdomain(host);
    for (const message of messages) errors.push(invalid(hostPath, stringValue(host), message, 'host-invalid'));
  }
  if (!wildcard || !options.allowInvalidWildcardHostRule) errors.push(...ruleValueErrors(rule, path, options));
  return errors;
}

// validateIngressRuleValue and validateHTTPIngressRuleValue: an `http` block needs at least one path.
function ruleValueErrors(rule: JsonObject, path: FieldPath, options: IngressOptions): FieldError[] {
  const http = asObject(rule.http);
  if (!http) return [];
  const httpPath = path.child('http');
  const paths = objectItems(http.paths);
  const errors: FieldError[] = paths.length === 0 ? [required(httpPath.child('paths'), '', 'paths-required')] : [];
  paths.forEach((item, index) => errors.push(...validateHttpIngressPath(item, httpPath.child('paths').index(index), options)));
  return errors;
}

// validateHTTPIngressPath: pathType first (a path without one is not looked at further), then the path's
// syntax for its type, then the backend.
function validateHttpIngressPath(item: JsonObject, path: FieldPath, options: IngressOptions): FieldError[] {
  const pathType = asString(item.pathType);
  if (pathType === undefined) return [required(path.child('pathType'), 'pathType must be specified', 'path-type-required')];
  const errors: FieldError[] = [];
  const text = asString(item.path) ?? '';
  const pathField = path.child('path');
  const bad = (detail: string, rule: string): FieldError => invalid(pathField, stringValue(text), detail, rule);
  if (pathType === 'Exact' || pathType === 'Prefix') {
    if (!text.startsWith('/')) errors.push(bad('must be an absolute path', 'path-not-absolute'));
    for (const sequence of text === '' ? [] : INVALID_SEQUENCES)
      if (text.includes(sequence)) errors.push(bad(`must not contain '${sequence}'`, 'path-invalid-sequence'));
    for (const suffix of text === '' ? [] : INVALID_SUFFIXES) if (text.endsWith(suffix)) errors.push(bad(`cannot end with '${suffix}'`, 'path-invalid-suffix'));
  } else if (pathType === 'ImplementationSpecific') {
    if (text !== '' && !text.startsWith('/')) errors.push(bad('must be an absolute path', 'path-not-absolute'));
  } else {
    errors.push(notSupported(path.child('pathType'), stringValue(pathType), PATH_TYPES, 'path-type-unsupported'));
  }
  errors.push(...validateIngressBackend(asObject(item.backend) ?? {}, path.child('backend'), options));
  return errors;
}

// validateIngressBackend: exactly one of `service` and `resource`; a service needs a name (a DNS-1035 label,
// a DNS label under the relaxed ratchet) and exactly one of port name and port number.
function validateIngressBackend(backend: JsonObject, path: FieldPath, options: IngressOptions): FieldError[] {
  const service = asObject(backend.service);
  const resource = asObject(backend.resource);
  const empty = stringValue('');
  if (service && resource) return [invalid(path, empty, 'cannot set both resource and service backends', 'backend-both')];
  if (resource) return validateTypedLocalObjectReference(resource, path.child('resource'));
  if (!service) return [invalid(path, empty, 'resource or service backend is required', 'backend-required')];
  const errors: FieldError[] = [];
  const name = asString(service.name) ?? '';
  const namePath = path.child('service', 'name');
  if (name === '') errors.push(required(namePath, '', 'service-name-required'));
  const checkName = options.allowRelaxedServiceName ? nameIsDnsLabel : nameIsDns1035Label;
  for (const message of name === '' ? [] : checkName(name, false)) errors.push(invalid(namePath, stringValue(name), message, 'service-name-invalid'));
  const port = asObject(service.port) ?? {};
  const portName = asString(port.name) ?? '';
  const portNumber = asNumber(port.number) ?? 0;
  if (portName !== '' && portNumber !== 0) {
    errors.push(invalid(path, empty, 'cannot set both port name & port number', 'service-port-both'));
  } else if (portName !== '') {
    for (const message of isValidPortName(portName))
      errors.push(invalid(path.child('service', 'port', 'name'), stringValue(portName), message, 'service-port-name-invalid'));
  } else if (portNumber !== 0) {
    for (const message of isValidPortNumber(portNumber))
      errors.push(invalid(path.child('service', 'port', 'number'), numberValue(portNumber), message, 'service-port-number-invalid'));
  } else {
    errors.push(required(path, 'port name or number is required', 'service-port-required'));
  }
  return errors;
}

// IsPathSegmentName (IsValidPathSegmentName before 1.35): the same texts.
function pathSegmentErrors(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return ['/', '%'].filter((illegal) => name.includes(illegal)).map((illegal) => `may not contain '${illegal}'`);
}

// validateIngressTypedLocalObjectReference: apiGroup a DNS subdomain when set; kind and name required path segments.
function validateTypedLocalObjectReference(reference: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const apiGroup = asString(reference.apiGroup);
  if (apiGroup !== undefined)
    for (const message of isDns1123Subdomain(apiGroup))
      errors.push(invalid(path.child('apiGroup'), stringValue(apiGroup), message, 'resource-api-group-invalid'));
  for (const key of ['kind', 'name']) {
    const value = asString(reference[key]) ?? '';
    if (value === '') errors.push(required(path.child(key), '', `resource-${key}-required`));
    else for (const message of pathSegmentErrors(value)) errors.push(invalid(path.child(key), stringValue(value), message, `resource-${key}-invalid`));
  }
  return errors;
}

// validateTLSSecretName: ValidateSecretName (NameIsDNSSubdomain) for a non-empty name.
function secretNameErrors(name: string): string[] {
  return name === '' ? [] : isDns1123Subdomain(name);
}

// validateIngressTLS for one entry: each host a DNS subdomain or a `*.` wildcard; the secret name.
function validateIngressTls(tls: JsonObject, path: FieldPath, options: IngressOptions): FieldError[] {
  const errors: FieldError[] = [];
  (asArray(tls.hosts) ?? []).forEach((value: JsonValue, index) => {
    const host = typeof value === 'string' ? value : '';
    const messages = host.includes('*') ? isWildcardDns1123Subdomain(host) : isDns1123Subdomain(host);
    for (const message of messages) errors.push(invalid(path.child('hosts').index(index), stringValue(host), message, 'tls-host-invalid'));
  });
  const secretName = asString(tls.secretName) ?? '';
  if (!options.allowInvalidSecretName)
    for (const message of secretNameErrors(secretName))
      errors.push(invalid(path.child('secretName'), stringValue(secretName), message, 'tls-secret-name-invalid'));
  return errors;
}
