// The view the index derives after an edit (the previous view's groupings with only the changed files'
// objects replaced) lists exactly what a view built afresh from the same array lists, in the same order:
// per file, folder, kind, namespace (pod sources, the label index, Services), API identity, and which
// folders hold alternatives. A property test over random edits, deletions and files added again (which
// go back to their place in the walk's order, whenever they come).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';
import { WorkspaceIndex } from '../../src/workspace/workspace-index';
import { folderOfUri, identityOf, WorkspaceView, workspaceViewOf } from '../../src/checks/workspace-view';
import { namespaceOf, type IndexedObject } from '../../src/checks/indexed-object';

const URIS = ['file:///w/a/1.yaml', 'file:///w/a/2.yaml', 'file:///w/a/3.yaml', 'file:///w/b/4.yaml', 'file:///w/b/5.yaml', 'file:///w/6.yaml'];
// The order `kubectl apply -R` walks them in: a folder's names sorted, 6.yaml before the folder a/.
const WALK_ORDER = ['file:///w/6.yaml', 'file:///w/a/1.yaml', 'file:///w/a/2.yaml', 'file:///w/a/3.yaml', 'file:///w/b/4.yaml', 'file:///w/b/5.yaml'];
const LABELS = ['web', 'db'];

const documentText = fc
  .tuple(
    fc.constantFrom('Deployment', 'StatefulSet', 'Service', 'Pod', 'CronJob', 'ConfigMap'),
    fc.constantFrom('web', 'db', 'api'),
    fc.constantFrom('', 'shop'),
    fc.constantFrom(...LABELS),
  )
  .map(([kind, name, namespace, label]) => {
    const metadata = `metadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}`;
    const template = `    metadata: {labels: {app: ${label}}}\n    spec: {containers: [{name: c, image: nginx}]}\n`;
    switch (kind) {
      case 'Deployment':
      case 'StatefulSet':
        return `apiVersion: apps/v1\nkind: ${kind}\n${metadata}spec:\n  selector: {matchLabels: {app: ${label}}}\n  template:\n${template}`;
      case 'CronJob':
        return (
          `apiVersion: batch/v1\nkind: CronJob\n${metadata}spec:\n  schedule: '* * * * *'\n` +
          `  jobTemplate:\n   spec:\n    template:\n${template.replace(/^/gm, '  ')}`
        );
      case 'Service':
        return `apiVersion: v1\nkind: Service\n${metadata}spec:\n  selector: {app: ${label}}\n  ports: [{port: 80}]\n`;
      case 'Pod':
        return `apiVersion: v1\nkind: Pod\n${metadata}  labels: {app: ${label}}\nspec: {containers: [{name: c, image: nginx}]}\n`;
      default:
        return `apiVersion: v1\nkind: ConfigMap\n${metadata}data: {k: v}\n`;
    }
  });

const fileText = fc.array(documentText, { maxLength: 3 }).map((documents) => documents.join('---\n'));
const edit = fc.oneof(
  fc.record({ file: fc.integer({ min: 0, max: URIS.length - 1 }), text: fileText }),
  fc.record({ file: fc.integer({ min: 0, max: URIS.length - 1 }), text: fc.constant(undefined) }),
);

/** Asks every grouping of `view`, so that the next view has them all to take over. */
function everyList(view: WorkspaceView, objects: readonly IndexedObject[]): Record<string, unknown> {
  const position = (entry: IndexedObject) => objects.indexOf(entry);
  const lists: Record<string, unknown> = {};
  const namespaces = new Set(['default', 'shop', ...objects.map((entry) => namespaceOf(entry.object))]);
  for (const uri of URIS) lists[`file ${uri}`] = view.objectsOfFile(uri).map(position);
  for (const folder of new Set(URIS.map(folderOfUri))) {
    lists[`folder ${folder}`] = view.objectsOfFolder(folder).map(position);
    lists[`alternatives ${folder}`] = view.holdsAlternatives(folder);
  }
  for (const kind of ['Deployment', 'StatefulSet', 'Service', 'Pod', 'CronJob', 'ConfigMap']) lists[`kind ${kind}`] = view.objectsOfKind(kind).map(position);
  lists.kinds = view.kindNames().sort();
  for (const namespace of namespaces) {
    lists[`sources ${namespace}`] = view.podSourcesIn(namespace).map((source) => position(source.owner));
    lists[`services ${namespace}`] = view.servicesIn(namespace).map(position);
    for (const name of new Set(objects.map((entry) => entry.object.name ?? ''))) {
      lists[`services ${namespace}/${name}`] = view.servicesNamed(namespace, name).map(position);
    }
    for (const label of LABELS)
      lists[`label ${namespace} ${label}`] = view.podSourcesWithLabel(namespace, 'app', label).map((source) => position(source.owner));
  }
  for (const identity of new Set(objects.map(identityOf))) lists[`definitions ${identity}`] = view.definitionsOf(identity).map(position);
  return lists;
}

test('a view derived from the previous one lists what a view built afresh lists, in the same order', () => {
  fc.assert(
    fc.property(
      fc.array(fileText, { minLength: URIS.length, maxLength: URIS.length }),
      fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
      (initial, batches) => {
        const index = new WorkspaceIndex();
        initial.forEach((text, i) => index.setFromDisk(URIS[i]!, text));
        let objects = index.objects();
        everyList(workspaceViewOf(objects), objects);
        // What the array must list: each file's objects, files in the walk's order.
        const texts = new Map<string, string>();
        initial.forEach((text, i) => texts.set(URIS[i]!, text));
        // Several files may change between two arrays (disk events come in batches).
        for (const batch of batches) {
          for (const step of batch) {
            const uri = URIS[step.file]!;
            if (step.text === undefined) {
              index.remove(uri);
              texts.delete(uri);
            } else {
              index.setFromDisk(uri, step.text);
              texts.set(uri, step.text);
            }
          }
          const previousView = workspaceViewOf(objects);
          objects = index.objects();
          const derived = workspaceViewOf(objects);
          if (objects !== (previousView.objects as unknown)) assert.equal(derived.derivedFrom()?.previous, previousView, 'the view was derived');
          assert.deepEqual(everyList(derived, objects), everyList(new WorkspaceView(objects), objects));
          const expected = WALK_ORDER.filter((uri) => texts.has(uri)).flatMap((uri) =>
            objectsOf(parseManifestFile(texts.get(uri)!)).map((object) => `${uri} ${object.kind}/${object.name}`),
          );
          assert.deepEqual(
            objects.map((entry) => `${entry.uri} ${entry.object.kind}/${entry.object.name}`),
            expected,
          );
        }
      },
    ),
    { numRuns: 200 },
  );
});

test('a view that handed its groupings over still answers from its own array', () => {
  const index = new WorkspaceIndex();
  index.setFromDisk(URIS[0]!, 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n');
  const before = index.objects();
  const oldView = workspaceViewOf(before);
  assert.equal(oldView.servicesIn('default').length, 1);
  index.setFromDisk(URIS[0]!, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\n');
  const after = index.objects();
  assert.equal(workspaceViewOf(after).servicesIn('default').length, 0);
  assert.equal(workspaceViewOf(after).derivedFrom()?.previous, oldView);
  assert.deepEqual(
    oldView.servicesIn('default').map((entry) => entry.object.kind),
    ['Service'],
  );
});

test('a file parsed again with the same objects is listed once, not twice', () => {
  const index = new WorkspaceIndex();
  const text = 'apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {app: web}}\nspec: {containers: [{name: c, image: nginx}]}\n';
  index.setOpen(URIS[0]!, parseManifestFile(text));
  const first = index.objects();
  workspaceViewOf(first).podSourcesIn('default');
  index.setOpen(URIS[0]!, parseManifestFile(`${text}# a comment\n`));
  const second = index.objects();
  assert.deepEqual(
    workspaceViewOf(second)
      .podSourcesIn('default')
      .map((source) => source.owner.object.name),
    ['p'],
  );
});
