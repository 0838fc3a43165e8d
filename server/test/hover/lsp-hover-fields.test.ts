// Hovers on images, containers and Service fields over a real stdio connection: what the kubelet pulls,
// the defaulted pull policy and probes, and each Service port resolved to the container port it reaches.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { markedRange, TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;
let counter = 0;

before(async () => {
  server = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.36' } });
});
after(async () => {
  await server.stop();
});

function positionOf(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** Opens the marked YAML, hovers inside the ⟦…⟧ range and returns the Markdown. */
async function hoverAt(marked: string): Promise<string> {
  const { text, start } = markedRange(marked);
  const uri = `file:///tmp/kubesim-hover-fields/doc-${++counter}.yaml`;
  await server.open(uri, text);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, start + 1) });
  assert.ok(hover, 'expected a hover');
  return (hover.contents as MarkupContent).value;
}

const workload = (container: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
${container}`;

const WEB_CONTAINER = `      - ⟦name⟧: web
        image: nginx:1.27
        ports:
        - {name: http, containerPort: 8080}
        resources:
          limits: {memory: 256Mi}
        readinessProbe:
          httpGet: {port: http, path: /healthz}
          periodSeconds: 5
`;

const service = (spec: string) => `${workload(WEB_CONTAINER.replace('⟦name⟧', 'name'))}---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
${spec}`;

const IMAGES: { image: string; expected: RegExp[] }[] = [
  {
    image: 'nginx',
    expected: [
      /Registry `docker\.io` \(the default\), repository `library\/nginx`, no tag, so `latest`/,
      /asks the container runtime for `nginx:latest`, which pulls `docker\.io\/library\/nginx:latest`/,
      /imagePullPolicy `Always` \(default\)/,
    ],
  },
  { image: 'nginx:latest', expected: [/tag `latest`/, /imagePullPolicy `Always` \(default\)/] },
  {
    image: 'registry.k8s.io/pause:3.10',
    expected: [/Registry `registry\.k8s\.io`, repository `pause`, tag `3\.10`/, /imagePullPolicy `IfNotPresent` \(default\): pulled only when the node/],
  },
  {
    image: 'nginx:1.27@sha256:7cc4b5aefd1d0cadf8d97d4350462ba51c694ebca145b08d7d41b41acc8db5aa',
    expected: [/tag `1\.27` ignored: the runtime pulls by digest/, /pulls `docker\.io\/library\/nginx@sha256:7cc4b5ae/, /`IfNotPresent` \(default\)/],
  },
  {
    image: 'Nginx:1.27',
    expected: [/not a valid image reference \(invalid reference format: repository name \(library\/Nginx\) must be lowercase\)/, /`InvalidImageName`/],
  },
];
for (const { image, expected } of IMAGES) {
  test(`image ${image}: what the kubelet pulls and the defaulted pull policy`, async () => {
    const markdown = await hoverAt(workload(`      - name: web\n        ⟦image⟧: ${image}\n`));
    for (const pattern of expected) assert.match(markdown, pattern);
  });
}

test('a written imagePullPolicy is shown as written, without the default rule', async () => {
  const markdown = await hoverAt(workload('      - name: web\n        image: nginx\n        ⟦imagePullPolicy⟧: IfNotPresent\n'));
  assert.match(markdown, /imagePullPolicy `IfNotPresent`: pulled only when/);
  assert.doesNotMatch(markdown, /Default rule/);
});

test('the container hover summarises image, ports, resources and probes above the environment, once', async () => {
  const markdown = await hoverAt(workload(WEB_CONTAINER));
  assert.match(markdown, /^\*\*Container\*\* `web`/);
  assert.match(markdown, /- Image `nginx:1\.27` → `docker\.io\/library\/nginx:1\.27`, pull `IfNotPresent` \(default\)/);
  assert.match(markdown, /- Ports: `8080\/TCP` \(`http`\)/);
  assert.match(markdown, /limits memory `256Mi`\n {2}\(no request for memory: the API server sets it to the limit when it creates each pod\)/);
  assert.match(markdown, /Readiness: `httpGet http:\/\/<pod IP>:http \(8080\)\/healthz` every 5s, timeout 1s \(default\); `1` \(default\) success/);
  assert.match(markdown, /- No startup or liveness probe/);
  assert.equal(markdown.match(/Environment of container `web`/g)?.length, 1);
});

test('a probe hover gives its defaulted timing and what failing does', async () => {
  const markdown = await hoverAt(workload(WEB_CONTAINER.replace('readinessProbe', '⟦livenessProbe⟧').replace('⟦name⟧', 'name')));
  assert.match(markdown, /^Liveness: .* `3` \(default\) failures in a row: the container is restarted/);
});

test('a named targetPort resolves to the container port of the selected pods', async () => {
  const markdown = await hoverAt(service('  selector: {app: web}\n  ports:\n  - port: 80\n    ⟦targetPort⟧: http\n'));
  assert.match(markdown, /^Port `80\/TCP`, targetPort `http`/);
  assert.match(markdown, /→ Deployment\/web: container port \*\*8080\*\* \(container `web`\)/);
  assert.doesNotMatch(markdown, /node port/);
});

test('a targetPort name no container has: those pods get no endpoint for the port', async () => {
  const markdown = await hoverAt(service('  selector: {app: web}\n  ports:\n  - port: 80\n    ⟦targetPort⟧: metrics\n'));
  assert.match(markdown, /Deployment\/web: no container port named `metrics` \(TCP\): these pods get no endpoint for this port/);
});

test('no targetPort: it defaults to the port, reached even where no container declares it', async () => {
  const markdown = await hoverAt(service('  selector: {app: web}\n  ports:\n  - ⟦port⟧: 9090\n'));
  assert.match(markdown, /targetPort `9090` \(default: the port\)/);
  assert.match(markdown, /container port \*\*9090\*\* \(no container declares it; traffic goes there anyway\)/);
});

test('node ports: written, allocated at create time, or none for a ClusterIP Service', async () => {
  const set = await hoverAt(service('  type: NodePort\n  selector: {app: web}\n  ports:\n  - port: 80\n    ⟦nodePort⟧: 30080\n'));
  assert.match(set, /node port `30080` on every node/);
  const allocated = await hoverAt(service('  type: LoadBalancer\n  selector: {app: web}\n  ports:\n  - ⟦port⟧: 80\n'));
  assert.match(allocated, /node port allocated by the API server from 30000-32767 when the Service is created/);
  const none = await hoverAt(service('  selector: {app: web}\n  ports:\n  - port: 80\n    ⟦nodePort⟧: 0\n'));
  assert.match(none, /no node port: type `ClusterIP` opens none/);
});

test('type: what it means; the whole Service: defaulted type, DNS name, selection and ports', async () => {
  assert.match(
    await hoverAt(service('  ⟦type⟧: LoadBalancer\n  selector: {app: web}\n  ports: [{port: 80}]\n')),
    /type `LoadBalancer`: a NodePort Service, plus/,
  );
  const whole = await hoverAt(
    service('  selector: {app: web}\n  ports: [{port: 80, targetPort: http}]\n').replace(
      'kind: Service\nmetadata:\n  name',
      'kind: Service\nmetadata:\n  ⟦name⟧',
    ),
  );
  assert.match(whole, /^\*\*Service\*\* `web` in namespace `default`, type `ClusterIP` \(default\)/);
  assert.match(whole, /DNS name `web\.default\.svc\.cluster\.local`/);
  assert.match(whole, /Selector `app=web` selects the pods of `Deployment\/web`/);
  // Other documents of this server define Deployment web too (with other ports): their lines may sit in between.
  assert.match(whole, /- Port `80\/TCP`, targetPort `http`\n( {2}- .*\n)* {2}- → Deployment\/web: container port \*\*8080\*\*/);
});

test('selector, headless clusterIP and traffic policy hovers', async () => {
  assert.match(await hoverAt(service('  ⟦selector⟧: {app: other}\n  ports: [{port: 80}]\n')), /Selector `app=other`: no workload found whose pods it picks/);
  assert.match(await hoverAt(service('  ⟦clusterIP⟧: None\n  selector: {app: web}\n  ports: [{port: 80}]\n')), /Headless \(`clusterIP: None`\)/);
  const policy = await hoverAt(service('  type: NodePort\n  ⟦externalTrafficPolicy⟧: Local\n  selector: {app: web}\n  ports: [{port: 80}]\n'));
  assert.match(policy, /externalTrafficPolicy `Local`: traffic from outside only goes to pods on the node it arrived at/);
  const affinity = await hoverAt(service('  ⟦sessionAffinity⟧: ClientIP\n  selector: {app: web}\n  ports: [{port: 80}]\n'));
  assert.match(affinity, /sessionAffinity `ClientIP`: connections from one client IP stick to one pod/);
});

test('a ReplicaSet container gets the same hover', async () => {
  const markdown = await hoverAt(workload('      - name: web\n        ⟦image⟧: nginx:1.27\n').replace('kind: Deployment', 'kind: ReplicaSet'));
  assert.match(markdown, /pulls `docker\.io\/library\/nginx:1\.27`/);
});

test('a container port hover lists the Service ports that reach it', async () => {
  const text = service('  selector: {app: web}\n  ports:\n  - {port: 80, targetPort: http}\n  - {port: 81, targetPort: 9999}\n');
  const markdown = await hoverAt(text.replace('        ports:\n        - {name: http', '        ⟦ports⟧:\n        - {name: http'));
  assert.match(markdown, /^Ports: `8080\/TCP` \(`http`\)/);
  assert.match(markdown, /- Service `web` port `80\/TCP` → container port \*\*8080\*\*/);
  assert.doesNotMatch(markdown, /port `81\/TCP`/);
});
