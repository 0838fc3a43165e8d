// `kubectl replace` and `kubectl patch` in sessions: updates through the simulated API server, printed
// as kubectl's replace.go and patch.go print them; the patch semantics of strategicpatch and jsonpatch.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import type { KubernetesObject } from '../../src/model/objects';
import { applyPatch } from '../../src/kubectl/patch';
import { runSession } from '../../src/session/session-runner';

function deployment(image: string, app = 'web'): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app } },
      template: {
        metadata: { labels: { app } },
        spec: {
          containers: [
            { name: 'web', image },
            { name: 'sidecar', image: 'envoy:1' },
          ],
        },
      },
    },
  };
}

const files: Record<string, unknown[]> = {
  'web.yaml': [deployment('nginx:1.27')],
  'next.yaml': [deployment('nginx:1.28')],
  'moved.yaml': [deployment('nginx:1.28', 'moved')],
};

test('replace needs the object, replaces it, and is refused for an immutable field', () => {
  const result = runSession({
    text: 'kubectl replace -f web.yaml\nkubectl apply -f web.yaml\nkubectl replace -f next.yaml\nkubectl replace -f moved.yaml',
    cluster: defaultClusterSpec('1.36'),
    readManifest: (path) => structuredClone(files[path]!) as KubernetesObject[],
  });
  assert.deepEqual(
    result.steps.map((step) => step.output),
    [
      'Error from server (NotFound): error when replacing "web.yaml": deployments.apps "web" not found',
      'deployment.apps/web created',
      'deployment.apps/web replaced',
      'The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"moved"}}: field is immutable',
    ],
  );
});

test('patch: strategic by container name, (no change) when nothing changes, refused when invalid', () => {
  const image = `'{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"nginx:1.29"}]}}}}'`;
  const result = runSession({
    text: [
      `kubectl apply -f web.yaml`,
      `kubectl patch deployment web -p ${image}`,
      `kubectl patch deploy/web -p ${image}`,
      `kubectl patch deployment web --type merge -p '{"spec":{"replicas":-1}}'`,
    ].join('\n'),
    cluster: defaultClusterSpec('1.36'),
    readManifest: (path) => structuredClone(files[path]!) as KubernetesObject[],
  });
  assert.deepEqual(
    result.steps.slice(1).map((step) => step.output),
    [
      'deployment.apps/web patched',
      'deployment.apps/web patched (no change)',
      'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ],
  );
});

const PATCH_ROWS = [
  {
    name: 'strategic: a container merges by name, the other stays',
    strategic: true,
    expected: [
      { name: 'web', image: 'b' },
      { name: 'sidecar', image: 's' },
    ],
  },
  { name: 'merge: the list is replaced', strategic: false, expected: [{ name: 'web', image: 'b' }] },
];
for (const row of PATCH_ROWS) {
  test(`applyPatch ${row.name}`, () => {
    const target = {
      containers: [
        { name: 'web', image: 'a' },
        { name: 'sidecar', image: 's' },
      ],
      keep: 1,
      drop: 2,
    };
    const patched = applyPatch(target, { containers: [{ name: 'web', image: 'b' }], drop: null }, row.strategic) as Record<string, unknown>;
    assert.deepEqual(patched, { containers: row.expected, keep: 1 });
  });
}
