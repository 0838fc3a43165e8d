// analyzeDocument decides which checks run on a document, for the server and `kubesim check` alike: a cluster
// profile, a Helm chart's files, a kustomization's fragment and a plain manifest, then the renderings' findings.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { defaultClusterSpec } from '@kubesim/engine';
import { analyzeDocument } from '../src/analyze-document';
import { parseManifestFile } from '../src/manifest/manifest-file';
import type { Finding } from '../src/validation/finding';
import { HelmChartLookup } from '../src/workspace/helm-chart';

const folder = mkdtempSync(join(tmpdir(), 'kubesim-analyze-'));
after(() => rmSync(folder, { recursive: true, force: true }));
mkdirSync(join(folder, 'chart', 'templates'), { recursive: true });
writeFileSync(join(folder, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: web\nversion: 0.1.0\n');

// A Deployment whose selector does not match its labels (an API-server error), with a broken last line.
const BAD_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;
const RENDERED: Finding = { start: 0, end: 3, severity: 'error', code: 'rendered-by-kustomize', message: 'from a rendering' };

function codes(
  path: string | undefined,
  text: string,
  checkedAlone = true,
  renderedFindings?: readonly Finding[],
  chartFindings?: readonly Finding[],
): string[] {
  const findings = analyzeDocument({
    path,
    text,
    parsed: () => parseManifestFile(text),
    checkOptions: () => ({ cluster: defaultClusterSpec('1.36') }),
    checkedAlone,
    charts: new HelmChartLookup(),
    ...(renderedFindings ? { renderedFindings } : {}),
    ...(chartFindings ? { chartFindings } : {}),
  });
  return findings.map((finding) => String(finding.code));
}

const CHART_NOTE: Finding = { start: 0, end: 3, severity: 'information', code: 'helm-chart-not-rendered', message: 'no helm' };

const rows: {
  name: string;
  path: string | undefined;
  text: string;
  checkedAlone?: boolean;
  rendered?: Finding[];
  chart?: Finding[];
  expected: (found: string[]) => boolean;
}[] = [
  {
    name: 'a plain manifest gets the API server verdict',
    path: join(folder, 'web.yaml'),
    text: BAD_DEPLOYMENT,
    expected: (found) => found.includes('deployment-selector-mismatch'),
  },
  {
    name: 'an untitled buffer is checked as a manifest',
    path: undefined,
    text: BAD_DEPLOYMENT,
    expected: (found) => found.includes('deployment-selector-mismatch'),
  },
  {
    name: "a chart's template gets nothing",
    path: join(folder, 'chart', 'templates', 'web.yaml'),
    text: BAD_DEPLOYMENT,
    expected: (found) => found.length === 0,
  },
  {
    name: "a chart's Chart.yaml gets what the chart's check placed on it",
    path: join(folder, 'chart', 'Chart.yaml'),
    text: 'apiVersion: v2\nname: web\n',
    chart: [CHART_NOTE],
    expected: (found) => found.length === 1 && found[0] === 'helm-chart-not-rendered',
  },
  {
    name: "a chart's template gets the rendering's findings, never a manifest check",
    path: join(folder, 'chart', 'templates', 'web.yaml'),
    text: BAD_DEPLOYMENT,
    chart: [{ ...CHART_NOTE, code: 'deployment-negative-value' }],
    expected: (found) => found.length === 1 && found[0] === 'deployment-negative-value',
  },
  {
    name: "a kustomization's fragment gets its YAML problems alone",
    path: join(folder, 'patch.yaml'),
    text: BAD_DEPLOYMENT,
    checkedAlone: false,
    expected: (found) => found.length === 0,
  },
  {
    name: 'a broken fragment gets its YAML problem',
    path: join(folder, 'patch.yaml'),
    text: 'a: [',
    checkedAlone: false,
    expected: (found) => found.length === 1,
  },
  {
    name: 'a cluster profile gets its own findings, not a manifest check',
    path: join(folder, '.kubesim.yaml'),
    text: 'featureGates:\n  NoSuchGate: true\n',
    expected: (found) => found.length === 1 && found[0] === 'cluster-profile-invalid',
  },
  {
    name: "the renderings' findings come last",
    path: join(folder, 'web.yaml'),
    text: BAD_DEPLOYMENT,
    rendered: [RENDERED],
    expected: (found) => found.at(-1) === 'rendered-by-kustomize' && found.includes('deployment-selector-mismatch'),
  },
];
for (const row of rows) {
  test(`analyzeDocument: ${row.name}`, () => {
    const found = codes(row.path, row.text, row.checkedAlone ?? true, row.rendered, row.chart);
    assert.ok(row.expected(found), JSON.stringify(found));
  });
}
