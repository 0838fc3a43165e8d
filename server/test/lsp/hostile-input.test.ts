// Hostile but valid input, over a real LSP connection to the built server started with a 256 MB heap:
// a preview of 2147483647 replicas, 2 MB of `a: [`, an alias bomb, 2,000 documents and deep nesting each
// get a bounded answer, a cancelled preview answers "cancelled", and a hover right after still answers.
// Small scale, seconds (2 MB of `a: [` took 500 MB before, enough to end this server); tools/hostile-bench.mjs
// runs the bigger ones (5 and 50 MB files, 10,000 documents) and prints time and memory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CancellationTokenSource, LSPErrorCodes, ResponseError, type Diagnostic } from 'vscode-languageserver-protocol/node';
import type { RolloutView, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { TestLanguageServer, type TestWorkspace } from '../../../test/support/lsp-client';

const HEAP_LIMIT_MB = 256;

// OrderedReady: two controller passes per pod, so a preview of 10,000 replicas runs to the step budget
// (MAX_PREVIEW_STEPS, about 2 s), the longest a preview takes.
const orderedStatefulSet = (replicas: number) => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: ${replicas}
  serviceName: db
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
        - name: db
          image: postgres:17
`;

const deployment = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
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
`;

let aliasBomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n';
for (let level = 1; level < 12; level++)
  aliasBomb += `l${level}: &l${level} [${Array(9)
    .fill(level === 1 ? '*a' : `*l${level - 1}`)
    .join(',')}]\n`;

const INPUTS: { name: string; text: string; check: (diagnostics: Diagnostic[]) => void }[] = [
  {
    name: '2 MB of `a: [` lines',
    text: 'a: [\n'.repeat(400_000),
    check: (diagnostics) =>
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['yaml-max-depth'],
      ),
  },
  {
    name: 'an alias bomb (9^12 nodes)',
    text: aliasBomb.replace('l11:', 'kind: ConfigMap\napiVersion: v1\nl11:'),
    check: (diagnostics) =>
      assert.ok(
        diagnostics.some((d) => /excessive aliasing/.test(String(d.message))),
        JSON.stringify(diagnostics),
      ),
  },
  {
    name: '2,000 documents, each with two errors (capped diagnostics)',
    // spec.ports[0].port and its defaulted targetPort: two errors per document (ValidateService).
    text: Array.from({ length: 2_000 }, (_, i) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: s${i}\nspec:\n  ports:\n    - port: 0\n`).join('---\n'),
    check: (diagnostics) => {
      assert.equal(diagnostics.length, 101);
      assert.equal(diagnostics.at(-1)!.code, 'findings-not-shown');
      assert.match(String(diagnostics.at(-1)!.message), /^3900 more findings in this file from here on \(3900 errors\) are not shown/);
    },
  },
  {
    name: '20,000 nested block sequences on one line',
    text: `${'- '.repeat(20_000)}x\n`,
    check: (diagnostics) => assert.ok(diagnostics.length >= 1 && diagnostics.length <= 101, JSON.stringify(diagnostics.slice(0, 3))),
  },
];

async function hoverAnswers(workspace: TestWorkspace): Promise<void> {
  const uri = workspace.uri('small.yaml');
  await workspace.server.open(uri, deployment(3));
  const hover = (await workspace.server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 9 } })) as {
    contents: { value: string };
  } | null;
  assert.ok(hover && hover.contents.value.length > 0, 'the hover answers');
}

function previewParams(uri: string): SimulateRolloutParams {
  return { uri, offset: 0, base: { kind: 'fresh' }, whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } } };
}

test(`the server under a ${HEAP_LIMIT_MB} MB heap survives hostile input and answers a hover after each`, async (t) => {
  const workspace = await TestLanguageServer.onWorkspace({}, { nodeOptions: [`--max-old-space-size=${HEAP_LIMIT_MB}`] });
  try {
    const { server } = workspace;
    await t.test('a preview of 2147483647 replicas: not simulated, and the view and the lens say why', async () => {
      const uri = workspace.uri('huge.yaml');
      await server.open(uri, deployment(2_147_483_647));
      const result = (await server.connection.sendRequest('kubesim/simulateRollout', previewParams(uri))) as SimulateRolloutResult;
      assert.equal(result.kind, 'view', JSON.stringify(result));
      const view = (result as { view: RolloutView }).view;
      assert.deepEqual(view.steps, []);
      assert.equal(view.outcome.kind, 'overBudget');
      assert.match(view.outcome.message, /^Not simulated: deployment\/web asks for 2147483647 replicas; kubesim simulates at most 10000 pods/);
      const lenses = (await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as { command?: { title: string } }[];
      assert.match(lenses[0]!.command!.title, / · 2147483647 pods \(above the 10000 kubesim simulates\)$/);
      await hoverAnswers(workspace);
    });
    await t.test('a preview cancelled while another one runs answers "cancelled"; a hover right after it answers', async () => {
      // Previews run one at a time: the second waits for the first (an OrderedReady StatefulSet run to the step
      // budget, about 2 s), by then its $/cancelRequest has been read, and its handler does not simulate.
      const uri = workspace.uri('large.yaml');
      await server.open(uri, orderedStatefulSet(10_000));
      const running = server.connection.sendRequest('kubesim/simulateRollout', previewParams(uri));
      const source = new CancellationTokenSource();
      const cancelled = server.connection.sendRequest('kubesim/simulateRollout', previewParams(uri), source.token);
      source.cancel();
      await assert.rejects(cancelled, (error: unknown) => error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled);
      const result = (await running) as SimulateRolloutResult;
      assert.equal(result.kind, 'view');
      await hoverAnswers(workspace);
    });
    for (const input of INPUTS) {
      await t.test(input.name, async () => {
        const diagnostics = await server.open(workspace.uri(`${input.name.replace(/\W+/g, '-')}.yaml`), input.text);
        input.check(diagnostics);
        await hoverAnswers(workspace);
      });
    }
  } finally {
    await workspace.dispose();
  }
});
