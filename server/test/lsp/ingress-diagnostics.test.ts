// Ingress documents in the editor over a real stdio connection: the API server's errors (ValidateIngressCreate)
// land on the field they name, and fixing the field clears them.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver/node';
import { TestLanguageServer, writeWorkspace } from '../../../test/support/lsp-client';

const folders: string[] = [];
const servers: TestLanguageServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  rules:
  - host: shop.example.com
    http:
      paths:
      - path: /api
        pathType: Regex
        backend:
          service:
            name: web
            port:
              number: 80
`;

async function openIngress(text: string): Promise<{ server: TestLanguageServer; uri: string; diagnostics: Diagnostic[] }> {
  const folder = writeWorkspace({});
  folders.push(folder);
  const server = await TestLanguageServer.start({ workspaceFolder: folder });
  servers.push(server);
  const uri = pathToFileURL(join(folder, 'ingress.yaml')).href;
  return { server, uri, diagnostics: await server.open(uri, text) };
}

test('an unsupported pathType is an error on its value; a supported one clears it', async () => {
  const { server, uri, diagnostics } = await openIngress(INGRESS);
  const error = diagnostics.find((diagnostic) => diagnostic.code === 'ingress-path-type-unsupported');
  assert.ok(error, JSON.stringify(diagnostics));
  assert.equal(
    error.message,
    'spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
  );
  assert.deepEqual(error.range, { start: { line: 10, character: 18 }, end: { line: 10, character: 23 } });
  const fixed = await server.change(uri, INGRESS.replace('pathType: Regex', 'pathType: ImplementationSpecific'));
  assert.deepEqual(
    fixed.filter((diagnostic) => String(diagnostic.code).startsWith('ingress-path')),
    [],
  );
});
