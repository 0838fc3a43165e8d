// Speed never changes a verdict: after any sequence of edits to a workspace, the findings of every
// file checked against the long-lived index (documents reused across parses, findings cached per
// object and namespace signature, one workspace view per change) equal those of a fresh start
// (every file parsed anew, an empty cache). A property test over generated workspaces whose objects
// refer to each other: Services and the pods they select, StatefulSets and their governing Services,
// Ingress backends, PDBs, HPA targets, the same workload twice in one folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { WorkspaceIndex } from '../../src/workspace/workspace-index';

const cluster = defaultClusterSpec(DEFAULT_KUBERNETES_VERSION);
const URIS = ['file:///w/one/a.yaml', 'file:///w/one/b.yaml', 'file:///w/one/c.yaml', 'file:///w/two/d.yaml', 'file:///w/e.yaml'];

const namespace = fc.constantFrom('', 'shop', 'db');
const app = fc.constantFrom('web', 'db', 'api');
const name = fc.constantFrom('web', 'db', 'api', 'cache');
const portName = fc.constantFrom('http', 'grpc', 'metrics');

function meta(objectName: string, ns: string): string {
  return `metadata:\n  name: ${objectName}\n${ns === '' ? '' : `  namespace: ${ns}\n`}`;
}

function podTemplate(label: string, port: string, indent: string): string {
  return [
    'template:',
    '  metadata:',
    `    labels: {app: ${label}}`,
    '  spec:',
    '    containers:',
    `    - name: c`,
    `      image: nginx:1.27`,
    `      ports: [{name: ${port}, containerPort: 8080}]`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/** One manifest document whose fields are drawn from a small vocabulary, so that objects meet. */
const documentText = fc.oneof(
  // Fenceposts that both round to 0 (rolling-update-params.ts) have quick fixes inside the object's document: cached and moved with it.
  fc
    .tuple(name, namespace, app, app, portName, fc.integer({ min: 1, max: 3 }), fc.boolean())
    .map(
      ([n, ns, selector, label, port, replicas, stalled]) =>
        `apiVersion: apps/v1\nkind: Deployment\n${meta(n, ns)}spec:\n  replicas: ${replicas}\n  selector: {matchLabels: {app: ${selector}}}\n` +
        (stalled ? '  strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 10%}}\n' : '') +
        `${podTemplate(label, port, '  ')}\n`,
    ),
  fc
    .tuple(name, namespace, name, app, portName)
    .map(
      ([n, ns, service, label, port]) =>
        `apiVersion: apps/v1\nkind: StatefulSet\n${meta(n, ns)}spec:\n  serviceName: ${service}\n  selector: {matchLabels: {app: ${label}}}\n` +
        `${podTemplate(label, port, '  ')}\n`,
    ),
  fc
    .tuple(name, namespace, app, portName, fc.boolean())
    .map(
      ([n, ns, selector, port, headless]) =>
        `apiVersion: v1\nkind: Service\n${meta(n, ns)}spec:\n${headless ? '  clusterIP: None\n' : ''}  selector: {app: ${selector}}\n` +
        `  ports: [{name: p, port: 80, targetPort: ${port}}]\n`,
    ),
  fc
    .tuple(name, namespace, name)
    .map(
      ([n, ns, service]) =>
        `apiVersion: networking.k8s.io/v1\nkind: Ingress\n${meta(n, ns)}spec:\n  defaultBackend:\n    service: {name: ${service}, port: {number: 80}}\n`,
    ),
  fc
    .tuple(name, namespace, app)
    .map(
      ([n, ns, selector]) =>
        `apiVersion: policy/v1\nkind: PodDisruptionBudget\n${meta(n, ns)}spec:\n  minAvailable: 1\n  selector: {matchLabels: {app: ${selector}}}\n`,
    ),
  fc
    .tuple(name, namespace, name, fc.constantFrom('Deployment', 'StatefulSet'))
    .map(
      ([n, ns, target, kind]) =>
        `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n${meta(n, ns)}spec:\n` +
        `  scaleTargetRef: {apiVersion: apps/v1, kind: ${kind}, name: ${target}}\n` +
        '  minReplicas: 1\n  maxReplicas: 3\n',
    ),
  fc
    .tuple(name, namespace, app)
    .map(([n, ns, label]) => `apiVersion: v1\nkind: Pod\n${meta(n, ns)}  labels: {app: ${label}}\nspec:\n  containers: [{name: c, image: nginx}]\n`),
);

const fileDocuments = fc.array(documentText, { minLength: 0, maxLength: 4 });

/** An edit: a file's documents replaced, one document of a file replaced (the others reused), or a file deleted. */
const edit = fc.oneof(
  fc.record({ type: fc.constant('write' as const), file: fc.integer({ min: 0, max: URIS.length - 1 }), documents: fileDocuments }),
  fc.record({ type: fc.constant('replace' as const), file: fc.integer({ min: 0, max: URIS.length - 1 }), at: fc.nat(), document: documentText }),
  fc.record({ type: fc.constant('delete' as const), file: fc.integer({ min: 0, max: URIS.length - 1 }) }),
);

const textOf = (documents: readonly string[]) => documents.join('---\n');

/** Every file's findings checked against `index` once every file's text is in it, as the CLI and the server check them. */
function findingsOf(
  index: WorkspaceIndex,
  files: ReadonlyMap<string, string>,
  fileOf: (uri: string, text: string) => ReturnType<typeof parseManifestFile>,
  oneShot = false,
) {
  const uris = [...files.keys()].sort();
  const parsedFiles = uris.map((uri) => fileOf(uri, files.get(uri)!));
  uris.forEach((uri, i) => index.setOpen(uri, parsedFiles[i]!));
  const result: Record<string, unknown> = {};
  uris.forEach((uri, i) => (result[uri] = checkFile(parsedFiles[i]!, { cluster, uri, workspace: index.objects(), oneShot })));
  return result;
}

test('the long-lived index gives the findings of a fresh start after every edit', () => {
  fc.assert(
    fc.property(fc.array(fileDocuments, { minLength: URIS.length, maxLength: URIS.length }), fc.array(edit, { maxLength: 8 }), (initial, edits) => {
      const documents = new Map<string, string[]>(initial.map((list, i) => [URIS[i]!, list]));
      const live = new WorkspaceIndex();
      const parsed = new Map<string, ReturnType<typeof parseManifestFile>>();
      // The incremental path: each new text is parsed against the previous version (unchanged documents reused).
      const liveFileOf = (uri: string, text: string) => {
        const previous = parsed.get(uri);
        const file = previous && previous.text === text ? previous : parseManifestFile(text, previous);
        parsed.set(uri, file);
        return file;
      };
      const texts = () => new Map([...documents].map(([uri, list]) => [uri, textOf(list)]));
      findingsOf(live, texts(), liveFileOf);
      for (const step of edits) {
        const uri = URIS[step.file]!;
        if (step.type === 'delete') {
          documents.delete(uri);
          live.close(uri);
          live.remove(uri);
          parsed.delete(uri);
        } else if (step.type === 'write') {
          documents.set(uri, step.documents);
        } else {
          const list = [...(documents.get(uri) ?? [])];
          list[list.length === 0 ? 0 : step.at % list.length] = step.document;
          documents.set(uri, list);
        }
        const incremental = findingsOf(live, texts(), liveFileOf);
        const fresh = findingsOf(new WorkspaceIndex(), texts(), (_, text) => parseManifestFile(text));
        assert.deepEqual(incremental, fresh);
      }
    }),
    { numRuns: 60 },
  );
});

test('a file that comes after the others takes its place in the walk: a Service lists the StatefulSets it governs in the walk order', () => {
  // Found by the property above (a file deleted and written again): the index put a file that came later after the
  // others, so the message differed from a fresh start's ("web, cache" against "cache, web").
  const statefulSet = (setName: string, label: string) =>
    `apiVersion: apps/v1\nkind: StatefulSet\n${meta(setName, 'db')}spec:\n  serviceName: web\n  selector: {matchLabels: {app: ${label}}}\n` +
    `${podTemplate(label, 'http', '  ')}\n`;
  const service = `apiVersion: v1\nkind: Service\n${meta('web', 'db')}spec:\n  selector: {app: web}\n  ports: [{name: p, port: 80, targetPort: http}]\n`;
  const [a, b, c] = URIS as [string, string, string];
  const files = new Map([
    [b, statefulSet('web', 'api')],
    [c, service],
  ]);
  const live = new WorkspaceIndex();
  findingsOf(live, files, (_, text) => parseManifestFile(text));
  files.set(a, statefulSet('cache', 'web'));
  const incremental = findingsOf(live, files, (_, text) => parseManifestFile(text));
  const governed = (incremental[c] as { code: string; message: string }[]).find((finding) => finding.code === 'governing-service-not-headless');
  assert.match(governed!.message, /^This Service governs StatefulSet cache, web \(spec\.serviceName\)/);
  assert.deepEqual(
    incremental,
    findingsOf(new WorkspaceIndex(), files, (_, text) => parseManifestFile(text)),
  );
});

test('cached quick fixes move with their document when an edit above it changes its offset', () => {
  const deployment =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n' +
    '  strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 10%}}\n' +
    `${podTemplate('web', 'http', '  ')}\n`;
  const above = (value: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: other}\ndata: {mode: ${value}}\n---\n`;
  const uri = 'file:///w/app.yaml';
  const index = new WorkspaceIndex();
  const first = parseManifestFile(above('a') + deployment);
  findingsOf(index, new Map([[uri, first.text]]), () => first);
  const edited = parseManifestFile(above('a much longer value') + deployment, first);
  const incremental = findingsOf(index, new Map([[uri, edited.text]]), () => edited)[uri] as { code: string; fixes?: unknown }[];
  const fresh = findingsOf(new WorkspaceIndex(), new Map([[uri, edited.text]]), (_, text) => parseManifestFile(text))[uri];
  assert.ok(incremental.some((finding) => finding.code === 'rolling-update-zero-fenceposts' && finding.fixes !== undefined));
  assert.deepEqual(incremental, fresh);
});

test('a one-shot run (kubesim check: no findings kept, no signatures) gives the findings of the cached path', () => {
  fc.assert(
    fc.property(fc.array(fileDocuments, { minLength: URIS.length, maxLength: URIS.length }), (lists) => {
      const texts = new Map(lists.map((list, i) => [URIS[i]!, textOf(list)]));
      const cached = findingsOf(new WorkspaceIndex(), texts, (_, text) => parseManifestFile(text));
      const oneShot = findingsOf(new WorkspaceIndex(), texts, (_, text) => parseManifestFile(text), true);
      assert.deepEqual(oneShot, cached);
    }),
    { numRuns: 100 },
  );
});
