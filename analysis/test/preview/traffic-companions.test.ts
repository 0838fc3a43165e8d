// The traffic lane counts every pod behind a Service (analysis/src/preview/traffic-companions.ts, the engine's
// session/rollout-companions.ts): the workloads applied with the previewed one whose pods its Services select run
// beside it, and kube-proxy splits new connections evenly over the ready endpoints (its iptables rules pick
// endpoint i of n with probability 1/(n-i), pkg/proxy/iptables/proxier.go), so each owner gets its endpoint count
// over the total.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { defaultClusterSpec, simulateRollout, type RolloutWorkload, type Service, type ServiceTrafficView } from '@kubesim/engine';
import { objectsOf, parseManifestFile, type ManifestFile } from '../../src/manifest/manifest-file';
import { writableCopyAs } from '../../src/manifest/writable-copy';
import type { IndexedObject } from '../../src/checks/indexed-object';
import { trafficCompanions, sameObjectIn } from '../../src/preview/traffic-companions';
import { repoPath } from '../../../test/support/paths';

const CLUSTER = defaultClusterSpec('1.36');

const service = (name: string, selector: string, headless = false) => `apiVersion: v1
kind: Service
metadata:
  name: ${name}
spec:
${headless ? '  clusterIP: None\n' : ''}  selector:
${selector}
  ports:
  - port: 80
`;

const deployment = (name: string, replicas: number, labels: string, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
${labels.replace(/^/gm, '      ')}
  template:
    metadata:
      labels:
${labels.replace(/^/gm, '        ')}
    spec:
      containers:
      - name: app
        image: ${image}
        ports:
        - containerPort: 80
`;

// The write-ups' canary: one Service over the stable track (4 pods) and the canary track (1 pod).
const GUESTBOOK_SERVICE = service('guestbook', '    app: guestbook');
const STABLE = (image: string) => deployment('guestbook-stable', 4, 'app: guestbook\ntrack: stable', image);
const CANARY = deployment('guestbook-canary', 1, 'app: guestbook\ntrack: canary', 'guestbook:v2');

interface Preview {
  /** The previewed file now and as it runs. */
  file: ManifestFile;
  baseFile?: ManifestFile;
  uri: string;
  workspace?: IndexedObject[];
  name: string;
}

/** The guestbook lane of every step of the preview of `name`, as owner → share. */
function laneOf(preview: Preview, serviceName: string): { shares: Record<string, number>; ready: number }[] {
  const object = objectsOf(preview.file).find((candidate) => candidate.name === preview.name)!;
  const base = preview.baseFile && sameObjectIn(preview.baseFile, object);
  const inSight = preview.workspace?.map((entry) => entry.object) ?? objectsOf(preview.file);
  const simulation = simulateRollout({
    ...(base ? { oldManifest: writableCopyAs<RolloutWorkload>(base.value) } : {}),
    newManifest: writableCopyAs<RolloutWorkload>(object.value),
    cluster: CLUSTER,
    options: {
      services: inSight.filter((candidate) => candidate.kind === 'Service').map((candidate) => writableCopyAs<Service>(candidate.value)),
      companions: trafficCompanions(object, {
        file: preview.file,
        uri: preview.uri,
        ...(preview.baseFile ? { baseFile: preview.baseFile } : {}),
        ...(preview.workspace ? { workspace: preview.workspace } : {}),
      }),
    },
  });
  assert.ok(simulation.steps.length > 0, `the preview has steps: ${simulation.outcome.message} ${simulation.rejection?.kubectl ?? ''}`);
  return simulation.steps.map((step) => {
    const lane = step.traffic?.find((view: ServiceTrafficView) => view.service === serviceName);
    assert.ok(lane, `step ${step.index} has a ${serviceName} lane`);
    const shares: Record<string, number> = {};
    for (const share of lane.shares)
      shares[share.owner.replace(/-[a-z0-9]{8,10}$/, '')] = (shares[share.owner.replace(/-[a-z0-9]{8,10}$/, '')] ?? 0) + share.share;
    return { shares, ready: lane.readyEndpoints };
  });
}

test('the canary beside the stable track in one file: 80/20 from the first step to the last while the stable track rolls', () => {
  const text = (image: string) => [GUESTBOOK_SERVICE, STABLE(image), CANARY].join('---\n');
  const lane = laneOf(
    {
      file: parseManifestFile(text('guestbook:v2')),
      baseFile: parseManifestFile(text('guestbook:v1')),
      uri: 'file:///ws/guestbook.yaml',
      name: 'guestbook-stable',
    },
    'guestbook',
  );
  // The canary's one ready pod is one endpoint of every step's ready ones (the stable track's dip included).
  for (const step of lane) assert.equal(step.shares['guestbook-canary'], 1 / step.ready, `canary share at ${step.ready} ready endpoints`);
  assert.ok(
    lane.some((step) => step.ready < 5),
    'the stable track rolls (maxUnavailable 25%: one pod down at a time)',
  );
  assert.deepEqual(lane.at(-1), { shares: { 'guestbook-stable': 0.8, 'guestbook-canary': 0.2 }, ready: 5 });
});

test('a canary the same edit changes rolls too: both tracks end on their new ReplicaSets', () => {
  const canary = (image: string) => CANARY.replace('guestbook:v2', image);
  const text = (stable: string, canaryImage: string) => [GUESTBOOK_SERVICE, STABLE(stable), canary(canaryImage)].join('---\n');
  const file = parseManifestFile(text('guestbook:v2', 'guestbook:v3'));
  const baseFile = parseManifestFile(text('guestbook:v1', 'guestbook:v2'));
  const object = objectsOf(file).find((candidate) => candidate.name === 'guestbook-stable')!;
  const simulation = simulateRollout({
    oldManifest: writableCopyAs<RolloutWorkload>(sameObjectIn(baseFile, object)!.value),
    newManifest: writableCopyAs<RolloutWorkload>(object.value),
    cluster: CLUSTER,
    options: {
      services: [writableCopyAs<Service>(objectsOf(file)[0]!.value)],
      companions: trafficCompanions(object, { file, uri: 'file:///ws/guestbook.yaml', baseFile }),
    },
  });
  const shares = simulation.steps.at(-1)!.traffic![0]!.shares;
  assert.deepEqual(shares.map((share) => [share.images.join(','), share.endpoints, share.revision]).sort(), [
    ['guestbook:v2', 4, '2'],
    ['guestbook:v3', 1, '2'],
  ]);
});

test('the canary of another file of the folder holds its state while the stable track is created', () => {
  const workspace: IndexedObject[] = [
    ...objectsOf(parseManifestFile(GUESTBOOK_SERVICE)).map((object) => ({ uri: 'file:///ws/service.yaml', object })),
    ...objectsOf(parseManifestFile(CANARY)).map((object) => ({ uri: 'file:///ws/canary.yaml', object })),
  ];
  const file = parseManifestFile(STABLE('guestbook:v1'));
  workspace.push(...objectsOf(file).map((object) => ({ uri: 'file:///ws/stable.yaml', object })));
  const lane = laneOf({ file, uri: 'file:///ws/stable.yaml', workspace, name: 'guestbook-stable' }, 'guestbook');
  // The canary runs before the stable track exists: it takes every connection, then its fifth.
  assert.deepEqual(lane[0], { shares: { 'guestbook-canary': 1 }, ready: 1 });
  assert.deepEqual(lane.at(-1), { shares: { 'guestbook-stable': 0.8, 'guestbook-canary': 0.2 }, ready: 5 });
});

test('a workload of another folder, or one no shared Service selects, does not join the lane', () => {
  const other = deployment('worker', 2, 'app: worker', 'worker:v1');
  const workspace: IndexedObject[] = [
    ...objectsOf(parseManifestFile(GUESTBOOK_SERVICE)).map((object) => ({ uri: 'file:///ws/service.yaml', object })),
    ...objectsOf(parseManifestFile(CANARY)).map((object) => ({ uri: 'file:///elsewhere/canary.yaml', object })),
    ...objectsOf(parseManifestFile(other)).map((object) => ({ uri: 'file:///ws/worker.yaml', object })),
  ];
  const file = parseManifestFile(STABLE('guestbook:v1'));
  const object = objectsOf(file)[0]!;
  assert.deepEqual(trafficCompanions(object, { file, uri: 'file:///ws/stable.yaml', workspace }), []);
});

test("the bundled examples: the headless nginx Service over the Deployment's 3 pods and the StatefulSet's 2", () => {
  const deploymentText = readFileSync(repoPath('examples', 'nginx-deployment.yaml'), 'utf8');
  const statefulSetText = readFileSync(repoPath('examples', 'web-statefulset.yaml'), 'utf8');
  const file = parseManifestFile(statefulSetText);
  const workspace: IndexedObject[] = [
    ...objectsOf(parseManifestFile(deploymentText)).map((object) => ({ uri: 'file:///repo/examples/nginx-deployment.yaml', object })),
    ...objectsOf(file).map((object) => ({ uri: 'file:///repo/examples/web-statefulset.yaml', object })),
  ];
  const lane = laneOf({ file, uri: 'file:///repo/examples/web-statefulset.yaml', workspace, name: 'web' }, 'nginx');
  // The Deployment's pods serve from the start: never "0 ready of 0 endpoints".
  assert.deepEqual(lane[0], { shares: { 'nginx-deployment': 1 }, ready: 3 });
  for (const step of lane) assert.ok(step.ready >= 3, `step ready endpoints ${step.ready}`);
  const last = lane.at(-1)!;
  assert.equal(last.ready, 5);
  assert.equal(last.shares['nginx-deployment'], 3 / 5);
  assert.equal(last.shares['web'], 2 / 5);
});
