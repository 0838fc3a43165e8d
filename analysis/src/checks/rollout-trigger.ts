// Tells whether applying the edited workload over its baseline version replaces pods (a rollout) or not.
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
import { locate, spanForPath } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { describeBaseline, findBaselineObject } from './baseline-object';
import { isRejectedUpdate } from './immutable-change';
import { valueAt } from './label-selector';

const ROLLING_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

/**
 * A Deployment rolls out when its pod-template-hash changes, a StatefulSet or DaemonSet when its
 * ControllerRevision (built from spec.template) changes. Both hash the defaulted template, so two
 * templates that are equal once API defaults are filled in start nothing.
 */
export function checkRolloutTrigger(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (!ROLLING_KINDS.has(object.kind) || !object.apiVersion.startsWith('apps/')) return [];
  const old = findBaselineObject(object, context.baseline);
  if (!old || !context.baseline) return [];
  if (isSemanticallyEqual(old.value.spec, object.value.spec)) return [];
  // An update the API server rejects starts nothing; the rejection is reported instead.
  if (isRejectedUpdate(object, context)) return [];
  const revisions = cachedComparison(object, old, context.cluster);
  if (!revisions) return [];
  const span = locate(object, ['spec', 'template']).key ?? spanForPath(object, ['spec']);
  const against = describeBaseline(context.baseline);
  if (!revisions.changed) {
    return [
      {
        ...span,
        severity: 'hint',
        code: 'rollout-not-started',
        field: 'spec.template',
        message:
          `The pod template is unchanged from ${against} once the API server's defaults are filled in` +
          `${revisions.name ? ` (${revisions.nameKind} ${revisions.name} stays current)` : ''}: ` +
          `applying this replaces no pods.`,
      },
    ];
  }
  return [
    {
      ...span,
      severity: 'information',
      code: 'rollout-will-start',
      field: 'spec.template',
      message: `The pod template differs from ${against}: ${rolloutEffect(object, revisions.name)}`,
    },
  ];
}

// Hashing both templates on every keystroke of a large file adds up: the comparison depends only on
// the two parsed values (shared by later parses while their text is unchanged), the release and its gates.
const comparisons = new WeakMap<object, { old: object; release: string; result: RevisionComparison | undefined }>();

function cachedComparison(object: ManifestObject, old: ManifestObject, cluster: ClusterSpec): RevisionComparison | undefined {
  const cached = comparisons.get(object.value);
  const release = clusterSpecKey(cluster);
  if (cached && cached.old === old.value && cached.release === release) return cached.result;
  const result = compareRevisions(object, old, cluster);
  comparisons.set(object.value, { old: old.value, release, result });
  return result;
}

interface RevisionComparison {
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
function compareRevisions(object: ManifestObject, old: ManifestObject, cluster: ClusterSpec): RevisionComparison | undefined {
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

function rolloutEffect(object: ManifestObject, revisionName: string | undefined): string {
  if (object.kind === 'Deployment') {
    const replicaSet = revisionName ? `ReplicaSet ${revisionName}` : 'a new ReplicaSet';
    if (valueAt(object.value, ['spec', 'paused']) === true) return `the Deployment is paused, so ${replicaSet} is created only when it is resumed.`;
    const type = valueAt(object.value, ['spec', 'strategy', 'type']);
    return type === 'Recreate'
      ? `applying this starts a rollout that deletes every old pod before ${replicaSet} creates new ones (strategy Recreate).`
      : `applying this starts a rolling update to ${replicaSet}.`;
  }
  const type = valueAt(object.value, ['spec', 'updateStrategy', 'type']);
  const revision = revisionName ? `revision ${revisionName}` : 'a new revision';
  if (type === 'OnDelete') return `applying this creates ${revision}, but pods are replaced only when you delete them (updateStrategy OnDelete).`;
  const partition = valueAt(object.value, ['spec', 'updateStrategy', 'rollingUpdate', 'partition']);
  const replicas = valueAt(object.value, ['spec', 'replicas']) ?? 1;
  if (object.kind === 'StatefulSet' && typeof partition === 'number' && typeof replicas === 'number' && partition >= replicas) {
    return `applying this creates ${revision}, but partition ${partition} ≥ replicas ${replicas}, so no pod is updated.`;
  }
  return object.kind === 'StatefulSet'
    ? `applying this creates ${revision} and starts a rolling update, from the highest ordinal down.`
    : 'applying this starts a rolling update of the DaemonSet pods.';
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
