// The strategy's rollout lens and hover over a real stdio connection: the best-case duration from the probes
// (a readinessProbe of delay 10, period 5 is Ready 15 s after creation) times the waves of maxSurge +
// maxUnavailable, and the surge pods' requests beyond the steady state.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens, Hover } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;

before(async () => {
  server = await TestLanguageServer.start();
});
after(async () => {
  await server.stop();
});

const TEXT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  strategy:
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
        resources:
          requests:
            cpu: 500m
            memory: 512Mi
        readinessProbe:
          httpGet:
            port: 80
          initialDelaySeconds: 10
          periodSeconds: 5
`;

test('a lens above strategy: 45 s best case and the surge request; the hover says what it assumes', async () => {
  const uri = 'file:///tmp/kubesim-rollout-cost/web.yaml';
  await server.open(uri, TEXT);
  const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  assert.equal(lenses.length, 2);
  assert.equal(
    lenses[1]!.command!.title,
    'Rollout ≈ 45 s best case (3 waves of up to 1 pod × 15 s (Ready 15 s)) · surge needs 500m CPU and 512Mi more than the steady state',
  );
  assert.equal(lenses[1]!.range.start.line, 6);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 4 } });
  const value = (hover?.contents as { value: string } | undefined)?.value ?? '';
  assert.match(value, /Rollout ≈ 45 s best case/);
  assert.match(value, /Assumed: image pull 1 s per container/);
});
