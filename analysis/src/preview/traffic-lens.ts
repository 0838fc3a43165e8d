// The "Preview traffic" lens above a Service or an Ingress: it opens the rollout preview of a workload behind it,
// whose traffic lane then shows every workload the Service selects (traffic-companions.ts). Behind a Service: the
// apps/v1 Deployments and StatefulSets of its namespace whose pod template labels its selector picks; behind an
// Ingress: those of the Services its rules and default backend name.
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import { locate, type ManifestObject } from '../manifest/manifest-document';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import { namespaceOf, type IndexedObject } from '../checks/indexed-object';
import { findSelectingServices, isService, templateLabelsOf } from '../facts/service-selection';
import { isPreviewWorkload } from './traffic-companions';

/** Workload names the title lists before "and N more". */
const NAMES_SHOWN = 3;

/** A lens before it becomes LSP: its title, where it sits, and the workload the preview opens on. */
interface TrafficLens {
  title: string;
  /** Start of the Service's or Ingress's first line. */
  start: number;
  /** The workload to preview: its file and an offset inside it. */
  target: { uri: string; offset: number };
}

function isIngress(object: ManifestObject): boolean {
  return object.apiVersion === 'networking.k8s.io/v1' && object.kind === 'Ingress';
}

function backendServiceName(backend: ReadonlyJsonValue | undefined): string[] {
  if (!isJsonObject(backend) || !isJsonObject(backend.service)) return [];
  return typeof backend.service.name === 'string' ? [backend.service.name] : [];
}

/** The Service names an Ingress routes to (its rules' paths and its default backend). */
function ingressServiceNames(ingress: ManifestObject): Set<string> {
  const spec = ingress.value.spec;
  const names = new Set<string>();
  if (!isJsonObject(spec)) return names;
  for (const name of backendServiceName(spec.defaultBackend)) names.add(name);
  for (const rule of Array.isArray(spec.rules) ? spec.rules : []) {
    if (!isJsonObject(rule) || !isJsonObject(rule.http)) continue;
    for (const path of Array.isArray(rule.http.paths) ? rule.http.paths : []) {
      if (isJsonObject(path)) for (const name of backendServiceName(path.backend)) names.add(name);
    }
  }
  return names;
}

/** The workloads behind `object` (a Service or an Ingress) among `inSight`, in order, each once. */
function workloadsBehind(object: ManifestObject, inSight: readonly IndexedObject[]): IndexedObject[] {
  const namespace = namespaceOf(object);
  let services: ManifestObject[];
  if (isService(object)) services = [object];
  else {
    const names = ingressServiceNames(object);
    services = inSight
      .map((entry) => entry.object)
      .filter((candidate) => isService(candidate) && namespaceOf(candidate) === namespace && names.has(candidate.name ?? ''));
  }
  if (services.length === 0) return [];
  const seen = new Set<string>();
  return inSight.filter((entry) => {
    const candidate = entry.object;
    if (!isPreviewWorkload(candidate) || namespaceOf(candidate) !== namespace) return false;
    const key = `${candidate.kind}/${candidate.name ?? ''}`;
    if (seen.has(key) || findSelectingServices(templateLabelsOf(candidate), namespace, services).length === 0) return false;
    seen.add(key);
    return true;
  });
}

/** One lens per Service or Ingress of `file` with a workload behind it (the workspace's, else the file's own). */
export function trafficLensesOf(file: ManifestFile, uri: string, workspace: readonly IndexedObject[] | undefined): TrafficLens[] {
  const own = objectsOf(file).map((object) => ({ uri, object }));
  // The file's own objects first (the preview opens on one of them when it can), then the rest of the workspace.
  const inSight = [...own, ...(workspace ?? []).filter((entry) => entry.uri !== uri)];
  return own.flatMap(({ object }) => {
    if (!isService(object) && !isIngress(object)) return [];
    const behind = workloadsBehind(object, inSight);
    const first = behind[0];
    if (!first) return [];
    const names = behind.slice(0, NAMES_SHOWN).map((entry) => entry.object.name ?? '');
    const more = behind.length > NAMES_SHOWN ? ` and ${behind.length - NAMES_SHOWN} more` : '';
    const root = locate(object, []).value ?? { start: object.document.start };
    const targetRoot = locate(first.object, []).value ?? { start: first.object.document.start };
    return [
      {
        title: `▶ Preview traffic · ${names.join(', ')}${more}`,
        start: file.text.lastIndexOf('\n', root.start - 1) + 1,
        target: { uri: first.uri, offset: targetRoot.start },
      },
    ];
  });
}
