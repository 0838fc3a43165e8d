// Container rules of a pod template: names, image, ports, env, volume mounts, probes, security context.
// Follows validateContainers/validateContainerCommon, validateContainerPorts, ValidateEnv,
// ValidateVolumeMounts and validateProbe, kubernetes pkg/apis/core/validation (v1.3x).
import type { JsonObject, JsonValue } from '../../../model/objects';
import type { KubernetesVersion } from '../../../model/kubernetes-version';
import {
  duplicate,
  forbidden,
  invalid,
  notFound,
  notSupported,
  numberValue,
  required,
  stringValue,
  validateNonnegative,
  type FieldError,
  type FieldPath,
} from '../field-error';
import { isDns1123Label, isQualifiedName, isRelaxedEnvVarName, isValidPortName, isValidPortNumber } from '../string-checks';
import { validateContainerResources } from './container-resources';
import { validateContainerSecurityContext } from './pod-security-context';
import { asArray, asNumber, asObject, asString, objectItems } from './json-access';

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];

/** validateContainerCommon for one container; `hostUsers` is false when the pod sets `hostUsers: false`. */
export function validateContainerCommon(
  container: JsonObject,
  path: FieldPath,
  volumeNames: ReadonlySet<string>,
  hostUsers: boolean,
  version: KubernetesVersion,
): FieldError[] {
  const errors: FieldError[] = [];
  const name = asString(container.name) ?? '';
  if (name === '') errors.push(required(path.child('name'), '', 'container-name-required'));
  else errors.push(...isDns1123Label(name).map((message) => invalid(path.child('name'), stringValue(name), message, 'container-name-invalid')));
  if ((asString(container.image) ?? '') === '') errors.push(required(path.child('image'), '', 'container-image-required'));
  const messagePolicy = asString(container.terminationMessagePolicy) ?? '';
  if (messagePolicy === '') errors.push(required(path.child('terminationMessagePolicy'), '', 'termination-message-policy-required'));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(messagePolicy))
    errors.push(
      notSupported(path.child('terminationMessagePolicy'), stringValue(messagePolicy), TERMINATION_MESSAGE_POLICIES, 'termination-message-policy-unsupported'),
    );
  errors.push(...validateContainerPorts(objectItems(container.ports), path.child('ports')));
  errors.push(...validateEnv(objectItems(container.env), path.child('env')));
  errors.push(...validateEnvFrom(objectItems(container.envFrom), path.child('envFrom')));
  errors.push(...validateVolumeMounts(objectItems(container.volumeMounts), path.child('volumeMounts'), volumeNames));
  const pullPolicy = asString(container.imagePullPolicy) ?? '';
  if (pullPolicy === '') errors.push(required(path.child('imagePullPolicy'), '', 'image-pull-policy-required'));
  else if (!PULL_POLICIES.includes(pullPolicy))
    errors.push(notSupported(path.child('imagePullPolicy'), stringValue(pullPolicy), PULL_POLICIES, 'image-pull-policy-unsupported'));
  const resources = asObject(container.resources);
  if (resources) errors.push(...validateContainerResources(resources, path.child('resources')));
  const securityContext = asObject(container.securityContext);
  if (securityContext) errors.push(...validateContainerSecurityContext(securityContext, path.child('securityContext'), hostUsers, version));
  return errors;
}

function validateContainerPorts(ports: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const portPath = path.index(i);
    const name = asString(port.name) ?? '';
    if (name !== '') {
      const messages = isValidPortName(name);
      if (messages.length > 0) errors.push(...messages.map((message) => invalid(portPath.child('name'), stringValue(name), message, 'port-name-invalid')));
      else if (names.has(name)) errors.push(duplicate(portPath.child('name'), stringValue(name), 'port-name-duplicate'));
      else names.add(name);
    }
    const containerPort = asNumber(port.containerPort) ?? 0;
    if (containerPort === 0) errors.push(required(portPath.child('containerPort'), '', 'container-port-required'));
    else
      errors.push(
        ...isValidPortNumber(containerPort).map((message) =>
          invalid(portPath.child('containerPort'), numberValue(containerPort), message, 'container-port-invalid'),
        ),
      );
    const hostPort = asNumber(port.hostPort) ?? 0;
    if (hostPort !== 0)
      errors.push(...isValidPortNumber(hostPort).map((message) => invalid(portPath.child('hostPort'), numberValue(hostPort), message, 'host-port-invalid')));
    const protocol = asString(port.protocol) ?? '';
    if (protocol === '') errors.push(required(portPath.child('protocol'), '', 'port-protocol-required'));
    else if (!PORT_PROTOCOLS.includes(protocol))
      errors.push(notSupported(portPath.child('protocol'), stringValue(protocol), PORT_PROTOCOLS, 'port-protocol-unsupported'));
  });
  return errors;
}

// ValidateEnv with relaxed names (RelaxedEnvironmentVariableValidation is on from 1.32).
function validateEnv(env: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  env.forEach((variable, i) => {
    const variablePath = path.index(i);
    const name = asString(variable.name) ?? '';
    if (name === '') errors.push(required(variablePath.child('name'), '', 'env-name-required'));
    else errors.push(...isRelaxedEnvVarName(name).map((message) => invalid(variablePath.child('name'), stringValue(name), message, 'env-name-invalid')));
    const valueFrom = asObject(variable.valueFrom);
    if (valueFrom) errors.push(...validateEnvVarValueFrom(variable, valueFrom, variablePath.child('valueFrom')));
  });
  return errors;
}

const ENV_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef', 'fileKeyRef'];

// Follows validateEnvVarValueFrom: exactly one source, and no literal value beside it.
function validateEnvVarValueFrom(variable: JsonObject, valueFrom: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const count = ENV_SOURCES.filter((key) => asObject(valueFrom[key]) !== undefined).length;
  if ((asString(variable.value) ?? '') !== '' && count !== 0) {
    errors.push(invalid(path, stringValue(''), 'may not be specified when `value` is not empty', 'env-value-from-with-value'));
  }
  const fieldRef = asObject(valueFrom.fieldRef);
  if (fieldRef) errors.push(...validateObjectFieldSelector(fieldRef, path.child('fieldRef')));
  const resourceFieldRef = asObject(valueFrom.resourceFieldRef);
  if (resourceFieldRef) errors.push(...validateResourceFieldSelector(resourceFieldRef, path.child('resourceFieldRef')));
  if (count === 0) {
    errors.push(
      invalid(path, stringValue(''), 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`', 'env-value-from-empty'),
    );
  } else if (count > 1) {
    errors.push(invalid(path, stringValue(''), 'may not have more than one field specified at a time', 'env-value-from-multiple'));
  }
  return errors;
}

function validateEnvFrom(envFrom: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  for (const source of envFrom) {
    const count = ['configMapRef', 'secretRef'].filter((key) => asObject(source[key]) !== undefined).length;
    if (count === 0) errors.push(invalid(path, stringValue(''), 'must specify one of: `configMapRef` or `secretRef`', 'env-from-empty'));
    else if (count > 1) errors.push(invalid(path, stringValue(''), 'may not have more than one field specified at a time', 'env-from-multiple'));
  }
  return errors;
}

function validateVolumeMounts(mounts: JsonObject[], path: FieldPath, volumeNames: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  const mountPaths = new Set<string>();
  mounts.forEach((mount, i) => {
    const mountPath = path.index(i);
    const name = asString(mount.name) ?? '';
    if (name === '') errors.push(required(mountPath.child('name'), '', 'volume-mount-name-required'));
    else if (!volumeNames.has(name)) errors.push(notFound(mountPath.child('name'), stringValue(name), 'volume-mount-not-found'));
    const target = asString(mount.mountPath) ?? '';
    if (target === '') errors.push(required(mountPath.child('mountPath'), '', 'volume-mount-path-required'));
    else if (mountPaths.has(target)) errors.push(invalid(mountPath.child('mountPath'), stringValue(target), 'must be unique', 'volume-mount-path-duplicate'));
    mountPaths.add(target);
    if ((asString(mount.subPathExpr) ?? '') !== '' && (asString(mount.subPath) ?? '') !== '') {
      errors.push(
        invalid(
          mountPath.child('subPathExpr'),
          stringValue(asString(mount.subPathExpr)!),
          'subPathExpr and subPath are mutually exclusive',
          'volume-mount-subpath-exclusive',
        ),
      );
    }
  });
  return errors;
}

const PROBE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const PROBE_NUMBERS = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'];

/** validateProbe and the liveness/startup `successThreshold` rule. */
export function validateProbe(probe: JsonObject, path: FieldPath, kind: 'livenessProbe' | 'readinessProbe' | 'startupProbe'): FieldError[] {
  const errors: FieldError[] = [];
  const handlers = PROBE_HANDLERS.filter((key) => asObject(probe[key]) !== undefined);
  if (handlers.length === 0) errors.push(required(path, 'must specify a handler type', 'probe-handler-required'));
  else if (handlers.length > 1) errors.push(forbidden(path.child(handlers[1]!), 'may not specify more than 1 handler type', 'probe-handler-multiple'));
  else errors.push(...validateHandler(probe, handlers[0]!, path));
  for (const key of PROBE_NUMBERS) {
    const value = asNumber(probe[key]);
    if (value !== undefined) errors.push(...validateNonnegative(value, path.child(key), 'probe-negative-value'));
  }
  const grace = asNumber(probe.terminationGracePeriodSeconds);
  if (grace !== undefined && grace <= 0)
    errors.push(invalid(path.child('terminationGracePeriodSeconds'), numberValue(grace), 'must be greater than 0', 'probe-grace-period-invalid'));
  const success = asNumber(probe.successThreshold);
  if (kind !== 'readinessProbe' && success !== undefined && success !== 1) {
    errors.push(invalid(path.child('successThreshold'), numberValue(success), 'must be 1', 'probe-success-threshold'));
  }
  if (kind === 'readinessProbe' && probe.terminationGracePeriodSeconds !== undefined && probe.terminationGracePeriodSeconds !== null) {
    errors.push(
      invalid(path.child('terminationGracePeriodSeconds'), numberValue(grace ?? 0), 'must not be set for readinessProbes', 'probe-grace-period-readiness'),
    );
  }
  return errors;
}

const HTTP_SCHEMES = ['HTTP', 'HTTPS'];

/**
 * validateHandler's per-type checks (validateExecAction, validateHTTPGetAction,
 * validateTCPSocketAction, validateGRPCAction): ports as numbers or names, and the HTTP scheme.
 */
export function validateHandler(handler: JsonObject, type: string, path: FieldPath): FieldError[] {
  const action = asObject(handler[type]) ?? {};
  const actionPath = path.child(type);
  switch (type) {
    case 'httpGet': {
      const errors = validatePortNumberOrName(action.port, actionPath.child('port'));
      const scheme = asString(action.scheme) ?? '';
      if (!HTTP_SCHEMES.includes(scheme)) errors.push(notSupported(actionPath.child('scheme'), stringValue(scheme), HTTP_SCHEMES, 'probe-scheme-unsupported'));
      return errors;
    }
    case 'exec':
      return (asArray(action.command) ?? []).length === 0 ? [required(actionPath.child('command'), '', 'exec-command-required')] : [];
    case 'tcpSocket':
      return validatePortNumberOrName(action.port, actionPath.child('port'));
    case 'grpc': {
      const port = asNumber(action.port) ?? 0;
      return isValidPortNumber(port).map((message) => invalid(actionPath.child('port'), numberValue(port), message, 'probe-port-invalid'));
    }
    default:
      return [];
  }
}

/** ValidatePortNumOrName for an IntOrString port; a missing port is the number 0. */
function validatePortNumberOrName(port: JsonValue | undefined, path: FieldPath): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((message) => invalid(path, stringValue(port), message, 'port-name-invalid'));
  const number = typeof port === 'number' ? port : 0;
  return isValidPortNumber(number).map((message) => invalid(path, numberValue(number), message, 'port-number-invalid'));
}

// podshelper.ConvertDownwardAPIFieldLabel: the v1 pod field labels (spec.host is the old nodeName).
const DOWNWARD_API_LABELS = new Set([
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.serviceAccountName',
  'spec.schedulerName',
  'status.phase',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
  'spec.host',
]);
// validEnvDownwardAPIFieldPathExpressions, in sets.List (sorted) order.
const ENV_FIELD_PATHS = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
];

// fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['app']` -> path and subscript.
function splitSubscriptedPath(fieldPath: string): { path: string; subscript: string } | undefined {
  const match = /^(.*)\['(.*)'\]$/.exec(fieldPath);
  return match ? { path: match[1]!, subscript: match[2]! } : undefined;
}

/** validateObjectFieldSelector for an env var's fieldRef (apiVersion defaults to v1). */
function validateObjectFieldSelector(selector: JsonObject, path: FieldPath): FieldError[] {
  const apiVersion = asString(selector.apiVersion) || 'v1';
  const fieldPath = asString(selector.fieldPath) ?? '';
  if (fieldPath === '') return [required(path.child('fieldPath'), '', 'field-path-required')];
  const subscripted = splitSubscriptedPath(fieldPath);
  let conversionError: string | undefined;
  if (apiVersion !== 'v1') conversionError = `unsupported pod version: ${apiVersion}`;
  else if (subscripted && subscripted.path !== 'metadata.annotations' && subscripted.path !== 'metadata.labels')
    conversionError = `field label does not support subscript: ${fieldPath}`;
  else if (!subscripted && !DOWNWARD_API_LABELS.has(fieldPath)) conversionError = `field label not supported: ${fieldPath}`;
  if (conversionError)
    return [invalid(path.child('fieldPath'), stringValue(fieldPath), `error converting fieldPath: ${conversionError}`, 'field-path-invalid')];
  if (subscripted) {
    const key = subscripted.path === 'metadata.annotations' ? subscripted.subscript.toLowerCase() : subscripted.subscript;
    return isQualifiedName(key).map((message) => invalid(path, stringValue(key), message, 'field-path-subscript-invalid'));
  }
  const internal = fieldPath === 'spec.host' ? 'spec.nodeName' : fieldPath;
  if (!ENV_FIELD_PATHS.includes(internal)) return [notSupported(path.child('fieldPath'), stringValue(internal), ENV_FIELD_PATHS, 'field-path-unsupported')];
  return [];
}

// validContainerResourceFieldPathExpressions (sorted), plus the huge-page prefixes.
const ENV_RESOURCES = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

/** validateContainerResourceFieldSelector for an env var (the container name may be empty). */
function validateResourceFieldSelector(selector: JsonObject, path: FieldPath): FieldError[] {
  const resource = asString(selector.resource) ?? '';
  if (resource === '') return [required(path.child('resource'), '', 'resource-field-required')];
  if (ENV_RESOURCES.includes(resource) || resource.startsWith('requests.hugepages-') || resource.startsWith('limits.hugepages-')) return [];
  return [notSupported(path.child('resource'), stringValue(resource), ENV_RESOURCES, 'resource-field-unsupported')];
}
