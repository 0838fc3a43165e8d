// Ingress backends (networking.k8s.io/v1) against the workspace's Services: the Service must exist in
// the Ingress's namespace and expose the port by number (`port.number` = a Service `port`) or by name
// (`port.name` = a Service port `name`), as controllers resolve them. Silent when the namespace has no
// Service in the workspace (the Services come from elsewhere).
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { PathSegment } from '../manifest/yaml-path';
import { namespaceOf, type CheckContext, type CheckFinding } from './check-context';
import { valueAt } from './label-selector';

interface BackendRef {
  path: PathSegment[];
  service: string;
  portNumber?: number;
  portName?: string;
}

// Every `backend.service` of the Ingress: the default backend and each rule path's.
function backendsOf(object: ManifestObject): BackendRef[] {
  const refs: BackendRef[] = [];
  const add = (path: PathSegment[]): void => {
    const service = valueAt(object.value, [...path, 'service']);
    const name = valueAt(service, ['name']);
    if (typeof name !== 'string' || name === '') return;
    const number = valueAt(service, ['port', 'number']);
    const portName = valueAt(service, ['port', 'name']);
    refs.push({
      path: [...path, 'service'],
      service: name,
      ...(typeof number === 'number' ? { portNumber: number } : {}),
      ...(typeof portName === 'string' && portName !== '' ? { portName } : {}),
    });
  };
  add(['spec', 'defaultBackend']);
  const rules = valueAt(object.value, ['spec', 'rules']);
  if (Array.isArray(rules)) {
    rules.forEach((rule, i) => {
      const paths = valueAt(rule, ['http', 'paths']);
      if (Array.isArray(paths)) paths.forEach((_, j) => add(['spec', 'rules', i, 'http', 'paths', j, 'backend']));
    });
  }
  return refs;
}

/**
 * The AWS Load Balancer Controller's convention: a backend port named `use-annotation` makes the
 * controller read an action from the `alb.ingress.kubernetes.io/actions.<service name>` annotation
 * (a redirect, a fixed response, weighted target groups); the "Service" is then no Service at all.
 */
function isAnnotationAction(ref: BackendRef): boolean {
  return ref.portName === 'use-annotation';
}

/** Backends naming a Service missing from the namespace, or a port the Service does not expose. */
export function checkIngressBackends(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'Ingress' || object.apiVersion !== 'networking.k8s.io/v1') return [];
  const namespace = namespaceOf(object);
  const services = context.index.servicesIn(namespace).map(({ object: other }) => other);
  if (services.length === 0) return [];
  const findings: CheckFinding[] = [];
  for (const ref of backendsOf(object)) {
    if (isAnnotationAction(ref)) continue;
    const service = services.find((candidate) => candidate.name === ref.service);
    if (!service) {
      findings.push({
        ...spanForPath(object, [...ref.path, 'name']),
        // A hint only: Ingresses often front Services installed by something else (a dashboard, a chart).
        severity: 'information',
        code: 'ingress-backend-service-missing',
        field: [...ref.path, 'name'].join('.'),
        message:
          `No Service "${ref.service}" in namespace "${namespace}" in the workspace: unless it is created ` +
          `elsewhere, requests routed here fail (ingress-nginx answers 503).`,
      });
      continue;
    }
    const ports = valueAt(service.value, ['spec', 'ports']);
    const list = Array.isArray(ports) ? ports : [];
    const exposes =
      ref.portNumber !== undefined
        ? list.some((port) => valueAt(port, ['port']) === ref.portNumber)
        : ref.portName !== undefined
          ? list.some((port) => valueAt(port, ['name']) === ref.portName)
          : true;
    if (exposes || valueAt(service.value, ['spec', 'type']) === 'ExternalName') continue;
    const shown = ref.portNumber !== undefined ? `port ${ref.portNumber}` : `port named "${ref.portName}"`;
    const field = ref.portNumber !== undefined ? 'number' : 'name';
    findings.push({
      ...spanForPath(object, [...ref.path, 'port', field]),
      severity: 'warning',
      code: 'ingress-backend-port-missing',
      field: [...ref.path, 'port', field].join('.'),
      message: `Service "${ref.service}" has no ${shown}: requests routed here have no endpoints (ingress-nginx answers 503).`,
    });
  }
  return findings;
}
