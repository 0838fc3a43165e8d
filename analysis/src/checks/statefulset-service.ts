// A StatefulSet's serviceName must name a headless Service in its namespace that selects its pods.
import type { ManifestObject } from '../manifest/manifest-document';
import { serviceSelectorMatches } from '@kubesim/engine';
import { spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding, type FindingFix, type IndexedObject } from './check-context';
import { labelsOf, valueAt } from './label-selector';
import { blockMapLines, insertMapEntries, replaceValue } from './yaml-edits';
import { namedList } from './named-list';
import { ownEntriesFirst } from './folder-groups';

/**
 * Pod DNS names (`web-0.nginx.default.svc.cluster.local`) exist only when the Service named by
 * `spec.serviceName` is headless and selects the pods; the API server validates none of this.
 */
export function checkStatefulSetService(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'StatefulSet' || !object.name) return [];
  const serviceName = object.value.spec && valueAt(object.value, ['spec', 'serviceName']);
  if (typeof serviceName !== 'string' || serviceName === '') return [];
  const namespace = namespaceOf(object);
  // Placed only for a finding: a compact document reads its tree again to place one.
  const span = () => spanForPath(object, ['spec', 'serviceName']);
  const key = `${namespace}/${serviceName}`;
  const together = context.appliedTogether;
  // The first Service of that name applied with it: the file's own first, then the folder's in order.
  const service = ownEntriesFirst(servicesByName(together.base).get(key) ?? [], together)[0];
  // A Service of that name in another file may be the one applied with it, or an alternative:
  // it silences "missing" and is never blamed.
  if (!service && context.index.view.servicesNamed(namespace, serviceName).length > 0) return [];
  if (!service) {
    return [
      {
        ...span(),
        severity: 'warning',
        code: 'statefulset-service-missing',
        field: 'spec.serviceName',
        message:
          `No Service "${serviceName}" in namespace "${namespace}" in the workspace: pods get no stable ` +
          `DNS names (${object.name}-0.${serviceName}.${namespace}.svc) until a headless Service with ` +
          `that name selects them.`,
        fixes: headlessServiceFix(object, serviceName, context),
      },
    ];
  }
  const findings: CheckFinding[] = [];
  // A Service in the same file that is not headless is reported once, on the Service, where the
  // fix goes (governing-service-not-headless); one in another file also here, where it matters.
  if (service.uri !== (context.uri ?? '') && valueAt(service.object.value, ['spec', 'clusterIP']) !== 'None') {
    findings.push({
      ...span(),
      severity: 'warning',
      code: 'statefulset-service-not-headless',
      field: 'spec.serviceName',
      message:
        `Service "${serviceName}" is not headless (spec.clusterIP is not None): the DNS server creates ` +
        `no per-pod records such as ${object.name}-0.${serviceName}.${namespace}.svc.`,
    });
  }
  const selector = labelsOf(valueAt(service.object.value, ['spec', 'selector']));
  const podLabels = labelsOf(valueAt(object.value, ['spec', 'template', 'metadata', 'labels'])) ?? {};
  if (selector && Object.keys(selector).length > 0 && !serviceSelectorMatches(selector, podLabels)) {
    findings.push({
      ...span(),
      severity: 'warning',
      code: 'statefulset-service-selector-mismatch',
      field: 'spec.serviceName',
      message:
        `Service "${serviceName}" selects ${JSON.stringify(selector)}, which does not match this StatefulSet's ` +
        `pod labels ${JSON.stringify(podLabels)}: its pods get no DNS records.`,
    });
  }
  return findings;
}

/** The governing Service, when it is in this file: the fix sets `clusterIP: None` on it. */
export function checkServiceHeadlessForStatefulSet(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'Service' || object.apiVersion !== 'v1' || !object.name) return [];
  if (valueAt(object.value, ['spec', 'clusterIP']) === 'None') return [];
  const namespace = namespaceOf(object);
  const together = context.appliedTogether;
  const governed = ownEntriesFirst(statefulSetsByService(together.base).get(`${namespace}/${object.name}`) ?? [], together);
  if (governed.length === 0) return [];
  const type = valueAt(object.value, ['spec', 'type']);
  const names = namedList(governed.map(({ object: set }) => set.name ?? '?'));
  // On `clusterIP` when written, else on `type` (what makes the Service not headless), else on `spec`.
  const field = valueAt(object.value, ['spec', 'clusterIP']) === undefined && type !== undefined ? 'type' : 'clusterIP';
  const finding: CheckFinding = {
    ...spanForPath(object, ['spec', field]),
    severity: 'warning',
    code: 'governing-service-not-headless',
    field: `spec.${field}`,
    message:
      `This Service governs StatefulSet ${names} (spec.serviceName) but is not headless: set spec.clusterIP ` +
      `to None for per-pod DNS records. clusterIP is immutable, so an existing Service must be re-created.`,
  };
  // LoadBalancer and NodePort Services may not be headless: no single correct fix.
  if (type === undefined || type === 'ClusterIP') {
    const edit =
      valueAt(object.value, ['spec', 'clusterIP']) === undefined
        ? insertMapEntries(object, ['spec'], [{ key: 'clusterIP', value: 'None' }])
        : replaceValue(object, ['spec', 'clusterIP'], 'None');
    if (edit) finding.fixes = [{ title: 'Set clusterIP: None (headless Service)', edits: [edit], isPreferred: true }];
  }
  return [finding];
}

function headlessServiceFix(object: ManifestObject, serviceName: string, context: CheckContext): FindingFix[] | undefined {
  const matchLabels = labelsOf(valueAt(object.value, ['spec', 'selector', 'matchLabels']));
  if (!matchLabels || Object.keys(matchLabels).length === 0) return undefined;
  const text = context.file.text;
  const lines = ['---', 'apiVersion: v1', 'kind: Service', 'metadata:', `  name: ${serviceName}`];
  if (object.namespace) lines.push(`  namespace: ${object.namespace}`);
  lines.push('spec:', '  clusterIP: None', '  selector:', ...blockMapLines(matchLabels, '    '));
  const ports = containerPorts(object);
  if (ports.length > 0) lines.push('  ports:', ...ports);
  const prefix = text.length === 0 || text.endsWith('\n') ? '' : '\n';
  return [
    {
      title: `Create headless Service "${serviceName}"`,
      edits: [{ start: text.length, end: text.length, newText: `${prefix}${lines.join('\n')}\n` }],
      isPreferred: true,
    },
  ];
}

// The first container port, named when it has a name, so the new Service has a usable port.
function containerPorts(object: ManifestObject): string[] {
  const ports = valueAt(object.value, ['spec', 'template', 'spec', 'containers', 0, 'ports', 0]);
  const port = ports && valueAt(ports, ['containerPort']);
  if (typeof port !== 'number') return [];
  const name = valueAt(ports, ['name']);
  const lines = typeof name === 'string' ? [`    - name: ${name}`, `      port: ${port}`] : [`    - port: ${port}`];
  return lines;
}

// Every Service asks which StatefulSets name it: index the objects applied together once per folder
// (folder-groups.ts) by "<namespace>/<serviceName>", in folder order.
const statefulSetIndexes = new WeakMap<readonly IndexedObject[], Map<string, IndexedObject[]>>();

function statefulSetsByService(workspace: readonly IndexedObject[]): Map<string, IndexedObject[]> {
  let index = statefulSetIndexes.get(workspace);
  if (index) return index;
  index = new Map();
  for (const entry of workspace) {
    if (entry.object.kind !== 'StatefulSet') continue;
    const serviceName = valueAt(entry.object.value, ['spec', 'serviceName']);
    if (typeof serviceName !== 'string') continue;
    const key = `${namespaceOf(entry.object)}/${serviceName}`;
    const list = index.get(key);
    if (list) list.push(entry);
    else index.set(key, [entry]);
  }
  statefulSetIndexes.set(workspace, index);
  return index;
}

// Every StatefulSet looks up its governing Service: index the Services once per folder by
// "<namespace>/<name>", every one in folder order (the checked file's own come first at the lookup).
const serviceIndexes = new WeakMap<readonly IndexedObject[], Map<string, IndexedObject[]>>();

function servicesByName(workspace: readonly IndexedObject[]): Map<string, IndexedObject[]> {
  let index = serviceIndexes.get(workspace);
  if (index) return index;
  index = new Map();
  for (const entry of workspace) {
    const { object } = entry;
    if (object.kind !== 'Service' || object.apiVersion !== 'v1' || object.name === undefined) continue;
    const key = `${namespaceOf(object)}/${object.name}`;
    const list = index.get(key);
    if (list) list.push(entry);
    else index.set(key, [entry]);
  }
  serviceIndexes.set(workspace, index);
  return index;
}
