// `kubectl describe pod` in sessions, laid out as describePod (kubectl pkg/describe/describe.go)
// prints it over the pod the API server stores (admission defaults: priority 0, ServiceAccount
// `default` with its kube-api-access-xxxxx projected volume and mount, the two 300 s
// DefaultTolerationSeconds tolerations, requests defaulted from limits) and the kubelet's status.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import { podQosClass, storedPodSpec } from '../../src/kubectl/describe-pod-spec';
import type { JsonObject, KubernetesObject } from '../../src/model/objects';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { runSession, type SessionResult } from '../../src/session/session-runner';

function run(text: string, objects: unknown[], version: KubernetesVersion = '1.36'): SessionResult {
  return runSession({ text, cluster: defaultClusterSpec(version), readManifest: () => structuredClone(objects) as KubernetesObject[] });
}

function deployment(image: string): unknown {
  const container = {
    name: 'nginx',
    image,
    ports: [{ containerPort: 80 }],
    resources: { limits: { cpu: '500m', memory: '128Mi' } },
    env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
  };
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [container] } };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template } };
}

/** Runs `setup`, reads the first pod's name from `kubectl get pods`, then runs setup again with `then` on it. */
function describeFirstPod(setup: string, objects: unknown[], then: (pod: string) => string, version?: KubernetesVersion): string[] {
  const listed = run(`${setup}\nkubectl get pods`, objects, version).steps.at(-1)!.output;
  const pod = listed.split('\n')[1]!.split(/\s+/)[0]!;
  return run(`${setup}\n${then(pod)}`, objects, version)
    .steps.at(-1)!
    .output.split('\n');
}

function section(lines: string[], first: string, count: number): string[] {
  const start = lines.findIndex((line) => line.startsWith(first));
  assert.ok(start >= 0, `no line starting with ${first} in\n${lines.join('\n')}`);
  return lines.slice(start, start + count);
}

test('describe pod of a Deployment: admission defaults, running container, conditions, volumes, QoS and events', () => {
  const lines = describeFirstPod(
    'kubectl apply -f web.yaml\nkubesim wait-rollout deployment/web',
    [deployment('nginx:1.27')],
    (pod) => `kubectl describe pod ${pod}`,
  );
  const name = lines[0]!.split(/\s+/)[1]!;
  assert.match(name, /^web-[a-z0-9]{10}-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  const hash = name.split('-')[1]!;
  assert.deepEqual(lines.slice(1, 16), [
    'Namespace:        default',
    'Priority:         0',
    'Service Account:  default',
    'Node:             kind-control-plane/172.18.0.2',
    'Start Time:       Thu, 01 Jan 2026 00:00:00 +0000',
    'Labels:           app=web',
    `                  pod-template-hash=${hash}`,
    'Annotations:      <none>',
    'Status:           Running',
    // kind's CoreDNS pods and local-path-provisioner hold 10.244.0.2-4 since the cluster started.
    'IP:               10.244.0.5',
    'IPs:',
    '  IP:           10.244.0.5',
    `Controlled By:  ReplicaSet/web-${hash}`,
    'Containers:',
    '  nginx:',
  ]);
  assert.match(lines[16]!, /^ {4}Container ID: {3}containerd:\/\/[0-9a-f]{64}$/);
  assert.match(lines[18]!, /^ {4}Image ID: {7}docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
  assert.deepEqual(section(lines, '    State:', 4), [
    '    State:          Running',
    '      Started:      Thu, 01 Jan 2026 00:00:01 +0000',
    '    Ready:          True',
    '    Restart Count:  0',
  ]);
  // SetDefaults_Pod copies the limits into the requests; both at the limits make the pod Guaranteed.
  assert.deepEqual(section(lines, '    Requests:', 3), ['    Requests:', '      cpu:     500m', '      memory:  128Mi']);
  assert.deepEqual(section(lines, '      POD_NAME:', 1), [`      POD_NAME:  ${name} (v1:metadata.name)`]);
  const volume = /kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}/.exec(section(lines, '      /var/run/secrets', 1)[0]!)![0];
  assert.deepEqual(section(lines, 'Conditions:', 25), [
    'Conditions:',
    '  Type                        Status',
    '  PodReadyToStartContainers   True ',
    '  Initialized                 True ',
    '  Ready                       True ',
    '  ContainersReady             True ',
    '  PodScheduled                True ',
    'Volumes:',
    `  ${volume}:`,
    '    Type:                    Projected (a volume that contains injected data from multiple sources)',
    '    TokenExpirationSeconds:  3607',
    '    ConfigMapName:           kube-root-ca.crt',
    '    Optional:                false',
    '    DownwardAPI:             true',
    'QoS Class:                   Guaranteed',
    'Node-Selectors:              <none>',
    'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
    '                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
    'Events:',
    '  Type    Reason     Age   From               Message',
    '  ----    ------     ----  ----               -------',
    `  Normal  Scheduled  1s    default-scheduler  Successfully assigned default/${name} to kind-control-plane`,
    '  Normal  Pulling    1s    kubelet            Pulling image "nginx:1.27"',
    '  Normal  Pulled     0s    kubelet            Successfully pulled image "nginx:1.27" in 1s (1s including waiting). Image size: 184613166 bytes.',
    '  Normal  Created    0s    kubelet            Container created',
  ]);
  assert.equal(lines.at(-1), '  Normal  Started    0s    kubelet            Container started');
});

test('describe pod on 1.32: the older token-volume layout, events naming the container', () => {
  const lines = describeFirstPod(
    'kubectl apply -f web.yaml\nkubesim wait-rollout deployment/web',
    [deployment('nginx:1.27')],
    (pod) => `kubectl describe po/${pod}`,
    '1.32',
  );
  assert.deepEqual(section(lines, '  Ready ', 1), ['  Ready                       True ']);
  assert.deepEqual(section(lines, '    ConfigMapOptional:', 1), ['    ConfigMapOptional:       <nil>']);
  assert.match(lines.at(-2)!, /kubelet +Created container nginx$/);
  assert.match(lines.at(-1)!, /kubelet +Started container nginx$/);
});

test('describe pod right after creation: ContainerCreating, no IP, the sandbox condition False', () => {
  const lines = describeFirstPod('kubectl apply -f web.yaml', [deployment('nginx:1.27')], (pod) => `kubectl describe pod ${pod}`);
  assert.deepEqual(section(lines, 'Status:', 3), ['Status:           Pending', 'IP:               ', 'IPs:              <none>']);
  assert.deepEqual(section(lines, '    Container ID:', 1), ['    Container ID:   ']);
  assert.deepEqual(section(lines, '    State:', 2), ['    State:          Waiting', '      Reason:       ContainerCreating']);
  assert.deepEqual(section(lines, '  PodReadyToStartContainers', 1), ['  PodReadyToStartContainers   False ']);
});

test('describe pod whose image never pulls: Waiting with the kubelet reason and the pull events counted', () => {
  const setup = 'kubesim image-fails nginx:nonexistent\nkubectl apply -f web.yaml\nkubesim wait 95s';
  const lines = describeFirstPod(setup, [deployment('nginx:nonexistent')], (pod) => `kubectl describe pod ${pod}`);
  assert.deepEqual(section(lines, 'Status:', 1), ['Status:           Pending']);
  assert.deepEqual(section(lines, '    Container ID:', 3), ['    Container ID:   ', '    Image:          nginx:nonexistent', '    Image ID:       ']);
  assert.deepEqual(section(lines, '    State:', 4), [
    '    State:          Waiting',
    '      Reason:       ImagePullBackOff',
    '    Ready:          False',
    '    Restart Count:  0',
  ]);
  assert.deepEqual(section(lines, '  PodReadyToStartContainers', 3), [
    '  PodReadyToStartContainers   True ',
    '  Initialized                 True ',
    '  Ready                       False ',
  ]);
  // Pull attempts at 1 s, 11 s, 31 s and 71 s (back-off 10 s doubling); each fails, then backs off.
  const events = lines.slice(lines.indexOf('Events:') + 4);
  assert.deepEqual(
    events.map((line) => line.replace(/ {2,}/g, ' | ').replace(/^ \| /, '')),
    [
      'Normal | Pulling | 24s (x4 over 95s) | kubelet | Pulling image "nginx:nonexistent"',
      'Warning | Failed | 24s (x4 over 94s) | kubelet | Failed to pull image "nginx:nonexistent": rpc error: code = NotFound desc = ' +
        'failed to pull and unpack image "docker.io/library/nginx:nonexistent": failed to resolve reference ' +
        '"docker.io/library/nginx:nonexistent": docker.io/library/nginx:nonexistent: not found',
      'Warning | Failed | 24s (x4 over 94s) | kubelet | Error: ErrImagePull',
      'Normal | BackOff | 23s (x4 over 93s) | kubelet | Back-off pulling image "nginx:nonexistent"',
      'Warning | Failed | 23s (x4 over 93s) | kubelet | Error: ImagePullBackOff',
    ],
  );
});

const statefulSet = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web' },
  spec: {
    serviceName: 'nginx',
    replicas: 2,
    selector: { matchLabels: { app: 'nginx' } },
    template: {
      metadata: { labels: { app: 'nginx' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', volumeMounts: [{ name: 'www', mountPath: '/usr/share/nginx/html' }] }] },
    },
    volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
};

test('describe pod of a StatefulSet: its claim volume first, the image already present for the second pod', () => {
  const result = run('kubectl apply -f web.yaml\nkubesim wait-rollout statefulset/web\nkubectl describe pod web-1', [statefulSet]);
  const lines = result.steps[2]!.output.split('\n');
  assert.deepEqual(section(lines, 'IP:', 4), ['IP:               10.244.0.6', 'IPs:', '  IP:           10.244.0.6', 'Controlled By:  StatefulSet/web']);
  assert.deepEqual(section(lines, 'Labels:', 4), [
    'Labels:           app=nginx',
    '                  apps.kubernetes.io/pod-index=1',
    lines[lines.indexOf('Labels:           app=nginx') + 2]!,
    '                  statefulset.kubernetes.io/pod-name=web-1',
  ]);
  assert.match(
    section(lines, '    Mounts:', 3).join('\n'),
    /^ {4}Mounts:\n {6}\/usr\/share\/nginx\/html from www \(rw\)\n {6}\/var\/run\/secrets\/kubernetes.io\/serviceaccount from kube-api-access-\w{5} \(ro\)$/m,
  );
  assert.deepEqual(section(lines, 'Volumes:', 5), [
    'Volumes:',
    '  www:',
    '    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)',
    '    ClaimName:  www-web-1',
    '    ReadOnly:   false',
  ]);
  assert.match(
    lines.find((line) => line.includes('Pulled'))!,
    /kubelet +Container image "nginx:1\.27" already present on machine$/,
  );
  assert.equal(run('kubectl describe pod web-9', []).steps[0]!.output, 'Error from server (NotFound): pods "web-9" not found');
});

test('describe pod of a deleted pod: Terminating with the grace period', () => {
  const setup = 'kubectl apply -f web.yaml\nkubesim wait-rollout deployment/web';
  const lines = describeFirstPod(setup, [deployment('nginx:1.27')], (pod) => `kubectl delete pod ${pod}\nkubectl describe pod ${pod}`);
  assert.deepEqual(section(lines, 'Status:', 2), ['Status:                    Terminating (lasts <invalid>)', 'Termination Grace Period:  30s']);
  // With no grace period the deletion timestamp is the deletion time itself, so its age prints; the kubelet
  // still gives the container its minimum 2 s shutdown window (killContainer), so it is Terminating 1 s later.
  const immediate = structuredClone(deployment('nginx:1.27')) as { spec: { template: { spec: JsonObject } } };
  immediate.spec.template.spec.terminationGracePeriodSeconds = 0;
  const input = (text: string) => ({ text, cluster: defaultClusterSpec('1.36'), readManifest: () => [structuredClone(immediate)] as KubernetesObject[] });
  const kubelet = { containerExitSeconds: 10 };
  const pod = runSession({ ...input(`${setup}\nkubectl get pods`), kubelet })
    .steps[2]!.output.split('\n')[1]!
    .split(/\s+/)[0]!;
  const later = runSession({ ...input(`${setup}\nkubectl delete pod ${pod}\nkubesim wait 1s\nkubectl describe pod ${pod}`), kubelet });
  assert.deepEqual(section(later.steps[4]!.output.split('\n'), 'Status:', 2), [
    'Status:                    Terminating (lasts 1s)',
    'Termination Grace Period:  0s',
  ]);
});

test('QoS class as GetPodQOS computes it', () => {
  const pod = (...resources: JsonObject[]): JsonObject => ({ containers: resources.map((r, i) => ({ name: `c${i}`, resources: r })) });
  const cases: [string, JsonObject, string][] = [
    ['no resources', pod({}), 'BestEffort'],
    ['requests only', pod({ requests: { cpu: '100m' } }), 'Burstable'],
    ['equal cpu and memory', pod({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1000m', memory: '1Gi' } }), 'Guaranteed'],
    ['limits for cpu only', pod({ requests: { cpu: '1' }, limits: { cpu: '1' } }), 'Burstable'],
    ['requests below limits', pod({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }), 'Burstable'],
    ['one of two containers limited', pod({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, {}), 'Burstable'],
    ['only extended resources', pod({ limits: { 'nvidia.com/gpu': '1' }, requests: { 'nvidia.com/gpu': '1' } }), 'BestEffort'],
  ];
  for (const [name, spec, expected] of cases) assert.equal(podQosClass(spec), expected, name);
});

test('the Priority admission value of the built-in classes', () => {
  const spec = (priorityClassName?: string): JsonObject => (priorityClassName ? { containers: [], priorityClassName } : { containers: [] });
  assert.equal(storedPodSpec(spec(), 'k').priority, 0);
  assert.equal(storedPodSpec(spec('system-cluster-critical'), 'k').priority, 2000000000);
  assert.equal(storedPodSpec(spec('system-node-critical'), 'k').priority, 2000001000);
});

test('per release: the kubelet Created/Started messages and named ports (kubectl 1.34 prints the name)', () => {
  const named = structuredClone(deployment('nginx:1.27')) as { spec: { template: { spec: { containers: JsonObject[] } } } };
  named.spec.template.spec.containers[0]!.ports = [{ name: 'http', containerPort: 80 }];
  const cases: [KubernetesVersion, string, string, string][] = [
    ['1.32', 'Created container nginx', 'Started container nginx', '80/TCP'],
    ['1.33', 'Created container: nginx', 'Started container nginx', '80/TCP'],
    ['1.34', 'Created container: nginx', 'Started container nginx', '80/TCP (http)'],
    ['1.35', 'Container created', 'Container started', '80/TCP (http)'],
  ];
  for (const [version, created, started, port] of cases) {
    const lines = describeFirstPod('kubectl apply -f web.yaml\nkubesim wait-rollout deployment/web', [named], (pod) => `kubectl describe pod ${pod}`, version);
    assert.match(lines.at(-2)!, new RegExp(`kubelet +${created}$`), version);
    assert.match(lines.at(-1)!, new RegExp(`kubelet +${started}$`), version);
    assert.deepEqual(section(lines, '    Port:', 1), [`    Port:           ${port}`], version);
  }
  const describeDeployment = run('kubectl apply -f web.yaml\nkubectl describe deployment web', [named], '1.34').steps[1]!.output;
  assert.match(describeDeployment, /^ {4}Port: +80\/TCP \(http\)$/m);
});

test('get pods -o wide: the IP once the sandbox runs, the node once bound, NotFound for a missing pod', () => {
  const session =
    'kubectl apply -f web.yaml\nkubectl get pods -o wide\nkubesim wait-rollout deployment/web\nkubectl get pods -o wide\nkubectl get po nope -o wide';
  const result = run(session, [deployment('nginx:1.27')]);
  const cells = (output: string): string[][] => output.split('\n').map((line) => line.split(/ {2,}/));
  const [header, starting] = cells(result.steps[1]!.output);
  assert.deepEqual(header, ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES']);
  assert.deepEqual(starting!.slice(1), ['0/1', 'ContainerCreating', '0', '0s', '<none>', 'kind-control-plane', '<none>', '<none>']);
  assert.deepEqual(cells(result.steps[3]!.output)[1]!.slice(1), ['1/1', 'Running', '0', '1s', '10.244.0.5', 'kind-control-plane', '<none>', '<none>']);
  assert.deepEqual(result.steps[4]!.output, 'Error from server (NotFound): pods "nope" not found');
  assert.equal(result.steps[4]!.error, true);
});

test('describe pod of a crash-looping container: CrashLoopBackOff, its last exit, restarts and back-off events', () => {
  const input = (text: string) => ({
    text,
    cluster: defaultClusterSpec('1.36'),
    readManifest: () => [structuredClone(deployment('crash:1'))] as KubernetesObject[],
  });
  const kubelet = { crashingImages: ['crash:1'] };
  const setup = 'kubectl apply -f web.yaml\nkubesim wait 45s';
  const listed = runSession({ ...input(`${setup}\nkubectl get pods`), kubelet }).steps[2]!.output;
  const pod = listed.split('\n')[1]!.split(/\s+/)[0]!;
  const lines = runSession({ ...input(`${setup}\nkubectl describe pod ${pod}`), kubelet }).steps[2]!.output.split('\n');
  assert.deepEqual(section(lines, '    State:', 9), [
    '    State:          Waiting',
    '      Reason:       CrashLoopBackOff',
    '    Last State:     Terminated',
    '      Reason:       Error',
    '      Exit Code:    1',
    '      Started:      Thu, 01 Jan 2026 00:00:31 +0000',
    '      Finished:     Thu, 01 Jan 2026 00:00:32 +0000',
    '    Ready:          False',
    `    Restart Count:  ${/CrashLoopBackOff +(\d+)/.exec(listed)![1]}`,
  ]);
  const events = lines.slice(lines.indexOf('Events:') + 3).map((line) => line.trim().split(/ {2,}/).slice(0, 3).join(' | '));
  assert.deepEqual(events, [
    'Normal | Scheduled | 45s',
    'Normal | Pulling | 45s',
    'Normal | Pulled | 44s',
    'Normal | Pulled | 14s (x2 over 34s)',
    'Normal | Created | 14s (x3 over 44s)',
    'Normal | Started | 14s (x3 over 44s)',
    'Warning | BackOff | 12s (x3 over 42s)',
  ]);
  assert.match(lines.at(-1)!, new RegExp(`Back-off restarting failed container nginx in pod ${pod}_default\\([0-9a-f-]{36}\\)$`));
});

test('describe pod with an init container: Completed before the app starts, or holding it back when its image never pulls', () => {
  const withInit = (image: string): unknown => {
    const object = structuredClone(deployment('nginx:1.27')) as { spec: { template: { spec: JsonObject } } };
    object.spec.template.spec.initContainers = [{ name: 'setup', image }];
    return object;
  };
  const setup = 'kubesim image-fails busybox:nope\nkubectl apply -f web.yaml\nkubesim wait 20s';
  const done = describeFirstPod(setup, [withInit('busybox:1.36')], (pod) => `kubectl describe pod ${pod}`);
  assert.deepEqual(section(done, 'Init Containers:', 2), ['Init Containers:', '  setup:']);
  assert.deepEqual(section(done, '    State:', 7), [
    '    State:          Terminated',
    '      Reason:       Completed',
    '      Exit Code:    0',
    '      Started:      Thu, 01 Jan 2026 00:00:01 +0000',
    '      Finished:     Thu, 01 Jan 2026 00:00:02 +0000',
    '    Ready:          True',
    '    Restart Count:  0',
  ]);
  const pulls = done.filter((line) => /kubelet +Pulling/.test(line)).map((line) => /"(.*)"/.exec(line)![1]);
  assert.deepEqual(pulls, ['busybox:1.36', 'nginx:1.27']);
  assert.ok(done.findIndex((line) => line.includes('Pulling image "nginx:1.27"')) > done.findIndex((line) => /Started +\d+s +kubelet/.test(line)));

  const stuck = describeFirstPod(setup, [withInit('busybox:nope')], (pod) => `kubectl describe pod ${pod}`);
  const states = stuck.filter((line) => line.startsWith('      Reason:'));
  assert.deepEqual(states, ['      Reason:       ImagePullBackOff', '      Reason:       PodInitializing']);
  assert.deepEqual(section(stuck, '  Initialized', 1), ['  Initialized                 False ']);
  assert.ok(!stuck.some((line) => line.includes('nginx:1.27"')), 'no events for the app container that never started');
});
