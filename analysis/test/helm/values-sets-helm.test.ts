// With the real helm: every values set kubesim renders the chart with gives the objects `helm template --values`
// prints (differential), and a values edit is judged by the rollout verdict on the rendered workloads (image.tag
// rolls the Deployment out and leaves the subchart's StatefulSet alone; a Service-only value replaces no pod).
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { checkHelmChart, type HelmCheckRequest } from '../../src/helm/chart-check';
import { runHelmTemplate } from '../../src/helm/helm-process';
import { valuesEditOf } from '../../src/helm/values-rollout';
import { diskHost } from '../../src/kustomize/disk-host';
import { repoPath } from '../../../test/support/paths';
import { helmMissingReason, testHelm } from '../../../test/support/helm';

const FIXTURES = repoPath('analysis', 'test', 'helm', 'fixtures');
const CHART = join(FIXTURES, 'webapp');
const VALUES = join(CHART, 'values.yaml');
const cluster = defaultClusterSpec('1.34');
const skip = helmMissingReason();
const helm = testHelm();
const binary = helm === undefined ? undefined : { command: helm, label: 'helm' };
const run: HelmCheckRequest['run'] = binary ? (request) => runHelmTemplate(binary, request) : 'not-found';

// The Secret's randAlphaNum data and `now` annotation differ between any two renders.
function stable(object: Record<string, unknown>): Record<string, unknown> {
  if (object.kind !== 'Secret') return object;
  const { data: _data, metadata, ...rest } = object as { data?: unknown; metadata: Record<string, unknown> };
  const { annotations: _annotations, ...kept } = metadata;
  return { ...rest, metadata: kept };
}

function helmTemplate(valuesFiles: readonly string[]): Record<string, unknown>[] {
  const args = ['template', 'release-name', CHART, '--namespace', 'default', '--kube-version', 'v1.34.0', '--include-crds'];
  for (const file of valuesFiles) args.push('--values', file);
  return parseAllDocuments(execFileSync(helm!, args, { encoding: 'utf8' }))
    .map((document) => document.toJS() as Record<string, unknown> | null)
    .filter((value): value is Record<string, unknown> => value !== null)
    .map(stable);
}

for (const valuesFile of ['ci/small-values.yaml', '../broken-values.yaml']) {
  test(`differential: kubesim's objects with ${valuesFile} are those helm template --values prints`, { skip }, async () => {
    const path = join(CHART, valuesFile);
    const result = await checkHelmChart({ host: diskHost(), root: CHART, cluster, run, declared: { values: [path] } });
    const ours = result.renderings[0]!.objects.map((entry) => stable(entry.object.value as Record<string, unknown>));
    assert.equal(result.renderings.length, 1);
    assert.ok(ours.length >= 5);
    assert.deepEqual(ours, helmTemplate([path]));
  });
}

/** The chart checked with values.yaml as an editor buffer holding `text`. */
function checkWithValues(text: string) {
  return checkHelmChart({ host: diskHost((path) => (path === VALUES ? text : undefined)), root: CHART, cluster, run });
}

test('a values edit through the chart: image.tag rolls the Deployment out, service.type replaces no pod', { skip }, async () => {
  const original = readFileSync(VALUES, 'utf8');
  const base = await checkHelmChart({ host: diskHost(), root: CHART, cluster, run });
  const tagged = await checkWithValues(original.replace('tag: "6.5.0"', 'tag: "6.5.1"'));
  const edit = valuesEditOf(tagged, base, VALUES, cluster)!;
  assert.deepEqual(
    edit.rollouts.map((rollout) => `${rollout.kind} ${rollout.name} ${rollout.effect}`),
    ['Deployment release-name-webapp rolls', 'StatefulSet release-name-cache stays'],
  );
  assert.match(edit.rollouts[0]!.revision ?? '', /^release-name-webapp-[a-z0-9]{6,10}$/);
  const service = await checkWithValues(original.replace('type: ClusterIP', 'type: NodePort'));
  assert.deepEqual(
    valuesEditOf(service, base, VALUES, cluster)!.rollouts.map((rollout) => rollout.effect),
    ['stays', 'stays'],
  );
  // Without an earlier rendering every workload is a fresh create.
  assert.deepEqual(
    valuesEditOf(tagged, undefined, VALUES, cluster)!.rollouts.map((rollout) => rollout.effect),
    ['created', 'created'],
  );
});
