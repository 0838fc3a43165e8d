// Kustomizations rendered by the real kustomize: kubesim's objects equal `kustomize build`'s, every
// finding lands on the line that produced the value, and kustomize's errors on the entry at fault.
// Skipped with a reason where neither `kustomize` nor `kubectl` is installed.
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { checkRenderedKustomization, renderingUri } from '../../src/kustomize/check-kustomization';
import { objectsOf } from '../../src/manifest/manifest-file';
import { diskHost } from '../../src/kustomize/disk-host';
import { findKustomization } from '../../src/kustomize/kustomization-tree';
import { buildInMirror, findKustomizeBinary } from '../../src/kustomize/kustomize-process';
import { SourcePlacer } from '../../src/kustomize/place-on-source';
import { renderKustomization, type RenderedKustomization } from '../../src/kustomize/render-kustomization';
import type { PathSegment } from '../../src/manifest/yaml-path';
import { LineIndex } from '../../src/manifest/line-index';
import { FIXTURES } from './fixtures-path';

const binary = findKustomizeBinary();
const skip = binary ? false : 'neither kustomize nor kubectl is on the PATH';
const host = diskHost();

// Each fixture is rendered once per run (a build costs a few hundred milliseconds).
const renderings = new Map<string, Promise<RenderedKustomization>>();

function render(directory: string): Promise<RenderedKustomization> {
  const root = findKustomization(host, join(FIXTURES, directory));
  assert.ok(root, `no kustomization in ${directory}`);
  let rendering = renderings.get(directory);
  if (!rendering)
    renderings.set(directory, (rendering = renderKustomization(host, root, (files, rootRelative) => buildInMirror(binary!, files, rootRelative))));
  return rendering;
}

/** `file:line` (1-based) of the only line of a fixture containing `marker`. */
function lineOf(file: string, marker: string): string {
  const lines = readFileSync(join(FIXTURES, file), 'utf8').split('\n');
  const found = lines.flatMap((line, index) => (line.includes(marker) ? [index + 1] : []));
  assert.equal(found.length, 1, `${marker} should occur once in ${file}`);
  return `${file}:${found[0]}`;
}

function placedLine(path: string, text: string, start: number): string {
  return `${path.slice(FIXTURES.length + 1)}:${new LineIndex(text).positionAt(start).line + 1}`;
}

const ROOTS = ['shop/base', 'shop/overlays/dev', 'shop/overlays/prod', 'shop/overlays/zero-surge', 'ledger/base', 'ledger/overlays/staging'];

for (const root of ROOTS) {
  test(`${root}: the rendered objects are kustomize's own output`, { skip }, async () => {
    const rendered = await render(root);
    assert.equal(rendered.error, undefined);
    const args = binary!.subcommand[0] === 'build' ? ['build', join(FIXTURES, root)] : ['kustomize', join(FIXTURES, root)];
    const expected = parseAllDocuments(execFileSync(binary!.command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })).map((document) =>
      document.toJS(),
    );
    assert.deepEqual(
      rendered.objects.map((object) => object.value),
      expected,
    );
  });
}

test("an overlay whose patch sets maxSurge 0 and maxUnavailable 0 gets one error, on the patch's maxUnavailable line", { skip }, async () => {
  const findings = checkRenderedKustomization(await render('shop/overlays/zero-surge'), host, defaultClusterSpec('1.36'));
  assert.deepEqual(
    findings.map(({ path, text, finding }) => `${placedLine(path, text, finding.start)} ${finding.severity} ${finding.field}`),
    [`${lineOf('shop/overlays/zero-surge/rollout.yaml', 'maxUnavailable: 0')} error spec.strategy.rollingUpdate.maxUnavailable`],
  );
  const [only] = findings;
  assert.equal(only!.text.slice(only!.finding.start, only!.finding.end), '0');
});

for (const root of ['shop/base', 'shop/overlays/dev', 'shop/overlays/prod', 'ledger/base', 'ledger/overlays/staging']) {
  test(`${root} gets no finding`, { skip }, async () => {
    const findings = checkRenderedKustomization(await render(root), host, defaultClusterSpec('1.36'));
    assert.deepEqual(
      findings.map(({ path, text, finding }) => `${placedLine(path, text, finding.start)} ${finding.message}`),
      [],
    );
  });
}

// Where each field of a rendered object comes from, read off the fixture text by hand. The
// component's sidecar comes first in prod: a strategic merge puts new list items before old ones.
const PLACEMENTS: { root: string; kind: string; path: PathSegment[]; expected: [file: string, marker: string] }[] = [
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'template', 'spec', 'containers', 1, 'image'],
    expected: ['shop/overlays/prod/kustomization.yaml', 'newTag: 1.4.2'],
  },
  { root: 'shop/overlays/prod', kind: 'Deployment', path: ['spec', 'replicas'], expected: ['shop/overlays/prod/kustomization.yaml', 'count: 6'] },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'strategy', 'rollingUpdate', 'maxSurge'],
    expected: ['shop/overlays/prod/rollout.yaml', 'maxSurge: 2'],
  },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'template', 'spec', 'containers', 0, 'image'],
    expected: ['shop/components/metrics/sidecar.yaml', 'image: quay.io'],
  },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'template', 'spec', 'containers', 1, 'readinessProbe', 'httpGet', 'path'],
    expected: ['shop/base/deployment.yaml', 'path: /healthz'],
  },
  { root: 'shop/overlays/prod', kind: 'Deployment', path: ['metadata', 'name'], expected: ['shop/overlays/prod/kustomization.yaml', 'namePrefix: prod-'] },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['metadata', 'namespace'],
    expected: ['shop/overlays/prod/kustomization.yaml', 'namespace: shop-prod'],
  },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'template', 'metadata', 'labels', 'environment'],
    expected: ['shop/overlays/prod/kustomization.yaml', 'environment: production'],
  },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'selector', 'matchLabels', 'app.kubernetes.io/name'],
    expected: ['shop/base/kustomization.yaml', 'app.kubernetes.io/name: shop'],
  },
  {
    root: 'shop/overlays/prod',
    kind: 'Deployment',
    path: ['spec', 'template', 'metadata', 'labels', 'component'],
    expected: ['shop/base/deployment.yaml', '        component: api'],
  },
  { root: 'shop/overlays/prod', kind: 'ConfigMap', path: ['data', 'LOG_LEVEL'], expected: ['shop/overlays/prod/kustomization.yaml', 'LOG_LEVEL=warn'] },
  { root: 'shop/overlays/prod', kind: 'ConfigMap', path: ['data', 'CART_TTL'], expected: ['shop/base/kustomization.yaml', 'CART_TTL=30m'] },
  { root: 'shop/overlays/dev', kind: 'Deployment', path: ['spec', 'strategy', 'type'], expected: ['shop/overlays/dev/kustomization.yaml', 'type: Recreate'] },
  {
    root: 'ledger/overlays/staging',
    kind: 'StatefulSet',
    path: ['spec', 'volumeClaimTemplates', 0, 'spec', 'resources', 'requests', 'storage'],
    expected: ['ledger/overlays/staging/storage.yaml', 'storage: 50Gi'],
  },
  {
    root: 'ledger/overlays/staging',
    kind: 'StatefulSet',
    path: ['spec', 'template', 'spec', 'containers', 0, 'image'],
    expected: ['ledger/overlays/staging/kustomization.yaml', 'digest: sha256'],
  },
  {
    root: 'ledger/overlays/staging',
    kind: 'StatefulSet',
    path: ['spec', 'podManagementPolicy'],
    expected: ['ledger/overlays/staging/storage.yaml', 'podManagementPolicy'],
  },
  {
    root: 'ledger/overlays/staging',
    kind: 'StatefulSet',
    path: ['spec', 'selector', 'matchLabels', 'app'],
    expected: ['ledger/base/kustomization.yaml', 'app: ledger'],
  },
];

for (const row of PLACEMENTS) {
  test(`${row.root}: ${row.kind} ${row.path.join('.')} comes from ${row.expected[0]} "${row.expected[1]}"`, { skip }, async () => {
    const rendered = await render(row.root);
    const object = rendered.objects.find((candidate) => candidate.object.kind === row.kind);
    assert.ok(object);
    const place = new SourcePlacer(rendered.tree, host).place(object, row.path, false);
    assert.equal(placedLine(place.path, place.text, place.span.start), lineOf(...row.expected));
  });
}

// kustomize's own errors, on the kustomization entry that caused them.
const ERRORS: { root: string; expected: [file: string, marker: string]; message: RegExp }[] = [
  {
    root: 'broken/missing-resource',
    expected: ['broken/missing-resource/kustomization.yaml', 'service.yaml'],
    message: /accumulating resources from 'service.yaml'/,
  },
  {
    root: 'broken/bad-patch-target',
    expected: ['broken/bad-patch-target/kustomization.yaml', 'path: replicas.yaml'],
    message: /no resource matches strategic merge patch "Deployment.v1.apps\/webb/,
  },
  { root: 'broken/cycle/a', expected: ['broken/cycle/b/kustomization.yaml', '../a'], message: /cycle detected/ },
  {
    root: 'broken/json-patch-missing-path',
    expected: ['broken/json-patch-missing-path/kustomization.yaml', 'path: /spec/template/spec/nodeSelector'],
    message: /doc is missing path/,
  },
  { root: 'broken/unknown-field', expected: ['broken/unknown-field/kustomization.yaml', 'namePrefx'], message: /unknown field "namePrefx"/ },
];

for (const row of ERRORS) {
  test(`${row.root}: kustomize's error lands on ${row.expected[0]} "${row.expected[1]}"`, { skip }, async () => {
    const findings = checkRenderedKustomization(await render(row.root), host, defaultClusterSpec('1.36'));
    assert.equal(findings.length, 1);
    const { path, text, finding } = findings[0]!;
    assert.equal(finding.code, 'kustomize-build-error');
    assert.match(finding.message, row.message);
    assert.equal(placedLine(path, text, finding.start), lineOf(...row.expected));
  });
}

// API-server findings on values set by kustomization entries and patches.
const FINDINGS: { root: string; expected: [file: string, marker: string]; field: string }[] = [
  { root: 'broken/negative-replicas', expected: ['broken/negative-replicas/kustomization.yaml', 'count: -1'], field: 'spec.replicas' },
  { root: 'broken/uppercase-prefix', expected: ['broken/uppercase-prefix/kustomization.yaml', 'namePrefix: Prod-'], field: 'metadata.name' },
  {
    root: 'broken/inline-patch',
    expected: ['broken/inline-patch/kustomization.yaml', 'imagePullPolicy: Sometimes'],
    field: 'spec.template.spec.containers[0].imagePullPolicy',
  },
  { root: 'broken/json6902-file', expected: ['broken/json6902-file/history.yaml', 'value: -1'], field: 'spec.revisionHistoryLimit' },
];

for (const row of FINDINGS) {
  test(`${row.root}: ${row.field} is reported on ${row.expected[0]} "${row.expected[1]}"`, { skip }, async () => {
    const findings = checkRenderedKustomization(await render(row.root), host, defaultClusterSpec('1.36'));
    assert.deepEqual(
      findings.map(({ path, text, finding }) => `${placedLine(path, text, finding.start)} ${finding.field}`),
      [`${lineOf(...row.expected)} ${row.field}`],
    );
  });
}

test('a Service another kustomization renders is not missing: the lookup searches every rendering of the workspace', { skip }, async () => {
  const web = await render('split/web');
  const services = await render('split/services');
  const placed = (workspace: Parameters<typeof checkRenderedKustomization>[3]) =>
    checkRenderedKustomization(web, host, defaultClusterSpec('1.36'), workspace).map(
      ({ path, text, finding }) => `${placedLine(path, text, finding.start)} ${finding.code}`,
    );
  // Alone, the rendering has no Service "cache-headless".
  assert.deepEqual(placed([]), [`${lineOf('split/web/statefulset.yaml', '# missing')} statefulset-service-missing`]);
  const elsewhere = services.file ? objectsOf(services.file).map((object) => ({ uri: renderingUri(services), object })) : [];
  assert.equal(elsewhere.length, 1);
  assert.deepEqual(placed(elsewhere), []);
});

test("governing-service-not-headless lands on the Service's spec, not on the kustomization's namespace line", { skip }, async () => {
  const findings = checkRenderedKustomization(await render('split/data'), host, defaultClusterSpec('1.36'));
  assert.deepEqual(
    findings.map(({ path, text, finding }) => `${placedLine(path, text, finding.start)} ${finding.code}`),
    [`${lineOf('split/data/service.yaml', '# governing')} governing-service-not-headless`],
  );
});
