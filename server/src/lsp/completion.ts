// Completion of enum-valued fields (strategy.type, imagePullPolicy, Service type, ...) at their exact paths.
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { objectPathAt, type ManifestObject, type ManifestFile, type PathSegment } from '@kubesim/analysis';

/** One value offered for a field; `isDefault` marks what the API server fills in when it is left out. */
interface EnumChoice {
  value: string;
  isDefault: boolean;
}

/** Completion before it becomes LSP: the choices and the [start, end) offsets of the text they replace. */
interface EnumCompletion {
  field: string;
  choices: EnumChoice[];
  start: number;
  end: number;
}

type PodOwner = 'workload' | 'pod' | 'job';

// Where a pod spec sits in each kind; the restartPolicy values allowed depend on the owner.
const POD_SPEC_PATHS: { kind: string; path: string[]; owner: PodOwner }[] = [
  { kind: 'Deployment', path: ['spec', 'template', 'spec'], owner: 'workload' },
  { kind: 'StatefulSet', path: ['spec', 'template', 'spec'], owner: 'workload' },
  { kind: 'ReplicaSet', path: ['spec', 'template', 'spec'], owner: 'workload' },
  { kind: 'DaemonSet', path: ['spec', 'template', 'spec'], owner: 'workload' },
  { kind: 'Job', path: ['spec', 'template', 'spec'], owner: 'job' },
  { kind: 'CronJob', path: ['spec', 'jobTemplate', 'spec', 'template', 'spec'], owner: 'job' },
  { kind: 'Pod', path: ['spec'], owner: 'pod' },
];

const CONTAINER_LISTS = new Set(['containers', 'initContainers', 'ephemeralContainers']);

function choices(defaultValue: string | undefined, ...values: string[]): EnumChoice[] {
  return values.map((value) => ({ value, isDefault: value === defaultValue }));
}

function startsWith(path: readonly PathSegment[], prefix: readonly string[]): boolean {
  return prefix.every((segment, i) => path[i] === segment);
}

function valueAt(root: ReadonlyJsonValue, path: readonly PathSegment[]): ReadonlyJsonValue | undefined {
  let node: ReadonlyJsonValue | undefined = root;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isJsonObject(node) && typeof segment === 'string') node = node[segment];
    else return undefined;
  }
  return node;
}

// Follows SetDefaults_Container, pkg/apis/core/v1/defaults.go, with ParseImageName
// (pkg/util/parsers): the tag `latest`, or neither tag nor digest, gives Always; any other tag, or
// a digest without a tag, gives IfNotPresent.
/** The imagePullPolicy the API server picks for `image`: nginx gives Always, nginx:1.27 IfNotPresent. */
export function defaultImagePullPolicy(image: string): 'Always' | 'IfNotPresent' {
  const at = image.indexOf('@');
  const name = at < 0 ? image : image.slice(0, at);
  const lastSegment = name.slice(name.lastIndexOf('/') + 1);
  const colon = lastSegment.lastIndexOf(':');
  if (colon < 0) return at < 0 ? 'Always' : 'IfNotPresent';
  return lastSegment.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

function podSpecChoices(owner: PodOwner, field: PathSegment): EnumChoice[] | undefined {
  if (field === 'restartPolicy') {
    // Deployments, StatefulSets, ReplicaSets and DaemonSets accept only Always; Jobs refuse Always.
    if (owner === 'workload') return choices('Always', 'Always');
    if (owner === 'job') return choices(undefined, 'OnFailure', 'Never');
    return choices('Always', 'Always', 'OnFailure', 'Never');
  }
  if (field === 'dnsPolicy') return choices('ClusterFirst', 'ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None');
  return undefined;
}

function containerChoices(object: ManifestObject, containerPath: readonly PathSegment[], rest: readonly PathSegment[]): EnumChoice[] | undefined {
  if (rest.length === 1 && rest[0] === 'imagePullPolicy') {
    const image = valueAt(object.value, [...containerPath, 'image']);
    const fallback = typeof image === 'string' && image !== '' ? defaultImagePullPolicy(image) : undefined;
    return choices(fallback, 'Always', 'IfNotPresent', 'Never');
  }
  if (rest.length === 1 && rest[0] === 'terminationMessagePolicy') return choices('File', 'File', 'FallbackToLogsOnError');
  if (rest.length === 3 && rest[0] === 'ports' && typeof rest[1] === 'number' && rest[2] === 'protocol') return choices('TCP', 'TCP', 'UDP', 'SCTP');
  return undefined;
}

/** The enum values for the field at `path` of `object`, or undefined when the field is no known enum. */
function enumChoicesFor(object: ManifestObject, path: readonly PathSegment[]): EnumChoice[] | undefined {
  const key = path.join('.');
  if (object.apiVersion === 'apps/v1' && object.kind === 'Deployment' && key === 'spec.strategy.type')
    return choices('RollingUpdate', 'RollingUpdate', 'Recreate');
  if (object.apiVersion === 'apps/v1' && object.kind === 'StatefulSet') {
    if (key === 'spec.podManagementPolicy') return choices('OrderedReady', 'OrderedReady', 'Parallel');
    if (key === 'spec.updateStrategy.type') return choices('RollingUpdate', 'RollingUpdate', 'OnDelete');
    if (key === 'spec.persistentVolumeClaimRetentionPolicy.whenDeleted' || key === 'spec.persistentVolumeClaimRetentionPolicy.whenScaled')
      return choices('Retain', 'Retain', 'Delete');
  }
  if (object.apiVersion === 'v1' && object.kind === 'Service') {
    if (key === 'spec.type') return choices('ClusterIP', 'ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName');
    if (path.length === 4 && path[0] === 'spec' && path[1] === 'ports' && typeof path[2] === 'number' && path[3] === 'protocol')
      return choices('TCP', 'TCP', 'UDP', 'SCTP');
  }
  const podSpec = POD_SPEC_PATHS.find((candidate) => candidate.kind === object.kind && startsWith(path, candidate.path));
  if (!podSpec) return undefined;
  const rest = path.slice(podSpec.path.length);
  if (rest.length === 1) return podSpecChoices(podSpec.owner, rest[0]!);
  if (rest.length >= 3 && CONTAINER_LISTS.has(String(rest[0])) && typeof rest[1] === 'number') {
    return containerChoices(object, path.slice(0, podSpec.path.length + 2), rest.slice(2));
  }
  return undefined;
}

// `  key: partial` or `- key: partial` with the cursor in the value: the key names the field.
const VALUE_LINE = /^(\s*(?:-\s+)*)([A-Za-z][\w-]*)(\s*:\s*)(["']?[\w-]*)$/;

/** A value being typed: the object and field it belongs to and the [start, end) offsets of the text it replaces. */
export interface ValuePosition {
  object: ManifestObject;
  path: PathSegment[];
  start: number;
  end: number;
}

/** Where a value is typed at `offset` (`key: partial`), or undefined when the cursor is not in a value. */
export function valuePositionAt(file: ManifestFile, offset: number): ValuePosition | undefined {
  const lineStart = file.text.lastIndexOf('\n', offset - 1) + 1;
  const match = VALUE_LINE.exec(file.text.slice(lineStart, offset));
  if (!match) return undefined;
  const keyOffset = lineStart + match[1]!.length;
  const document = file.documents.find((candidate) => keyOffset >= candidate.start && keyOffset < candidate.end);
  if (!document) return undefined;
  const found = objectPathAt(document, keyOffset + 1);
  if (!found || found.path[found.path.length - 1] !== match[2]) return undefined;
  const start = offset - match[4]!.length;
  const lineEnd = file.text.indexOf('\n', offset);
  const rest = file.text.slice(offset, lineEnd < 0 ? file.text.length : lineEnd);
  const end = offset + (/^[\w-]*["']?/.exec(rest)?.[0].length ?? 0);
  return { object: found.object, path: found.path, start, end };
}

/** The completion at a file offset: the cursor must sit in the (possibly empty) value of an enum field. */
export function computeEnumCompletion(file: ManifestFile, offset: number): EnumCompletion | undefined {
  const position = valuePositionAt(file, offset);
  const enumChoices = position && enumChoicesFor(position.object, position.path);
  if (!position || !enumChoices) return undefined;
  return { field: position.path.join('.'), choices: enumChoices, start: position.start, end: position.end };
}

/** The LSP completion items for an enum completion. */
export function enumCompletionItems(document: TextDocument, completion: EnumCompletion): CompletionItem[] {
  const range = { start: document.positionAt(completion.start), end: document.positionAt(completion.end) };
  return completion.choices.map((choice, i) => {
    const item: CompletionItem = {
      label: choice.value,
      kind: CompletionItemKind.EnumMember,
      detail: choice.isDefault ? `${completion.field} (default)` : completion.field,
      sortText: `${choice.isDefault ? 0 : 1}${String(i).padStart(2, '0')}`,
      textEdit: { range, newText: choice.value },
    };
    if (choice.isDefault) {
      item.labelDetails = { description: 'default' };
      item.preselect = true;
    }
    return item;
  });
}
