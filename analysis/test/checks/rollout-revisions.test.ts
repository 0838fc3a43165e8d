// Rollout detection against the real names: pod-template-hash and ControllerRevision names hashed by the real
// k8s.io/api types (the oracle vectors in engine/test/fixtures/hash).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readJsonFixture } from '../../../test/support/paths';
import { findingsOf } from '../../../test/support/expect-findings';

function readVectors<T>(name: string): T {
  return readJsonFixture<T>('engine', 'test', 'fixtures', 'hash', name);
}

interface DeploymentCase {
  id: string;
  manifest: string;
  replicaSetName: string;
}
interface StatefulSetCase {
  id: string;
  manifest: string;
  controllerRevisionName: string;
}

const deployments = readVectors<{ cases: DeploymentCase[] }>('deployments-1.36-samples.json').cases;
const statefulSets = readVectors<{ cases: StatefulSetCase[] }>('statefulsets-1.36-samples.json').cases;
const deploymentCase = (id: string) => deployments.find((item) => item.id === id)!;
const statefulSetCase = (id: string) => statefulSets.find((item) => item.id === id)!;

const nginx191 = deploymentCase('classic-nginx-1.9.1-r3');
const nginx179 = deploymentCase('classic-nginx-1.7.9-r3');
const sts1142 = statefulSetCase('minimal-nginx-1.14.2');

function rolloutFindings(edited: string, baseline: string) {
  return findingsOf(edited, { baseline }).filter((finding) => finding.code.startsWith('rollout-'));
}

interface Row {
  name: string;
  baseline: string;
  edited: string;
  code: 'rollout-will-start' | 'rollout-not-started';
  /** Must appear in the message (a name checked against the oracle). */
  mentions?: string;
  /** Must not appear in the message. */
  absent?: string;
}

const rows: Row[] = [
  {
    name: 'Deployment: imagePullPolicy IfNotPresent on nginx:1.9.1 is the default, no rollout',
    baseline: nginx191.manifest,
    edited: nginx191.manifest.replace('        image: nginx:1.9.1\n', '        image: nginx:1.9.1\n        imagePullPolicy: IfNotPresent\n'),
    code: 'rollout-not-started',
    mentions: nginx191.replicaSetName,
  },
  {
    name: 'Deployment: defaulted port protocol, terminationMessagePolicy and dnsPolicy spelled out, no rollout',
    baseline: nginx191.manifest,
    edited: nginx191.manifest
      .replace('        - containerPort: 80\n', '        - containerPort: 80\n          protocol: TCP\n        terminationMessagePolicy: File\n')
      .replace('    spec:\n      containers:\n', '    spec:\n      dnsPolicy: ClusterFirst\n      containers:\n'),
    code: 'rollout-not-started',
    mentions: nginx191.replicaSetName,
  },
  {
    name: 'Deployment: imagePullPolicy Always on nginx:1.9.1 changes the hash, rollout to another ReplicaSet',
    baseline: nginx191.manifest,
    edited: nginx191.manifest.replace('        image: nginx:1.9.1\n', '        image: nginx:1.9.1\n        imagePullPolicy: Always\n'),
    code: 'rollout-will-start',
    absent: nginx191.replicaSetName,
  },
  {
    name: 'Deployment: nginx:1.9.1 to nginx:1.7.9 rolls out to the 1.7.9 ReplicaSet',
    baseline: nginx191.manifest,
    edited: nginx179.manifest,
    code: 'rollout-will-start',
    mentions: nginx179.replicaSetName,
  },
  {
    name: 'StatefulSet: defaulted imagePullPolicy spelled out and replicas changed, same revision',
    baseline: sts1142.manifest,
    edited: sts1142.manifest
      .replace('replicas: 2', 'replicas: 5')
      .replace('        image: nginx:1.14.2\n', '        image: nginx:1.14.2\n        imagePullPolicy: IfNotPresent\n'),
    code: 'rollout-not-started',
    mentions: sts1142.controllerRevisionName,
  },
  {
    name: 'StatefulSet: nginx:1.16.1 to nginx:1.14.2 creates the 1.14.2 revision',
    baseline: sts1142.manifest.replace('image: nginx:1.14.2', 'image: nginx:1.16.1'),
    edited: sts1142.manifest,
    code: 'rollout-will-start',
    mentions: sts1142.controllerRevisionName,
  },
];

for (const row of rows) {
  test(`rollout: ${row.name}`, () => {
    const findings = rolloutFindings(row.edited, row.baseline);
    assert.deepEqual(
      findings.map((finding) => finding.code),
      [row.code],
      findings.map((finding) => finding.message).join('\n'),
    );
    const message = findings[0]!.message;
    if (row.mentions) assert.ok(message.includes(row.mentions), message);
    if (row.absent) assert.ok(!message.includes(row.absent), message);
    if (row.code === 'rollout-will-start' && row.name.startsWith('Deployment')) assert.match(message, /ReplicaSet nginx-deployment-[0-9a-z]+/);
  });
}
