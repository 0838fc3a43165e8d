// Go to definition and find references through kustomize renderings (analysis/src/kustomize/rendered-navigation.ts):
// from an overlay's patch to the base resource it patches, from a base Service's selector to the Deployment it
// selects once both are rendered (the overlay's labels and name prefix applied), and back. Each answer is a
// `file:line` of the shop fixture. Skipped with a reason where neither `kustomize` nor `kubectl` is installed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diskHost } from '../../src/kustomize/disk-host';
import { findKustomization } from '../../src/kustomize/kustomization-tree';
import { buildInMirror, findKustomizeBinary } from '../../src/kustomize/kustomize-process';
import { renderKustomization } from '../../src/kustomize/render-kustomization';
import { RenderedNavigation } from '../../src/kustomize/rendered-navigation';
import type { SourcePlace } from '../../src/kustomize/source-place';
import { LineIndex } from '../../src/manifest/line-index';
import type { PathSegment } from '../../src/manifest/yaml-path';
import { FIXTURES } from './fixtures-path';

const binary = findKustomizeBinary();
const skip = binary ? false : 'neither kustomize nor kubectl is on the PATH';
const host = diskHost();

async function navigation(root: string): Promise<RenderedNavigation> {
  const kustomization = findKustomization(host, join(FIXTURES, root));
  assert.ok(kustomization, `no kustomization in ${root}`);
  const rendered = await renderKustomization(host, kustomization, (files, rootRelative) => buildInMirror(binary!, files, rootRelative));
  assert.equal(rendered.error, undefined);
  return new RenderedNavigation(rendered, host);
}

/** The offset of `marker` (its first character) in a fixture, which holds it once. */
function offsetOf(file: string, marker: string): number {
  const text = readFileSync(join(FIXTURES, file), 'utf8');
  assert.equal(text.split(marker).length, 2, `${marker} should occur once in ${file}`);
  return text.indexOf(marker);
}

/** `file:line` (1-based) of the only line of a fixture containing `marker`. */
function lineOf(file: string, marker: string): string {
  return `${file}:${new LineIndex(readFileSync(join(FIXTURES, file), 'utf8')).positionAt(offsetOf(file, marker)).line + 1}`;
}

const lines = (places: SourcePlace[]) =>
  places.map((place) => `${place.path.slice(FIXTURES.length + 1)}:${new LineIndex(place.text).positionAt(place.span.start).line + 1}`).sort();

const ROLLOUT = 'shop/overlays/prod/rollout.yaml';
const DEPLOYMENT = 'shop/base/deployment.yaml';
const SERVICE = 'shop/base/service.yaml';
// The metrics component's patch picks every Deployment by `target:` (its own name, not-used, is not read): line 1.
const SIDECAR = 'shop/components/metrics/sidecar.yaml:1';

const definitions: { name: string; root: string; file: string; at: string; path: PathSegment[]; expected: () => string[] }[] = [
  {
    name: "an overlay's patch (its name) leads to the base Deployment it patches",
    root: 'shop/overlays/prod',
    file: ROLLOUT,
    at: 'name: shop-api',
    path: ['metadata', 'name'],
    expected: () => [lineOf(DEPLOYMENT, 'name: shop-api')],
  },
  {
    name: "anywhere in the patch's body (maxSurge) leads to the base Deployment too",
    root: 'shop/overlays/prod',
    file: ROLLOUT,
    at: 'maxSurge: 2',
    path: ['spec', 'strategy', 'rollingUpdate', 'maxSurge'],
    expected: () => [lineOf(DEPLOYMENT, 'name: shop-api')],
  },
  {
    name: "a component's patch picked by `target:` leads to the base Deployment it applies to",
    root: 'shop/overlays/prod',
    file: 'shop/components/metrics/sidecar.yaml',
    at: 'name: metrics-exporter',
    path: ['spec', 'template', 'spec', 'containers', 0, 'name'],
    expected: () => [lineOf(DEPLOYMENT, 'name: shop-api')],
  },
  {
    name: "a base Service's selector leads to the base Deployment it selects in the prod rendering (prefix, namespace, labels applied)",
    root: 'shop/overlays/prod',
    file: SERVICE,
    at: 'selector:',
    path: ['spec', 'selector'],
    expected: () => [lineOf(DEPLOYMENT, 'name: shop-api')],
  },
  {
    name: "the base's own rendering: the Service's selector leads to the Deployment",
    root: 'shop/base',
    file: SERVICE,
    at: 'component: api',
    path: ['spec', 'selector', 'component'],
    expected: () => [lineOf(DEPLOYMENT, 'name: shop-api')],
  },
  {
    name: "a base Deployment's envFrom leads to the generator entry of the ConfigMap kustomize made",
    root: 'shop/base',
    file: DEPLOYMENT,
    at: 'name: shop-config',
    path: ['spec', 'template', 'spec', 'containers', 0, 'envFrom', 0, 'configMapRef', 'name'],
    expected: () => [lineOf('shop/base/kustomization.yaml', 'name: shop-config')],
  },
  {
    name: "a field of a resource that names nothing (the Service's port) leads nowhere",
    root: 'shop/overlays/prod',
    file: SERVICE,
    at: 'port: 80',
    path: ['spec', 'ports', 0, 'port'],
    expected: () => [],
  },
];

for (const { name, root, file, at, path, expected } of definitions) {
  test(`definition: ${name}`, { skip }, async () => {
    const places = (await navigation(root)).definitions(join(FIXTURES, file), offsetOf(file, at), path);
    assert.deepEqual(lines(places), expected().sort());
  });
}

test("references: the base Deployment in the prod rendering is reached by the Service's selector and both patches", { skip }, async () => {
  const places = (await navigation('shop/overlays/prod')).references(join(FIXTURES, DEPLOYMENT), offsetOf(DEPLOYMENT, 'replicas: 2'));
  assert.deepEqual(lines(places), [lineOf(ROLLOUT, 'name: shop-api'), lineOf(SERVICE, 'selector:'), SIDECAR].sort());
});

test('references: in the base alone, no patch applies; the selector still reaches the Deployment', { skip }, async () => {
  const places = (await navigation('shop/base')).references(join(FIXTURES, DEPLOYMENT), offsetOf(DEPLOYMENT, 'replicas: 2'));
  assert.deepEqual(lines(places), [lineOf(SERVICE, 'selector:')]);
});

test('references from the patch: the base resource it patches, and the selector that reaches the object', { skip }, async () => {
  const places = (await navigation('shop/overlays/prod')).references(join(FIXTURES, ROLLOUT), offsetOf(ROLLOUT, 'maxSurge: 2'));
  assert.deepEqual(lines(places), [lineOf(DEPLOYMENT, 'name: shop-api'), lineOf(ROLLOUT, 'name: shop-api'), lineOf(SERVICE, 'selector:'), SIDECAR].sort());
});
