// DaemonSet hovers: the first revision's name and the hash its pods carry (ComputeHash of the
// template, checked against the Deployment oracle vector of the same template), the pods'
// generateName, the nodes that run a pod, and the update budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterSpecOf, defaultClusterSpec } from '@kubesim/engine';
import { objectsOf, parseManifestFile } from '../../../analysis/src/manifest/manifest-file';
import { computeHover } from '../../src/lsp/hover';
import { readJsonFixture } from '../../../test/support/paths';

// The template of the classic nginx Deployment (oracle: pod-template-hash 6b799bd7f6 in 1.36, collisionCount nil).
const NGINX = readJsonFixture<{ cases: { id: string; podTemplateHash: string }[] }>(
  'engine',
  'test',
  'fixtures',
  'hash',
  'deployments-1.36-samples.json',
).cases.find((row) => row.id === 'classic-nginx-1.7.9-r3')!;

const DAEMONSET = (strategy: string, tolerations = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
${strategy}  template:
    metadata:
      labels:
        app: nginx
    spec:
${tolerations}      containers:
      - name: nginx
        image: nginx:1.7.9
        ports:
        - containerPort: 80
`;

function hoverOn(text: string, needle: string, cluster = defaultClusterSpec('1.36')): string {
  const file = parseManifestFile(text);
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  return computeHover(file, offset + 1, cluster, objectsOf(file))?.markdown ?? '';
}

test('the DaemonSet header: pods, revision and hash (the Deployment vector of the same template), one node', () => {
  const markdown = hoverOn(DAEMONSET(''), 'name: nginx-deployment');
  assert.match(markdown, /\*\*DaemonSet\*\* `nginx-deployment` in namespace `default`/);
  assert.ok(
    markdown.includes(`ControllerRevision \`nginx-deployment-${NGINX.podTemplateHash}\` (pod label \`controller-revision-hash: ${NGINX.podTemplateHash}\`)`),
    markdown,
  );
  assert.ok(markdown.includes("Pods `nginx-deployment-` + 5 random characters, one on each of 1 node(s) (kind's single node"), markdown);
  assert.ok(markdown.includes('`kind-control-plane`'), markdown);
  assert.ok(markdown.includes('at most 1 node(s) at a time'), markdown);
});

test('with kind workers the tainted control plane runs no pod unless tolerated', () => {
  const cluster = clusterSpecOf('1.36', { nodes: 2 });
  const plain = hoverOn(DAEMONSET(''), 'template:', cluster);
  assert.ok(plain.includes('one on each of 2 node(s): `kind-worker`, `kind-worker2`'), plain);
  assert.ok(plain.includes('No pod on `kind-control-plane`'), plain);
  const tolerant = hoverOn(
    DAEMONSET('', '      tolerations:\n      - key: node-role.kubernetes.io/control-plane\n        operator: Exists\n'),
    'tolerations:',
    cluster,
  );
  assert.ok(tolerant.includes('one on each of 3 node(s)'), tolerant);
});

test('updateStrategy: maxSurge 25% of 4 nodes surges onto 1 node at a time', () => {
  const strategy = '  updateStrategy:\n    rollingUpdate:\n      maxSurge: 25%\n      maxUnavailable: 0\n';
  const markdown = hoverOn(
    DAEMONSET(strategy),
    'updateStrategy:',
    clusterSpecOf('1.36', { nodes: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] }),
  );
  assert.ok(markdown.startsWith('updateStrategy `RollingUpdate`: a new pod starts beside the old one on up to 1 node(s) at a time'), markdown);
});
