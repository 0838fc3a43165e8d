// `kubesim plan NEW.yaml --from OLD.yaml [--json]`: what happens when OLD runs fully available and
// NEW is applied, replayed as a session (apply OLD, wait, apply NEW, rollout status, get, describe).
// It prints only commands a user can type: the files by the paths given, and not the simulator's own
// wait for OLD to settle. Pods become ready as their probes pass, as in the preview; the durations the
// manifest cannot give (image pull, container start) are the kubelet's assumptions, printed at the end.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultKubeletAssumptions, runSession, type KubernetesObject, type SessionResult } from '@kubesim/engine';
import { writableCopyAs } from '@kubesim/analysis';
import { chartObjects } from './helm-charts';
import { kubernetesVersionOption, printSessionResult, readManifestObjects } from './run-command';
import { UsageError } from './usage-error';
import { CLUSTER_FLAGS, clusterResolverOf } from './cluster-options';

const OPTIONS = {
  from: { type: 'string' },
  'kubernetes-version': { type: 'string' },
  json: { type: 'boolean', default: false },
  values: { type: 'string' },
  'from-values': { type: 'string' },
  ...CLUSTER_FLAGS,
} as const;

/** The kinds a session applies (the engine's apply handlers). */
const SIMULATED_KINDS = new Set(['Deployment', 'StatefulSet', 'Service', 'Ingress', 'ConfigMap', 'Secret']);

/** Runs the plan command; returns the process exit code. */
export async function runPlan(args: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length !== 1) throw new UsageError('plan needs exactly one NEW manifest');
  if (existsSync(join(positionals[0], 'Chart.yaml'))) return planChart(positionals[0], values, out);
  if (values.values !== undefined || values['from-values'] !== undefined) throw new UsageError('--values and --from-values need a chart folder');
  const newPath = resolve(positionals[0]);
  const oldPath = values.from === undefined ? undefined : resolve(values.from);
  // The session names each file by the path typed when it is one plain word, else by a stand-in.
  const sessionName = (typed: string, standIn: string) => (/^[\w./@+-]+$/.test(typed) ? typed : standIn);
  const newName = sessionName(positionals[0], 'new.yaml');
  const oldName = values.from === undefined ? undefined : sessionName(values.from, newName === 'old.yaml' ? 'previous.yaml' : 'old.yaml');
  const files = new Map<string, string>([[newName, newPath]]);
  if (oldPath && oldName) files.set(oldName, oldPath);
  // A missing OLD file is an unreadable path (one line, exit 2), not a failed step of the replayed session.
  if (oldPath) readManifestObjects(oldPath);
  const deploymentNames = readManifestObjects(newPath)
    .filter((object) => object.kind === 'Deployment')
    .map((object) => object.metadata.name);
  const statefulSetNames = readManifestObjects(newPath)
    .filter((object) => object.kind === 'StatefulSet')
    .map((object) => object.metadata.name);
  if (deploymentNames.length === 0 && statefulSetNames.length === 0) throw new UsageError(`${positionals[0]} holds no Deployment or StatefulSet`);
  const lines: string[] = [];
  if (oldPath) {
    lines.push(`kubectl apply -f ${oldName}`);
    for (const name of deploymentNames) lines.push(`kubesim wait-rollout deployment/${name}`);
    for (const name of statefulSetNames) lines.push(`kubesim wait-rollout statefulset/${name}`);
  }
  lines.push(`kubectl apply -f ${newName}`);
  for (const name of deploymentNames) lines.push(`kubectl rollout status deployment/${name}`);
  for (const name of statefulSetNames) lines.push(`kubectl rollout status statefulset/${name}`);
  if (deploymentNames.length > 0) lines.push('kubectl get rs');
  for (const name of deploymentNames) lines.push(`kubectl describe deployment ${name}`);
  if (statefulSetNames.length > 0) lines.push('kubectl get statefulsets', 'kubectl get pvc');
  for (const name of statefulSetNames) lines.push(`kubectl rollout history statefulset/${name}`);
  // The cluster of NEW's profile: its Service network and feature gates.
  const version = kubernetesVersionOption(values['kubernetes-version']);
  const cluster = clusterResolverOf(values, version, (line) => process.stderr.write(`${line}\n`)).specFor(newPath);
  const result = runSession({
    text: lines.join('\n'),
    cluster,
    readManifest: (path) => readManifestObjects(files.get(path) ?? resolve(path)),
  });
  return printSessionResult(withoutSimulatorSteps(result), values.json === true, withAssumptions(values.json === true, out));
}

/** The plan's output with the kubelet's assumptions: a last `#` line of the transcript, or an `assumptions` field. */
function withAssumptions(json: boolean, out: (text: string) => void): (text: string) => void {
  const assumptions = defaultKubeletAssumptions();
  return (text) => {
    if (!json) return out(`${text}\n# ${assumptions}`);
    out(JSON.stringify({ ...(JSON.parse(text) as object), assumptions }, null, 2));
  };
}

/**
 * `kubesim plan CHART --values NEW.yaml [--from-values OLD.yaml]`: the release installed with OLD (the chart's
 * defaults without it), then upgraded to NEW, both rendered by helm.
 */
async function planChart(chart: string, values: ParsedValues, out: (text: string) => void): Promise<number> {
  const version = kubernetesVersionOption(values['kubernetes-version']);
  const cluster = clusterResolverOf(values, version, (line) => process.stderr.write(`${line}\n`)).specFor(join(resolve(chart), 'Chart.yaml'));
  const fromValues = values['from-values'] === undefined ? [] : [resolve(values['from-values'])];
  const newValues = values.values === undefined ? [] : [resolve(values.values)];
  const [before, after] = [await chartObjects(resolve(chart), fromValues, cluster), await chartObjects(resolve(chart), newValues, cluster)];
  for (const rendered of [before, after]) {
    if ('error' in rendered) {
      process.stderr.write(`kubesim plan: ${chart}: ${rendered.error}\n`);
      return 1;
    }
  }
  // Only the kinds the plan plays are replayed; ConfigMaps and Secrets too, since a pod whose envFrom names a missing
  // one waits in CreateContainerConfigError (RBAC objects, ServiceAccounts and the like are not simulated).
  const objects = (rendered: typeof before) =>
    ('objects' in rendered ? rendered.objects : [])
      .filter((value) => SIMULATED_KINDS.has(String(value.kind)))
      .map((value) => writableCopyAs<KubernetesObject>(value));
  const workloads = objects(after).filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet');
  if (workloads.length === 0) throw new UsageError(`${chart} renders no Deployment or StatefulSet`);
  const lines = ['kubectl apply -f old.yaml'];
  for (const workload of workloads) lines.push(`kubesim wait-rollout ${workload.kind.toLowerCase()}/${workload.metadata.name}`);
  lines.push('kubectl apply -f new.yaml');
  for (const workload of workloads) lines.push(`kubectl rollout status ${workload.kind.toLowerCase()}/${workload.metadata.name}`);
  if (workloads.some((workload) => workload.kind === 'Deployment')) lines.push('kubectl get rs');
  const rendered = new Map([
    ['old.yaml', objects(before)],
    ['new.yaml', objects(after)],
  ]);
  const result = runSession({ text: lines.join('\n'), cluster, readManifest: (path) => rendered.get(path) ?? [] });
  return printSessionResult(withoutSimulatorSteps(result), values.json === true, withAssumptions(values.json === true, out));
}

type ParsedValues = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>['values'];

/** The session without `kubesim wait-rollout` (settling OLD is the simulator's business, not a kubectl command). */
function withoutSimulatorSteps(result: SessionResult): SessionResult {
  return { ...result, steps: result.steps.filter((step) => !step.command.startsWith('kubesim ')) };
}
