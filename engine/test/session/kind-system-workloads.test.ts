// kind's system workloads as a fresh cluster lists them: kubeadm's coredns Deployment of 2 (cmd/kubeadm/app/phases/
// addons/dns manifests.go, `k8s-app: kube-dns`) and kube-proxy DaemonSet (phases/addons/proxy/manifests.go, nodeSelector
// `kubernetes.io/os: linux`), kind's kindnet DaemonSet (kind pkg/build/nodeimage/const_cni.go, nodeSelector
// `kubernetes.io/os: linux`) and local-path-provisioner Deployment of 1 in local-path-storage (const_storage.go);
// printDeployment, printReplicaSet and printDaemonSet columns; the ReplicaSets are the owners the system pods name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outputOf, runServiceSession } from '../service/session-harness';

const cells = (output: string): string[][] =>
  output
    .split('\n')
    .slice(1)
    .map((row) => row.split(/\s+/));

test('get deploy|rs|ds -A list kind system workloads, consistent with the system pods', () => {
  const commands = ['kubectl get deploy -A', 'kubectl get rs -A', 'kubectl get ds -A', 'kubectl get pods -A', 'kubectl get deploy', 'kubectl get ds'];
  const result = runServiceSession(commands.join('\n'), {});
  assert.match(outputOf(result, 'kubectl get deploy -A').split('\n')[0]!, /^NAMESPACE\s+NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
  assert.deepEqual(
    cells(outputOf(result, 'kubectl get deploy -A')).map((row) => row.slice(0, 5)),
    [
      ['kube-system', 'coredns', '2/2', '2', '2'],
      ['local-path-storage', 'local-path-provisioner', '1/1', '1', '1'],
    ],
  );
  const daemonSets = outputOf(result, 'kubectl get ds -A').split('\n');
  assert.match(daemonSets[0]!, /^NAMESPACE\s+NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE$/);
  assert.deepEqual(
    cells(outputOf(result, 'kubectl get ds -A')).map((row) => row.slice(0, 8)),
    [
      ['kube-system', 'kindnet', '1', '1', '1', '1', '1', 'kubernetes.io/os=linux'],
      ['kube-system', 'kube-proxy', '1', '1', '1', '1', '1', 'kubernetes.io/os=linux'],
    ],
  );
  const replicaSets = cells(outputOf(result, 'kubectl get rs -A'));
  assert.deepEqual(
    replicaSets.map((row) => [row[0], row[1]!.replace(/-[a-z0-9]{10}$/, '-HASH'), ...row.slice(2, 5)]),
    [
      ['kube-system', 'coredns-HASH', '2', '2', '2'],
      ['local-path-storage', 'local-path-provisioner-HASH', '1', '1', '1'],
    ],
  );
  // Each ReplicaSet's name is the prefix of its pods' names (the pods' owner).
  const pods = cells(outputOf(result, 'kubectl get pods -A')).map((row) => row[1]!);
  for (const [, name] of replicaSets)
    assert.ok(
      pods.some((pod) => pod.startsWith(`${name}-`)),
      `${name} owns no pod`,
    );
  assert.equal(outputOf(result, 'kubectl get deploy'), 'No resources found in default namespace.');
  assert.equal(outputOf(result, 'kubectl get ds'), 'No resources found in default namespace.');
});

test('a deleted CoreDNS pod lowers the counts (no controller runs the system workloads in kubesim)', () => {
  const first = runServiceSession('kubectl get pods -n kube-system', {});
  const coredns = cells(outputOf(first, 'kubectl get pods -n kube-system')).find((row) => row[0]!.startsWith('coredns-'))![0]!;
  const result = runServiceSession(`kubectl delete pod ${coredns} -n kube-system\nkubectl get deploy -n kube-system`, {});
  assert.match(outputOf(result, 'kubectl get deploy -n kube-system').split('\n')[1]!, /^coredns\s+1\/2\s+1\s+1\s+/);
});
