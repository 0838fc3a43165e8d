// Session commands about StatefulSets (for the session runner's command table): apply of Services
// and StatefulSets, get sts|pvc|pods (-w, -l), delete pod -l, rollout status|history|undo
// statefulset/NAME, kubesim wait-rollout statefulset/NAME, and the StatefulSet part of `--json`.
import type { Cluster } from '../cluster/cluster';
import type { KubernetesObject, Service, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';
import { applyStatefulSet } from '../statefulset/stateful-set-simulation';
import { getOrdinal, podDnsName } from '../statefulset/stateful-set-util';
import { getPersistentVolumeClaims, getPodsWithSelector, getStatefulSets, matchesLabelSelector, PodWatch } from './statefulset-get';
import { rollbackStatefulSet, statefulSetRolloutHistory, statefulSetRolloutStatus } from './statefulset-rollout';

/** What a command printed. */
interface StatefulSetSessionOutput {
  output: string;
  error?: boolean;
}

/** How long a watch or wait may run in simulated time (10 minutes). */
const SESSION_WAIT_LIMIT_MS = 600_000;

// Settles the controllers, then moves the clock to each next wake time, calling `after` each time;
// stops when `done()` holds or nothing is left to happen before the limit.
function runUntil(cluster: Cluster, done: () => boolean, after: () => void, limitMs = SESSION_WAIT_LIMIT_MS): boolean {
  const limit = cluster.now + limitMs;
  const settle = (): void => {
    while (cluster.step().length > 0) after();
    after();
  };
  settle();
  while (!done()) {
    if (!cluster.advance(limit)) return false;
    settle();
  }
  return true;
}

/** `kubectl apply -f` for a Service or StatefulSet: `service/nginx created`, `statefulset.apps/web configured`. */
export function applyStatefulSetObject(cluster: Cluster, object: KubernetesObject): StatefulSetSessionOutput | undefined {
  const namespace = object.metadata.namespace ?? 'default';
  if (object.kind === 'Service') {
    const existing = cluster.services.get(object.metadata.name, namespace);
    const next: Service = {
      ...cloneJson(object),
      metadata: { ...object.metadata, ...(existing?.metadata ?? cluster.newObjectMeta(object.metadata.name, namespace)) },
    };
    const unchanged = existing !== undefined && JSON.stringify(existing.spec) === JSON.stringify(object.spec);
    cluster.services.put(next);
    return { output: `service/${object.metadata.name} ${existing === undefined ? 'created' : unchanged ? 'unchanged' : 'configured'}` };
  }
  if (object.kind === 'StatefulSet') {
    const existing = cluster.statefulSets.get(object.metadata.name, namespace);
    const applied = applyStatefulSet(cluster, object as StatefulSet);
    const verb = existing === undefined ? 'created' : applied.metadata.generation === existing.metadata.generation ? 'unchanged' : 'configured';
    return { output: `statefulset.apps/${object.metadata.name} ${verb}` };
  }
  return undefined;
}

function flag(argv: readonly string[], long: string, short?: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === `--${long}` || (short !== undefined && word === `-${short}`)) return argv[i + 1];
    if (word.startsWith(`--${long}=`)) return word.slice(long.length + 3);
  }
  return undefined;
}

function hasFlag(argv: readonly string[], long: string, short: string): boolean {
  return argv.includes(`--${long}`) || argv.includes(`-${short}`) || argv.includes(`--${long}=true`);
}

function statefulSetTarget(word: string | undefined): string | undefined {
  const match = /^(?:statefulset|statefulsets|sts|statefulset\.apps)\/(.+)$/.exec(word ?? '');
  return match?.[1];
}

type StatefulSetCommandRunner = (cluster: Cluster, namespace: string) => StatefulSetSessionOutput;

// Which of our commands argv is (argv keeps the leading `kubectl`/`kubesim` word), undefined when none.
function routeStatefulSetCommand(argv: readonly string[]): StatefulSetCommandRunner | undefined {
  const [tool, verb, resource] = argv;
  const selector = flag(argv, 'selector', 'l');
  const isPods = resource === 'pods' || resource === 'pod' || resource === 'po';
  if (tool === 'kubectl' && verb === 'get') {
    if (resource === 'statefulset' || resource === 'statefulsets' || resource === 'sts' || resource === 'statefulset.apps') {
      return (cluster, namespace) => ({ output: getStatefulSets(cluster, namespace, flag(argv, 'output', 'o') === 'wide') });
    }
    if (resource === 'pvc' || resource === 'persistentvolumeclaims' || resource === 'persistentvolumeclaim') {
      return (cluster, namespace) => ({ output: getPersistentVolumeClaims(cluster, namespace, selector) });
    }
    if (isPods && hasFlag(argv, 'watch', 'w')) return (cluster, namespace) => ({ output: watchPods(cluster, selector, namespace) });
    if (isPods && selector !== undefined) return (cluster, namespace) => ({ output: getPodsWithSelector(cluster, selector, namespace) });
    return undefined;
  }
  if (tool === 'kubectl' && verb === 'delete' && isPods && selector !== undefined)
    return (cluster, namespace) => deletePodsBySelector(cluster, selector, namespace);
  if (tool === 'kubectl' && verb === 'rollout') {
    const name = statefulSetTarget(argv[3]);
    if (name === undefined) return undefined;
    if (resource === 'status') return (cluster, namespace) => waitForRollout(cluster, name, namespace, true);
    if (resource === 'history') return (cluster, namespace) => statefulSetRolloutHistory(cluster, name, Number(flag(argv, 'revision') ?? 0), namespace);
    if (resource === 'undo') return (cluster, namespace) => rollbackStatefulSet(cluster, name, Number(flag(argv, 'to-revision') ?? 0), namespace);
    return undefined;
  }
  if (tool === 'kubesim' && verb === 'wait-rollout') {
    const name = statefulSetTarget(resource);
    return name === undefined ? undefined : (cluster, namespace) => waitForRollout(cluster, name, namespace, false);
  }
  return undefined;
}

/** True when runStatefulSetCommand handles argv (so a session runner can route it here). */
export function isStatefulSetCommand(argv: readonly string[]): boolean {
  return routeStatefulSetCommand(argv) !== undefined;
}

/**
 * Runs one StatefulSet-related command (argv without the leading `kubectl`/`kubesim` word kept:
 * `['kubectl', 'get', 'pvc', '-l', 'app=nginx']`); undefined when the command is not one of ours.
 */
export function runStatefulSetCommand(cluster: Cluster, argv: readonly string[], namespace = 'default'): StatefulSetSessionOutput | undefined {
  return routeStatefulSetCommand(argv)?.(cluster, namespace);
}

// `kubectl get pods -w`: the current pods, then a row per change until the cluster is quiet.
function watchPods(cluster: Cluster, selector: string | undefined, namespace: string): string {
  const watch = new PodWatch(cluster, selector, namespace);
  const lines = [...watch.poll()];
  runUntil(
    cluster,
    () => false,
    () => lines.push(...watch.poll()),
  );
  return lines.join('\n');
}

/**
 * The line `kubectl delete` prints for one object (DeleteOptions.PrintObj, pkg/cmd/delete/delete.go):
 * `pod "web-0" deleted`; from kubectl 1.34 a namespaced object adds `from default namespace`.
 */
export function kubectlDeletedLine(version: KubernetesVersion, kind: string, name: string, namespace?: string): string {
  const where = namespace !== undefined && isAtLeast(version, '1.34') ? ` from ${namespace} namespace` : '';
  return `${kind} "${name}" deleted${where}`;
}

// `kubectl delete pod -l`: marks the pods deleted, then waits (kubectl's --wait) until they are gone,
// while the controllers keep running.
function deletePodsBySelector(cluster: Cluster, selector: string, namespace: string): StatefulSetSessionOutput {
  const pods = cluster
    .listPods(namespace)
    .filter((pod) => matchesLabelSelector(pod.metadata.labels, selector) && pod.status.displayStatus !== 'Terminating')
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  if (pods.length === 0) return { output: 'No resources found' };
  for (const pod of pods) cluster.deletePodByName(pod.metadata.name, namespace);
  const terminating = (): boolean =>
    cluster.listPods(namespace).some((pod) => pod.status.displayStatus === 'Terminating' && pods.some((gone) => gone.metadata.name === pod.metadata.name));
  runUntil(
    cluster,
    () => !terminating(),
    () => undefined,
  );
  return { output: pods.map((pod) => kubectlDeletedLine(cluster.spec.version, 'pod', pod.metadata.name, namespace)).join('\n') };
}

// `kubectl rollout status statefulset/NAME` (prints every distinct message) or `kubesim wait-rollout` (prints the last).
function waitForRollout(cluster: Cluster, name: string, namespace: string, printAll: boolean): StatefulSetSessionOutput {
  if (!cluster.statefulSets.get(name, namespace)) return { output: `Error from server (NotFound): statefulsets.apps "${name}" not found`, error: true };
  // kubectl evaluates the status viewer on the initial list and on every watch event of the set,
  // printing each time (so a message can repeat); every write replaces the stored object.
  const messages: string[] = [];
  let last: ReturnType<typeof statefulSetRolloutStatus> | undefined;
  let seen: StatefulSet | undefined;
  const check = (): void => {
    const set = cluster.statefulSets.get(name, namespace);
    if (!set || set === seen || last?.done === true) return;
    seen = set;
    last = statefulSetRolloutStatus(set);
    messages.push(last.message);
  };
  const done = runUntil(cluster, () => last?.done === true, check);
  if (!done && last && !last.done) messages.push(`error: timed out waiting for the condition`);
  const output = printAll ? messages.join('\n') : (messages[messages.length - 1] ?? '');
  return { output, error: last?.error === true || !done };
}

/** A StatefulSet in the `--json` final summary. */
interface StatefulSetSummary {
  name: string;
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  /** dnsName: `<hostname>.<subdomain>.<namespace>.svc.cluster.local`, when the pod has a subdomain. */
  pods: { name: string; ordinal: number; labels: Record<string, string>; hostname?: string; subdomain?: string; dnsName?: string }[];
}

/** The StatefulSet part of the `--json` final summary. */
export interface StatefulSetClusterSummary {
  statefulSets: StatefulSetSummary[];
  persistentVolumeClaims: { name: string; status: string }[];
}

/** The StatefulSet part of the `--json` final summary: sets with status, and claims. */
export function summarizeStatefulSets(cluster: Cluster): StatefulSetClusterSummary {
  const statefulSets = cluster.statefulSets.list().map((set): StatefulSetSummary => {
    const pods = cluster
      .listPods(set.metadata.namespace ?? 'default')
      .filter((pod) => pod.metadata.ownerReferences?.some((ref) => ref.uid === set.metadata.uid))
      .sort((a, b) => getOrdinal(a.metadata.name) - getOrdinal(b.metadata.name))
      .map((pod) => ({
        name: pod.metadata.name,
        ordinal: getOrdinal(pod.metadata.name),
        labels: { ...(pod.metadata.labels ?? {}) },
        ...(typeof pod.spec.hostname === 'string' ? { hostname: pod.spec.hostname } : {}),
        ...(typeof pod.spec.subdomain === 'string' ? { subdomain: pod.spec.subdomain } : {}),
        ...(typeof pod.spec.subdomain === 'string' && pod.spec.subdomain !== ''
          ? {
              dnsName: podDnsName(
                typeof pod.spec.hostname === 'string' ? pod.spec.hostname : pod.metadata.name,
                pod.spec.subdomain,
                set.metadata.namespace ?? 'default',
              ),
            }
          : {}),
      }));
    return {
      name: set.metadata.name,
      replicas: set.status?.replicas ?? 0,
      readyReplicas: set.status?.readyReplicas ?? 0,
      availableReplicas: set.status?.availableReplicas ?? 0,
      currentReplicas: set.status?.currentReplicas ?? 0,
      updatedReplicas: set.status?.updatedReplicas ?? 0,
      currentRevision: set.status?.currentRevision,
      updateRevision: set.status?.updateRevision,
      collisionCount: set.status?.collisionCount,
      pods,
    };
  });
  const persistentVolumeClaims = cluster.persistentVolumeClaims
    .list()
    .map((claim) => ({ name: claim.metadata.name, status: claim.status?.phase ?? 'Pending' }));
  return { statefulSets, persistentVolumeClaims };
}
