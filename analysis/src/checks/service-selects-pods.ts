// A Service whose selector matches no pod template, and named targetPorts no selected container declares.
import { type ReadonlyJsonValue, isJsonObject, serviceSelectorMatches } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { locate, spanForPath } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding } from './check-context';
import { labelsOf, valueAt } from './label-selector';
import { podSourcesIn, type PodSource } from './pod-templates';
import { togetherHasCustomResources, togetherMakesPodsIn, togetherValues } from './folder-groups';
import { namedList } from './named-list';
import { replaceValue, yamlScalar } from './yaml-edits';
import type { FindingFix, TextReplacement } from './check-context';

/**
 * Reported only when something applied with the Service makes pods in its namespace, and no pod
 * template anywhere in the workspace matches: a file or folder that holds only Services (the pods
 * come from elsewhere, e.g. a Helm chart or an operator) gets no noise.
 */
export function checkServiceSelectsPods(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'Service' || object.apiVersion !== 'v1') return [];
  if (valueAt(object.value, ['spec', 'type']) === 'ExternalName') return [];
  const selector = withoutControllerLabels(labelsOf(valueAt(object.value, ['spec', 'selector'])));
  if (!selector || Object.keys(selector).length === 0) return [];
  // Pods made by nothing applied with the Service come from elsewhere (another folder, a chart, an operator).
  if (!togetherMakesPodsIn(context.appliedTogether, namespaceOf(object))) return [];
  // Only templates carrying the selector's first pair can match: the view's label index finds them.
  const [firstKey, firstValue] = Object.entries(selector)[0]!;
  const candidates = context.index.podSourcesWithLabel(namespaceOf(object), firstKey, firstValue);
  const selected = candidates.filter((source) => serviceSelectorMatches(selector, source.labels));
  if (selected.length === 0) {
    const finding: CheckFinding = {
      ...spanForPath(object, ['spec', 'selector']),
      severity: podsMayComeFromElsewhere(object, context) ? 'information' : 'warning',
      code: 'service-selects-no-pods',
      field: 'spec.selector',
      message: `No pod template in namespace "${namespaceOf(object)}" has the labels ${JSON.stringify(selector)}: this Service will have no endpoints.`,
    };
    // A typo fix looks at every template of the namespace: a misspelt first pair finds no candidate.
    const fixes = selectorTypoFixes(object, selector, context.index.podSourcesIn(namespaceOf(object)));
    if (fixes.length > 0) finding.fixes = fixes;
    return [finding];
  }
  // Named ports are compared with the pods applied with the Service only: another file may be an alternative.
  const together = togetherValues(context.appliedTogether);
  const selectedTogether = selected.filter((source) => together.has(source.owner.object.value));
  return selectedTogether.length > 0 ? checkNamedTargetPorts(object, selectedTogether) : [];
}

/**
 * A warning needs a workload in the Service's own file (written together, applied together) and no
 * custom resource or CRD beside it: an operator (prometheus-operator's Alertmanager, Longhorn's
 * manager) makes or labels pods at run time, and a folder's other files may be partial.
 */
function podsMayComeFromElsewhere(object: ManifestObject, context: CheckContext): boolean {
  if (podSourcesIn(context.appliedTogether.entriesOf(context.uri ?? ''), namespaceOf(object)).length === 0) return true;
  return togetherHasCustomResources(context.appliedTogether);
}

/**
 * Labels a controller adds to the pods it creates, never found in a template: the StatefulSet
 * controller's pod name, pod index and revision (updateIdentity and newVersionedStatefulSetPod,
 * pkg/controller/statefulset/stateful_set_utils.go) and the Deployment controller's
 * pod-template-hash. A Service selecting one pod of a StatefulSet by name is matched on the rest.
 */
const CONTROLLER_POD_LABELS = ['statefulset.kubernetes.io/pod-name', 'apps.kubernetes.io/pod-index', 'controller-revision-hash', 'pod-template-hash'];

function withoutControllerLabels(selector: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!selector || !CONTROLLER_POD_LABELS.some((key) => key in selector)) return selector;
  return Object.fromEntries(Object.entries(selector).filter(([key]) => !CONTROLLER_POD_LABELS.includes(key)));
}

// A named targetPort resolves per pod; pods whose containers lack the name are left out of the endpoints.
function checkNamedTargetPorts(object: ManifestObject, selected: PodSource[]): CheckFinding[] {
  const ports = valueAt(object.value, ['spec', 'ports']);
  if (!Array.isArray(ports)) return [];
  const declared = new Set(selected.flatMap((source) => containerPortNames(source.podSpec)));
  return ports.flatMap((port, i) => {
    const target = isJsonObject(port) ? port.targetPort : undefined;
    if (typeof target !== 'string' || declared.has(target)) return [];
    const owners = namedList(selected.map((source) => `${source.owner.object.kind}/${source.owner.object.name ?? '?'}`));
    const finding: CheckFinding = {
      ...spanForPath(object, ['spec', 'ports', i, 'targetPort']),
      severity: 'warning' as const,
      code: 'service-target-port-unknown',
      field: `spec.ports[${i}].targetPort`,
      message: `No container of the selected pods (${owners}) declares a port named "${target}": the Service has no endpoints for this port.`,
    };
    // The selected pods declare exactly one named port: that is the one meant.
    const only = declared.size === 1 ? [...declared][0]! : undefined;
    const edit = only === undefined ? undefined : replaceValue(object, ['spec', 'ports', i, 'targetPort'], yamlScalar(only));
    if (edit && only !== undefined) finding.fixes = [{ title: `Change targetPort to ${only}`, edits: [edit], isPreferred: true }];
    return [finding];
  });
}

function containerPortNames(podSpec: ReadonlyJsonValue | undefined): string[] {
  const names: string[] = [];
  for (const list of ['containers', 'initContainers']) {
    const containers = valueAt(podSpec, [list]);
    if (!Array.isArray(containers)) continue;
    for (const container of containers) {
      const ports = valueAt(container, ['ports']);
      if (!Array.isArray(ports)) continue;
      for (const port of ports) {
        const name = valueAt(port, ['name']);
        if (typeof name === 'string') names.push(name);
      }
    }
  }
  return names;
}

/**
 * A selector one edit away from a pod template's labels (`app: back-end` against `app: backend`, or the key
 * `ap: web`): the fix writes the template's spelling, when every selector entry then matches that template.
 */
function selectorTypoFixes(object: ManifestObject, selector: Record<string, string>, sources: readonly PodSource[]): FindingFix[] {
  const fixes = new Map<string, FindingFix>();
  for (const source of sources) {
    const edits: TextReplacement[] = [];
    const changes: string[] = [];
    const resolved = Object.entries(selector).every(([key, value]) => {
      const label = source.labels[key];
      if (label === value) return true;
      if (label !== undefined && isOneEditAway(value, label)) {
        const edit = replaceValue(object, ['spec', 'selector', key], yamlScalar(label));
        if (!edit) return false;
        edits.push(edit);
        changes.push(`${key}: ${label}`);
        return true;
      }
      const renamed = Object.keys(source.labels).find((candidate) => candidate !== key && isOneEditAway(key, candidate) && source.labels[candidate] === value);
      const keySpan = renamed === undefined ? undefined : locate(object, ['spec', 'selector', key]).key;
      if (renamed === undefined || !keySpan || renamed in selector) return false;
      edits.push({ ...keySpan, newText: yamlScalar(renamed) });
      changes.push(`${renamed}: ${value}`);
      return true;
    });
    if (!resolved || edits.length === 0) continue;
    const title = `Change the selector to ${changes.join(', ')} (the labels of ${source.owner.object.kind}/${source.owner.object.name ?? '?'})`;
    if (!fixes.has(changes.join())) fixes.set(changes.join(), { title, edits, isPreferred: fixes.size === 0 });
  }
  return [...fixes.values()];
}

/** True when one insertion, deletion or substitution turns `a` into `b`. */
function isOneEditAway(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
