// The lookups over "applied together" are built once per folder (folder-groups.ts) and serve every file of
// it, with the checked file's own objects first. They must answer exactly what a scan of the file's own
// array answers (the behaviour before the sharing, which an unregistered copy of the array still gets):
// a property test over generated workspaces of several folders, with folders of alternatives (two files
// defining one object) and files checked alone, plus the cases where the order is visible in a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { parseManifestFile, objectsOf, type ManifestFile } from '../../src/manifest/manifest-file';
import { WorkspaceIndex } from '../../src/workspace/workspace-index';
import { AppliedTogether, appliedTogether } from '../../src/checks/applied-together';
import { workspaceViewOf } from '../../src/checks/workspace-view';
import { WorkspaceLookup } from '../../src/checks/workspace-lookup';
import type { CheckContext, IndexedObject, ObjectCheck } from '../../src/checks/check-context';
import { checkServiceSelectsPods } from '../../src/checks/service-selects-pods';
import { checkServiceHeadlessForStatefulSet, checkStatefulSetService } from '../../src/checks/statefulset-service';
import { checkWorkloadSelectorOverlap } from '../../src/checks/workload-selector-overlap';
import { checkAutoscalerTarget, checkDisruptionBudgetTarget } from '../../src/checks/disruption-and-autoscaler-targets';
import { checkAutoscaledReplicas } from '../../src/checks/autoscaled-replicas';
import { checkFile } from '../../src/check-file';

const cluster = defaultClusterSpec(DEFAULT_KUBERNETES_VERSION);
const URIS = ['file:///w/one/a.yaml', 'file:///w/one/b.yaml', 'file:///w/one/c.yaml', 'file:///w/two/d.yaml', 'file:///w/two/e.yaml', 'file:///w/f.yaml'];
// Every check that reads the objects applied together.
const CHECKS: readonly ObjectCheck[] = [
  checkServiceSelectsPods,
  checkStatefulSetService,
  checkServiceHeadlessForStatefulSet,
  checkWorkloadSelectorOverlap,
  checkDisruptionBudgetTarget,
  checkAutoscalerTarget,
  checkAutoscaledReplicas,
];

const namespace = fc.constantFrom('', 'shop');
const label = fc.constantFrom('web', 'db');
// Names drawn per file (a, b, …) and shared ones: two files of a folder defining one object make it alternatives.
const name = fc.constantFrom('web', 'db', 'api', 'cache', 'x1', 'x2', 'x3', 'x4');

function meta(objectName: string, ns: string): string {
  return `metadata:\n  name: ${objectName}\n${ns === '' ? '' : `  namespace: ${ns}\n`}`;
}

const template = (app: string, port: string) =>
  `  template:\n    metadata: {labels: {app: ${app}}}\n    spec: {containers: [{name: c, image: nginx, ports: [{name: ${port}, containerPort: 80}]}]}\n`;

const documentText = fc.oneof(
  fc
    .tuple(name, namespace, label, label, fc.constantFrom('http', 'grpc'))
    .map(
      ([n, ns, selector, app, port]) =>
        `apiVersion: apps/v1\nkind: Deployment\n${meta(n, ns)}spec:\n  replicas: 2\n  selector: {matchLabels: {app: ${selector}}}\n${template(app, port)}`,
    ),
  fc
    .tuple(name, namespace, name, label)
    .map(
      ([n, ns, service, app]) =>
        `apiVersion: apps/v1\nkind: StatefulSet\n${meta(n, ns)}spec:\n  serviceName: ${service}\n` +
        `  selector: {matchLabels: {app: ${app}}}\n${template(app, 'http')}`,
    ),
  fc
    .tuple(name, namespace, label, fc.boolean(), fc.constantFrom('http', 'grpc', 'metrics'))
    .map(
      ([n, ns, selector, headless, port]) =>
        `apiVersion: v1\nkind: Service\n${meta(n, ns)}spec:\n${headless ? '  clusterIP: None\n' : ''}  selector: {app: ${selector}}\n` +
        `  ports: [{port: 80, targetPort: ${port}}]\n`,
    ),
  fc
    .tuple(name, namespace, label)
    .map(
      ([n, ns, app]) => `apiVersion: policy/v1\nkind: PodDisruptionBudget\n${meta(n, ns)}spec:\n  minAvailable: 1\n  selector: {matchLabels: {app: ${app}}}\n`,
    ),
  fc
    .tuple(name, namespace, name, fc.constantFrom('Deployment', 'StatefulSet'))
    .map(
      ([n, ns, target, kind]) =>
        `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n${meta(n, ns)}spec:\n` +
        `  scaleTargetRef: {apiVersion: apps/v1, kind: ${kind}, name: ${target}}\n` +
        '  minReplicas: 1\n  maxReplicas: 3\n',
    ),
  fc.tuple(name, namespace).map(([n, ns]) => `apiVersion: example.com/v1\nkind: Widget\n${meta(n, ns)}spec: {}\n`),
);

/** Each object's findings from every check, with `together` given to the checks as the file's applied-together array. */
function findingsWith(file: ManifestFile, uri: string | undefined, objects: readonly IndexedObject[], together: (given: AppliedTogether) => AppliedTogether) {
  const view = workspaceViewOf(objects);
  const own = uri === undefined ? objectsOf(file).map((object) => ({ uri: '', object })) : view.objectsOfFile(uri);
  const context: CheckContext = {
    file,
    workspace: objects,
    index: new WorkspaceLookup(view, uri ?? '', uri !== undefined),
    appliedTogether: together(appliedTogether(view, uri, own)),
    cluster,
  };
  if (uri !== undefined) context.uri = uri;
  return objectsOf(file).map((object) => CHECKS.map((check) => check(object, context)));
}

/** The folder-shared answers and those of a scan of an unregistered copy of the same array, for every file. */
function compareEveryFile(texts: readonly string[]): { shared: number } {
  const index = new WorkspaceIndex();
  const files = texts.map((text) => parseManifestFile(text));
  files.forEach((file, i) => index.setOpen(URIS[i]!, file));
  const objects = index.objects();
  let shared = 0;
  files.forEach((file, i) => {
    const uri = URIS[i]!;
    let registered: AppliedTogether | undefined;
    const viaFolder = findingsWith(file, uri, objects, (together) => (registered = together));
    if (registered?.ownUri === uri) shared++;
    const scanned = findingsWith(file, uri, objects, (together) => AppliedTogether.of([...together.entries()]));
    assert.deepEqual(viaFolder, scanned, `findings of ${uri}`);
  });
  // The same file checked alone (no URI: its own objects only) gets what a scan of them gets.
  const alone = findingsWith(files[0]!, undefined, objects, (together) => together);
  assert.deepEqual(
    alone,
    findingsWith(files[0]!, undefined, objects, (together) => AppliedTogether.of([...together.entries()])),
  );
  return { shared };
}

test('the lookups shared by a folder answer what a scan of each file’s applied-together array answers', () => {
  let sharedRuns = 0;
  fc.assert(
    fc.property(fc.array(fc.array(documentText, { maxLength: 4 }), { minLength: URIS.length, maxLength: URIS.length }), (perFile) => {
      if (compareEveryFile(perFile.map((documents) => documents.join('---\n'))).shared > 0) sharedRuns++;
    }),
    { numRuns: 150 },
  );
  // The property compared the folder's lookups, not only scans: most runs had files of a folder applied together.
  assert.ok(sharedRuns > 50, `${sharedRuns} runs shared a folder's lookups`);
});

const deployment = (objectName: string, app: string) =>
  `apiVersion: apps/v1\nkind: Deployment\n${meta(objectName, '')}spec:\n  selector: {matchLabels: {app: ${app}}}\n${template(app, 'http')}`;
const hpa = (objectName: string, target: string) =>
  `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n${meta(objectName, '')}spec:\n` +
  `  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: ${target}}\n  maxReplicas: 3\n`;

/** The messages of `code` on the file `uri` of a workspace, checked as the CLI and the server check it. */
function messages(files: Record<string, string>, uri: string, code: string): string[] {
  const index = new WorkspaceIndex();
  const parsed = Object.fromEntries(Object.entries(files).map(([fileUri, text]) => [fileUri, parseManifestFile(text)]));
  for (const [fileUri, file] of Object.entries(parsed)) index.setOpen(fileUri, file);
  return checkFile(parsed[uri]!, { cluster, uri, workspace: index.objects() })
    .filter((finding) => finding.code === code)
    .map((finding) => finding.message);
}

test('the checked file’s own objects come first in what the folder’s lookups answer', () => {
  const files = {
    'file:///w/one/a.yaml': deployment('alpha', 'web'),
    'file:///w/one/b.yaml': `${deployment('beta', 'web')}---\n${deployment('gamma', 'web')}`,
  };
  // From b.yaml, its own Deployment gamma is named before alpha of a.yaml (folder order would put alpha first).
  assert.deepEqual(
    messages(files, 'file:///w/one/b.yaml', 'workload-selector-overlap').map((message) => message.slice(0, message.indexOf(' in namespace'))),
    ['This selector overlaps with Deployment/gamma, Deployment/alpha', 'This selector overlaps with Deployment/beta, Deployment/alpha'],
  );
  // Two autoscalers target one Deployment: the one in the Deployment's own file is named.
  const scaled = {
    'file:///w/one/a.yaml': hpa('from-a', 'web'),
    'file:///w/one/b.yaml': `${hpa('from-b', 'web')}---\n${deployment('web', 'web').replace('spec:\n', 'spec:\n  replicas: 2\n')}`,
  };
  assert.match(messages(scaled, 'file:///w/one/b.yaml', 'replicas-with-hpa')[0] ?? '', /^HorizontalPodAutoscaler "from-b" scales/);
});

test('a file’s applied-together set lists its own objects first, then its folder’s others in view order', () => {
  const index = new WorkspaceIndex();
  const texts = [deployment('alpha', 'web'), `${deployment('beta', 'web')}---\n${deployment('gamma', 'db')}`, deployment('delta', 'db')];
  texts.forEach((text, i) => index.setOpen(URIS[i]!, parseManifestFile(text)));
  index.setOpen(URIS[3]!, parseManifestFile(deployment('elsewhere', 'web')));
  const view = workspaceViewOf(index.objects());
  const names = (entries: readonly IndexedObject[]) => entries.map((entry) => entry.object.name);
  const together = appliedTogether(view, URIS[1], view.objectsOfFile(URIS[1]!));
  assert.deepEqual(names(together.entries()), ['beta', 'gamma', 'alpha', 'delta']);
  assert.deepEqual(names(together.entriesOf(URIS[1]!)), ['beta', 'gamma']);
  assert.deepEqual(names(together.entriesOf(URIS[2]!)), ['delta']);
  assert.equal(together.alone, false);
  // Another version of the file than the view's: the set is spelled out in the same order.
  const edited = objectsOf(parseManifestFile(deployment('beta2', 'web'))).map((object) => ({ uri: URIS[1]!, object }));
  const spelled = appliedTogether(view, URIS[1], edited);
  assert.deepEqual(names(spelled.entries()), ['beta2', 'alpha', 'delta']);
  assert.deepEqual(names(spelled.entriesOf(URIS[1]!)), ['beta2']);
  // No folder (an unsaved buffer): the file alone.
  const alone = appliedTogether(view, 'untitled:1', edited);
  assert.deepEqual(names(alone.entries()), ['beta2']);
  assert.equal(alone.alone, true);
});
