// Pure parts of kustomize support: what a kustomization names, the provenance request, kubectl's
// error wrapping, image references, inline patch offsets and which files are checked alone.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { parseKustomization, referencesOf } from '../../src/kustomize/kustomization-file';
import { diskHost } from '../../src/kustomize/disk-host';
import { isCheckedAlone, kustomizeLayoutOf } from '../../src/kustomize/kustomize-layout';
import { patchSourcesOf } from '../../src/kustomize/patch-sources';
import { cleanMessage, withProvenance } from '../../src/kustomize/render-kustomization';
import { splitImage } from '../../src/kustomize/transformer-entries';
import { FIXTURES } from './fixtures-path';

const REFERENCE_ROWS: { text: string; expected: string[] }[] = [
  { text: 'resources:\n  - ../base\n  - svc.yaml\n  - https://github.com/org/repo//deploy?ref=v1\n', expected: ['resource ../base', 'resource svc.yaml'] },
  { text: 'bases: [../old]\ncomponents: [../../components/metrics]\n', expected: ['resource ../old', 'component ../../components/metrics'] },
  { text: 'patches:\n  - path: p.yaml\n  - patch: |-\n      kind: Deployment\n', expected: ['patch p.yaml'] },
  { text: 'patchesStrategicMerge:\n  - p.yaml\n  - |-\n    kind: Deployment\n    metadata: {name: a}\n', expected: ['patch p.yaml'] },
  { text: 'patchesJson6902:\n  - target: {kind: Deployment, name: a}\n    path: ops.yaml\n', expected: ['patch ops.yaml'] },
  {
    text: 'configMapGenerator:\n  - name: c\n    files: [app.properties, key=conf/x.ini]\n    envs: [a.env]\nsecretGenerator:\n  - name: s\n    env: s.env\n',
    expected: ['generator-source app.properties', 'generator-source conf/x.ini', 'generator-source a.env', 'generator-source s.env'],
  },
  {
    text: 'replacements:\n  - path: r.yaml\nconfigurations: [kc.yaml]\nopenapi:\n  path: schema.json\n',
    expected: ['configuration r.yaml', 'configuration kc.yaml', 'configuration schema.json'],
  },
  { text: 'resources: [\n', expected: [] },
];

for (const row of REFERENCE_ROWS) {
  test(`referencesOf: ${JSON.stringify(row.text)}`, () => {
    const kustomization = parseKustomization('/k/kustomization.yaml', '/k', row.text);
    assert.deepEqual(
      referencesOf(kustomization).map((reference) => `${reference.role} ${reference.target}`),
      row.expected,
    );
  });
}

const PROVENANCE_ROWS: { text: string; added: string[]; buildMetadata: unknown }[] = [
  { text: 'resources:\n  - ../base\n', added: ['originAnnotations', 'transformerAnnotations'], buildMetadata: ['originAnnotations', 'transformerAnnotations'] },
  { text: 'resources: [../base]', added: ['originAnnotations', 'transformerAnnotations'], buildMetadata: ['originAnnotations', 'transformerAnnotations'] },
  {
    text: 'buildMetadata: [managedByLabel]\nresources: [../base]\n',
    added: ['originAnnotations', 'transformerAnnotations'],
    buildMetadata: ['managedByLabel', 'originAnnotations', 'transformerAnnotations'],
  },
  { text: 'buildMetadata: [transformerAnnotations, originAnnotations]\n', added: [], buildMetadata: ['transformerAnnotations', 'originAnnotations'] },
  { text: '{resources: [../base]}\n', added: ['originAnnotations', 'transformerAnnotations'], buildMetadata: ['originAnnotations', 'transformerAnnotations'] },
];

for (const row of PROVENANCE_ROWS) {
  test(`withProvenance: ${JSON.stringify(row.text)}`, () => {
    const result = withProvenance(row.text);
    assert.deepEqual(result.added, row.added);
    assert.deepEqual((parse(result.text) as { buildMetadata?: unknown }).buildMetadata, row.buildMetadata);
  });
}

test('withProvenance keeps every line of a block kustomization where it was', () => {
  const text = 'resources:\n  - ../base\nnamePrefix: dev-';
  assert.ok(withProvenance(text).text.startsWith(`${text}\n`));
});

const MESSAGE_ROWS: { raw: string; expected: string }[] = [
  {
    raw: 'E1124 11:43:45.421238    8476 run.go:72] "command failed" err="accumulating resources: from \'x\': \\"q\\""\n',
    expected: 'accumulating resources: from \'x\': "q"',
  },
  {
    raw:
      'E1124 11:45:51.505509   10283 run.go:72] "command failed" err=<\n' +
      '\ttrouble configuring builtin PatchTransformer with config: `\n\tpath: p.yaml\n\t`: failed\n >\n',
    expected: 'trouble configuring builtin PatchTransformer with config: `\npath: p.yaml\n`: failed',
  },
  { raw: 'Error: invalid Kustomization: json: unknown field "resourcez"\n', expected: 'invalid Kustomization: json: unknown field "resourcez"' },
];

for (const row of MESSAGE_ROWS) {
  test(`cleanMessage: ${JSON.stringify(row.raw.slice(0, 60))}`, () => assert.equal(cleanMessage(row.raw), row.expected));
}

const IMAGE_ROWS: { image: string; expected: ReturnType<typeof splitImage> }[] = [
  { image: 'nginx', expected: { name: 'nginx' } },
  { image: 'nginx:1.27', expected: { name: 'nginx', tag: '1.27' } },
  { image: 'registry:5000/team/app', expected: { name: 'registry:5000/team/app' } },
  { image: 'registry:5000/team/app:v2@sha256:abc', expected: { name: 'registry:5000/team/app', tag: 'v2', digest: 'sha256:abc' } },
  { image: 'postgres@sha256:4aea', expected: { name: 'postgres', digest: 'sha256:4aea' } },
];

for (const row of IMAGE_ROWS) {
  test(`splitImage: ${row.image}`, () => assert.deepEqual(splitImage(row.image), row.expected));
}

test('an inline patch block maps its offsets onto the kustomization lines', () => {
  const text = 'resources:\n  - ../base\npatches:\n  - patch: |-\n      kind: Deployment\n      spec:\n        replicas: 3\n';
  const kustomization = parseKustomization('/k/kustomization.yaml', '/k', text);
  const [patch] = patchSourcesOf(
    kustomization,
    diskHost(() => undefined),
  );
  assert.ok(patch);
  assert.equal(patch.type, 'strategic-merge');
  const inPatch = patch.patchText.indexOf('replicas: 3');
  assert.equal(patch.toFileOffset(inPatch), text.indexOf('replicas: 3'));
});

test('a patch file of an overlay is never checked alone; a base resource only when nothing can render it', () => {
  const host = diskHost();
  const overlay = resolve(FIXTURES, 'shop', 'overlays', 'zero-surge');
  const layout = kustomizeLayoutOf(host, [resolve(overlay, 'kustomization.yaml'), resolve(overlay, 'rollout.yaml')]);
  assert.deepEqual(
    layout.roots.map((root) => root.directory),
    [overlay],
  );
  assert.equal(isCheckedAlone(layout, resolve(overlay, 'rollout.yaml'), true), false);
  assert.equal(isCheckedAlone(layout, resolve(overlay, 'rollout.yaml'), false), false);
  assert.equal(isCheckedAlone(layout, resolve(overlay, 'kustomization.yaml'), false), false);
  const baseDeployment = resolve(FIXTURES, 'shop', 'base', 'deployment.yaml');
  assert.equal(isCheckedAlone(layout, baseDeployment, true), false);
  assert.equal(isCheckedAlone(layout, baseDeployment, false), true);
  assert.equal(isCheckedAlone(layout, resolve(FIXTURES, 'elsewhere.yaml'), true), true);
});

test('a component is reached from its overlay but never rendered as a root', () => {
  const component = resolve(FIXTURES, 'shop', 'components', 'metrics', 'kustomization.yaml');
  const layout = kustomizeLayoutOf(diskHost(), [component, resolve(FIXTURES, 'shop', 'overlays', 'prod', 'kustomization.yaml')]);
  assert.deepEqual(
    layout.roots.map((root) => root.path),
    [resolve(FIXTURES, 'shop', 'overlays', 'prod', 'kustomization.yaml')],
  );
  assert.equal(layout.usedFiles.get(resolve(FIXTURES, 'shop', 'components', 'metrics', 'sidecar.yaml')), 'patch');
});
