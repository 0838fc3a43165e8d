// Workloads of every kind in the cross-object checks: Services and PodDisruptionBudgets selecting the pods of
// DaemonSets, Jobs, CronJobs and StatefulSets; HPA targets that are missing, cannot be scaled, or whose pods
// have no request for the Utilization metric. Each speaks only when something applied with the object makes
// pods (or is of the target's kind); the lookup searches the whole workspace.
import { test } from 'node:test';
import { expectFindings } from '../../../test/support/expect-findings';

const podTemplate = (labels: string, resources = '') =>
  `    metadata:\n      labels: {${labels}}\n    spec:\n      containers:\n        - name: app\n          image: app:1\n${resources}`;

const WORKLOADS: Record<string, (labels: string) => string> = {
  DaemonSet: (labels) =>
    `apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {${labels}}\n  template:\n${podTemplate(labels)}`,
  Job: (labels) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: once\nspec:\n  template:\n${podTemplate(labels)}      restartPolicy: Never\n`,
  CronJob: (labels) =>
    `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n` +
    podTemplate(labels)
      .split('\n')
      .map((line) => (line === '' ? line : `    ${line}`))
      .join('\n') +
    '          restartPolicy: Never\n',
  StatefulSet: (labels) =>
    `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  selector:\n    matchLabels: {${labels}}\n` + `  template:\n${podTemplate(labels)}`,
};

const service = (selector: string) =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: db\nspec:\n  clusterIP: None\n  selector: {${selector}}\n  ports:\n    - port: 80\n`;
const budget = (selector: string) =>
  `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: pdb\nspec:\n  maxUnavailable: 1\n  selector:\n    matchLabels: {${selector}}\n`;

for (const [kind, workload] of Object.entries(WORKLOADS)) {
  test(`a Service and a PodDisruptionBudget selecting the pods of a ${kind} select pods`, () => {
    const pods = workload('app: web');
    expectFindings(`${pods}---\n${service('app: web')}`, []);
    expectFindings(`${pods}---\n${budget('app: web')}`, []);
  });

  test(`a PodDisruptionBudget applied with a ${kind} whose selector matches no pods is warned`, () => {
    expectFindings(`${workload('app: web')}---\n${budget('app: wbe').replace('matchLabels: {app: wbe}', '⟦matchLabels: {app: wbe}⟧')}`, [
      { code: 'pdb-selects-no-pods', severity: 'warning' },
    ]);
  });
}

test('a PodDisruptionBudget with nothing applied with it that makes pods is silent (its pods come from elsewhere)', () => {
  expectFindings(budget('app: wbe'), [], { otherFiles: { 'file:///elsewhere/agent.yaml': WORKLOADS.DaemonSet!('app: web') } });
});

test('the pods a PodDisruptionBudget selects may be in another folder: the lookup searches the whole workspace', () => {
  expectFindings(`${WORKLOADS.Job!('app: batch')}---\n${budget('app: web')}`, [], {
    otherFiles: { 'file:///elsewhere/agent.yaml': WORKLOADS.DaemonSet!('app: web') },
  });
});

const deployment = (name: string, resources = '          resources: {requests: {cpu: 100m}}\n', extraSpec = '') =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  selector:\n    matchLabels: {app: ${name}}\n` +
  `  template:\n${podTemplate(`app: ${name}`, resources)}${extraSpec}`;

const hpa = (kind: string, name: string, spec = '', apiVersion = 'autoscaling/v2') =>
  `apiVersion: ${apiVersion}\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: hpa\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n` +
  `    kind: ${kind}\n    name: ${name}\n  maxReplicas: 5\n${spec}`;

test('an HPA whose target kind has no scale subresource (DaemonSet, Job) is warned on the kind', () => {
  const daemonSet = hpa('⟦DaemonSet⟧', 'agent');
  expectFindings(daemonSet, [{ code: 'hpa-target-not-scalable', message: 'FailedGetScale' }]);
  const job = hpa('⟦Job⟧', 'once').replace('apiVersion: apps/v1', 'apiVersion: batch/v1');
  expectFindings(job, [{ code: 'hpa-target-not-scalable' }]);
});

test('a missing HPA target is warned when a Deployment is applied with the HPA, and found anywhere in the workspace', () => {
  const missing = hpa('Deployment', '⟦webb⟧');
  expectFindings(`${deployment('web')}---\n${missing}`, [{ code: 'hpa-target-missing' }]);
  // Nothing of the kind applied with it: the target may come from elsewhere.
  expectFindings(missing.replace(/[⟦⟧]/g, ''), [], { otherFiles: { 'file:///elsewhere/web.yaml': deployment('web') } });
  // The target is in another folder: found.
  expectFindings(`${deployment('api')}---\n${missing.replace(/[⟦⟧]/g, '')}`, [], { otherFiles: { 'file:///elsewhere/webb.yaml': deployment('webb') } });
});

// The HPA controller's condition when a container lacks the request (calculatePodRequests, horizontal.go).
const CONDITION = 'the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container app of Pod web-';

test('an HPA on CPU utilization (the default metric) whose target has no cpu request is warned with the controller condition', () => {
  expectFindings(`${deployment('web', '')}---\n${hpa('Deployment', '⟦web⟧')}`, [{ code: 'hpa-target-no-requests', message: CONDITION }]);
  // autoscaling/v1 always targets CPU.
  expectFindings(`${deployment('web', '')}---\n${hpa('Deployment', '⟦web⟧', '', 'autoscaling/v1')}`, [{ code: 'hpa-target-no-requests', message: CONDITION }]);
  const written = hpa('Deployment', 'web', '  targetCPUUtilizationPercentage: ⟦70⟧\n', 'autoscaling/v1');
  expectFindings(`${deployment('web', '')}---\n${written}`, [{ code: 'hpa-target-no-requests', message: CONDITION }]);
});

test('an explicit Utilization metric is warned on its resource name; AverageValue targets need no request', () => {
  const metric = (resource: string, target: string) =>
    `  metrics:\n    - type: Resource\n      resource:\n        name: ${resource}\n        target: {${target}}\n`;
  const cpu = hpa('Deployment', 'web', metric('⟦cpu⟧', 'type: Utilization, averageUtilization: 60'));
  expectFindings(`${deployment('web', '')}---\n${cpu}`, [{ code: 'hpa-target-no-requests' }]);
  const memory = hpa('Deployment', 'web', metric('⟦memory⟧', 'type: Utilization, averageUtilization: 60'));
  expectFindings(`${deployment('web')}---\n${memory}`, [{ code: 'hpa-target-no-requests', message: 'has no memory request' }]);
  const value = hpa('Deployment', 'web', metric('cpu', 'type: AverageValue, averageValue: 100m'));
  expectFindings(`${deployment('web', '')}---\n${value}`, []);
});

test('a request defaulted from the limit, by a LimitRange, or set for the pod is a request', () => {
  const fromLimit = '          resources: {limits: {cpu: 500m}}\n';
  expectFindings(`${deployment('web', fromLimit)}---\n${hpa('Deployment', 'web')}`, []);
  const limitRange =
    'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: defaults\nspec:\n  limits:\n    - type: Container\n      defaultRequest: {cpu: 100m}\n';
  expectFindings(`${deployment('web', '')}---\n${hpa('Deployment', 'web')}`, [], { otherFiles: { 'file:///work/limits.yaml': limitRange } });
  const podLevel = deployment('web', '', '      resources: {requests: {cpu: 500m}}\n');
  expectFindings(`${podLevel}---\n${hpa('Deployment', 'web')}`, []);
});

test('a sidecar (restartable init container) without the request is named; a plain init container is not counted', () => {
  const sidecar = deployment('web', undefined, '      initContainers:\n        - name: proxy\n          image: proxy:1\n          restartPolicy: Always\n');
  expectFindings(`${sidecar}---\n${hpa('Deployment', 'web')}`, [{ code: 'hpa-target-no-requests', message: 'container proxy of Pod' }]);
  const init = deployment('web', undefined, '      initContainers:\n        - name: migrate\n          image: migrate:1\n');
  expectFindings(`${init}---\n${hpa('Deployment', 'web')}`, []);
});
