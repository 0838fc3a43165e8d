// Helm charts and CRDs in `kubesim check` with the real helm: a CRD a chart installs (its crds/ folder) checks
// the workspace's custom resources, and a CRD the workspace holds is in `.Capabilities.APIVersions` when helm
// renders (`helm template --api-versions group/version/Kind`), so a template guarded by it renders.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { widgetCrd } from '../support/crd-fixtures';
import { helmMissingReason, testHelm } from '../support/helm';

const skip = helmMissingReason();

const GADGET_CRD = widgetCrd({ type: 'object' })
  .replace(/widget/g, 'gadget')
  .replace(/Widget/g, 'Gadget');

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-helm-crds-'));
  mkdirSync(join(root, 'chart', 'crds'), { recursive: true });
  mkdirSync(join(root, 'chart', 'templates'));
  writeFileSync(join(root, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: widgets\nversion: 0.1.0\n');
  writeFileSync(join(root, 'chart', 'crds', 'widget.yaml'), `${widgetCrd({ type: 'object', properties: { size: { type: 'integer' } } })}\n`);
  // Rendered only when the cluster serves example.com/v1 Gadget: its bad key is then an error on this line.
  writeFileSync(
    join(root, 'chart', 'templates', 'config.yaml'),
    '{{- if .Capabilities.APIVersions.Has "example.com/v1/Gadget" }}\n' +
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: gadgets\ndata:\n  bad key: x\n{{- end }}\n',
  );
  writeFileSync(join(root, 'gadget-crd.yaml'), `${GADGET_CRD}\n`);
  writeFileSync(join(root, 'widget.yaml'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: large\n');
  return root;
}

test("check: a chart's crds/ CRD checks the workspace's custom resources; the workspace's CRDs are helm's --api-versions", { skip }, () => {
  const root = workspace();
  try {
    const result = runKubesim(['check', '.'], { cwd: root, env: { ...process.env, KUBESIM_HELM: testHelm()! } });
    const lines = result.stdout
      .split('\n')
      .map((line) => /^(\S+:\d+:\d+): (\w+): .*\[([\w-]+)\]$/.exec(line)?.slice(1, 4).join(' '))
      .filter(Boolean);
    assert.ok(lines.includes('widget.yaml:6:9 error widget-schema-type'), result.stdout);
    assert.ok(
      lines.some((line) => line?.startsWith('chart/templates/config.yaml:7:') && line.includes('error configmap-')),
      result.stdout,
    );
    assert.equal(result.status, 1, result.stderr);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
