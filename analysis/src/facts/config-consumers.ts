// Which workloads use a ConfigMap or a Secret, for hovers: the pod templates of its namespace that mount it
// (a volume, a projected volume source), read it into the environment (`envFrom`, `valueFrom` key
// references) or pull images with it (`imagePullSecrets`), as the kubelet resolves those names.
import type { ReadonlyJsonValue } from '@kubesim/engine';
import { valueAt } from '../checks/label-selector';
import { podSourceOf } from '../checks/pod-templates';
import type { ManifestObject } from '../manifest/manifest-document';
import { namespaceOf } from './service-selection';

/** One workload using the object, and how. */
interface ConfigConsumer {
  /** `Deployment/web`. */
  workload: string;
  /** `volume config`, `env DB_HOST (key host)`, `envFrom`, `imagePullSecrets`. */
  uses: string[];
}

type Source = 'ConfigMap' | 'Secret';

/** The workloads among `candidates` whose pods use `object` (a v1 ConfigMap or Secret). */
export function findConfigConsumers(object: ManifestObject, candidates: readonly ManifestObject[]): ConfigConsumer[] {
  const kind = object.kind as Source;
  const name = object.name;
  if ((kind !== 'ConfigMap' && kind !== 'Secret') || object.apiVersion !== 'v1' || name === undefined) return [];
  const namespace = namespaceOf(object);
  const consumers: ConfigConsumer[] = [];
  for (const candidate of candidates) {
    if (namespaceOf(candidate) !== namespace) continue;
    const source = podSourceOf({ uri: '', object: candidate });
    if (!source) continue;
    const uses = usesIn(source.podSpec, kind, name);
    if (uses.length > 0) consumers.push({ workload: `${candidate.kind}/${candidate.name ?? '?'}`, uses });
  }
  return consumers;
}

function usesIn(podSpec: ReadonlyJsonValue | undefined, kind: Source, name: string): string[] {
  const uses: string[] = [];
  const volumes = valueAt(podSpec, ['volumes']);
  for (const volume of Array.isArray(volumes) ? volumes : []) {
    const direct = kind === 'ConfigMap' ? valueAt(volume, ['configMap', 'name']) : valueAt(volume, ['secret', 'secretName']);
    const sources = valueAt(volume, ['projected', 'sources']);
    const projected = (Array.isArray(sources) ? sources : []).some((entry) => valueAt(entry, [kind === 'ConfigMap' ? 'configMap' : 'secret', 'name']) === name);
    if (direct === name || projected) uses.push(`volume \`${String(valueAt(volume, ['name']) ?? '?')}\``);
  }
  for (const list of ['initContainers', 'containers']) {
    const containers = valueAt(podSpec, [list]);
    for (const container of Array.isArray(containers) ? containers : []) {
      const containerName = String(valueAt(container, ['name']) ?? '?');
      const envFrom = valueAt(container, ['envFrom']);
      for (const entry of Array.isArray(envFrom) ? envFrom : []) {
        if (valueAt(entry, [kind === 'ConfigMap' ? 'configMapRef' : 'secretRef', 'name']) === name) uses.push(`envFrom in container \`${containerName}\``);
      }
      const env = valueAt(container, ['env']);
      for (const variable of Array.isArray(env) ? env : []) {
        const reference = valueAt(variable, ['valueFrom', kind === 'ConfigMap' ? 'configMapKeyRef' : 'secretKeyRef']);
        if (valueAt(reference, ['name']) !== name) continue;
        uses.push(
          `env \`${String(valueAt(variable, ['name']) ?? '?')}\` (key \`${String(valueAt(reference, ['key']) ?? '?')}\`) in container \`${containerName}\``,
        );
      }
    }
  }
  if (kind === 'Secret') {
    const pullSecrets = valueAt(podSpec, ['imagePullSecrets']);
    if ((Array.isArray(pullSecrets) ? pullSecrets : []).some((entry) => valueAt(entry, ['name']) === name)) uses.push('imagePullSecrets');
  }
  return uses;
}
