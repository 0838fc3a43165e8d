// Does applying an edited workload over its base roll out? The defaulted pod-template-hash (Deployment) or
// ControllerRevision data (StatefulSet) comparison, as the controllers decide.
import {
  clusterSpecKey,
  type ClusterSpec,
  cloneJson,
  computeControllerRevisionHash,
  computePodTemplateHash,
  controllerRevisionData,
  controllerRevisionName,
  replicaSetNameFor,
  type Deployment,
  type JsonObject,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
  type StatefulSet,
  applyDefaults,
  checkedKindOf,
  isSemanticallyEqual,
  isJsonObject,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { valueAt } from './label-selector';

// Hashing both templates on every keystroke of a large file adds up: the comparison depends only on
// the two parsed values (shared by later parses while their text is unchanged), and the cluster.
const comparisons = new WeakMap<object, { old: object; release: string; result: RolloutVerdict | undefined }>();

/**
 * Does applying `edited` over `base` (the same workload) roll out? The one answer for the diagnostic
 * (`rollout-will-start` / `rollout-not-started`), the lens and the preview panel. Undefined when a
 * manifest does not decode.
 */
export function rolloutVerdict(edited: ManifestObject, base: ManifestObject, cluster: ClusterSpec): RolloutVerdict | undefined {
  const object = edited;
  const old = base;
  const cached = comparisons.get(object.value);
  const release = clusterSpecKey(cluster);
  if (cached && cached.old === old.value && cached.release === release) return cached.result;
  const result = compareRevisions(object, old, cluster);
  comparisons.set(object.value, { old: old.value, release, result });
  return result;
}

interface RolloutVerdict {
  /** True when the controller makes a new ReplicaSet or ControllerRevision current (pods are replaced). */
  changed: boolean;
  /** The ReplicaSet or ControllerRevision the edited template maps to (collisionCount unknown: none assumed). */
  name?: string;
  nameKind?: 'ReplicaSet' | 'ControllerRevision';
}

/**
 * Deployment: the controller's FindNewReplicaSet looks for a ReplicaSet whose template equals the
 * Deployment's ignoring the pod-template-hash label (EqualIgnoreHash), so a rollout starts iff the
 * hash of the defaulted template changes. StatefulSet: the update revision is a new
 * ControllerRevision iff its data (the defaulted spec.template patch) changes. DaemonSet: the
 * engine has no DaemonSet defaulting yet, so templates are compared after stripping the common
 * pod and container defaults (approximate). Undefined when the manifest does not decode.
 */
function compareRevisions(object: ManifestObject, old: ManifestObject, cluster: ClusterSpec): RolloutVerdict | undefined {
  const kind = checkedKindOf(object.apiVersion, object.kind);
  try {
    if (kind === 'Deployment') {
      const hashOf = (value: ReadonlyJsonObject, oldValue?: ReadonlyJsonObject) =>
        computePodTemplateHash((applyDefaults(kind, value, cluster, oldValue) as unknown as Deployment).spec.template, undefined, cluster);
      const newHash = hashOf(object.value, old.value);
      return { changed: newHash !== hashOf(old.value), name: replicaSetNameFor(object.name ?? '', newHash), nameKind: 'ReplicaSet' };
    }
    if (kind === 'StatefulSet') {
      const dataOf = (value: ReadonlyJsonObject, oldValue?: ReadonlyJsonObject) =>
        controllerRevisionData(applyDefaults(kind, value, cluster, oldValue) as unknown as StatefulSet, cluster);
      const newData = dataOf(object.value, old.value);
      const name = controllerRevisionName(object.name ?? '', computeControllerRevisionHash(newData, undefined));
      return { changed: newData !== dataOf(old.value), name, nameKind: 'ControllerRevision' };
    }
  } catch {
    // Bad input: a manifest being typed may not decode; there is then nothing to compare.
    return undefined;
  }
  return {
    changed: !isSemanticallyEqual(
      comparableTemplate(valueAt(old.value, ['spec', 'template'])),
      comparableTemplate(valueAt(object.value, ['spec', 'template'])),
    ),
  };
}

/** DaemonSets only: the template with the common pod and container defaults removed (SetDefaults_PodSpec, SetDefaults_Container). */
function comparableTemplate(template: ReadonlyJsonValue | undefined): ReadonlyJsonValue | undefined {
  if (!isJsonObject(template)) return template;
  // The template is part of a cached parsed value: strip the defaults from a copy.
  const copy = cloneJson(template);
  const spec = copy.spec;
  if (isJsonObject(spec)) {
    removeIfEqual(spec, 'restartPolicy', 'Always');
    removeIfEqual(spec, 'dnsPolicy', 'ClusterFirst');
    removeIfEqual(spec, 'schedulerName', 'default-scheduler');
    removeIfEqual(spec, 'terminationGracePeriodSeconds', 30);
    for (const list of ['containers', 'initContainers']) {
      const containers = spec[list];
      if (Array.isArray(containers))
        containers.forEach((container) => {
          if (isJsonObject(container)) stripContainerDefaults(container);
        });
    }
  }
  return copy;
}

function stripContainerDefaults(container: JsonObject): void {
  removeIfEqual(container, 'terminationMessagePath', '/dev/termination-log');
  removeIfEqual(container, 'terminationMessagePolicy', 'File');
  if (typeof container.image === 'string') removeIfEqual(container, 'imagePullPolicy', defaultPullPolicy(container.image));
  if (Array.isArray(container.ports))
    container.ports.forEach((port) => {
      if (isJsonObject(port)) removeIfEqual(port, 'protocol', 'TCP');
    });
}

// Always for `:latest` or no tag (and no digest), else IfNotPresent (SetDefaults_Container).
function defaultPullPolicy(image: string): string {
  if (image.includes('@')) return 'IfNotPresent';
  const lastPart = image.slice(image.lastIndexOf('/') + 1);
  const colon = lastPart.lastIndexOf(':');
  const tag = colon < 0 ? '' : lastPart.slice(colon + 1);
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function removeIfEqual(map: JsonObject, key: string, value: ReadonlyJsonValue): void {
  if (map[key] === value) delete map[key];
}
