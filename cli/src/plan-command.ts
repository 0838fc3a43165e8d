// `kubesim plan NEW.yaml --from OLD.yaml [--json]`: what happens when OLD runs fully available and
// NEW is applied, replayed as a session (apply OLD, wait, apply NEW, rollout status, get, describe).
// It prints only commands a user can type: the files by the paths given, and not the simulator's own
// wait for OLD to settle. Pods become ready after the engine's kubelet default, as in the preview.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runSession, type SessionResult } from '@kubesim/engine';
import { kubernetesVersionOption, printSessionResult, readManifestObjects } from './run-command';
import { UsageError } from './usage-error';
import { CLUSTER_FLAGS, clusterResolverOf } from './cluster-options';

/** Runs the plan command; returns the process exit code. */
export function runPlan(args: string[], out: (text: string) => void): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' }, 'kubernetes-version': { type: 'string' }, json: { type: 'boolean', default: false }, ...CLUSTER_FLAGS },
  });
  if (positionals.length !== 1) throw new UsageError('plan needs exactly one NEW manifest');
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
  return printSessionResult(withoutSimulatorSteps(result), values.json === true, out);
}

/** The session without `kubesim wait-rollout` (settling OLD is the simulator's business, not a kubectl command). */
function withoutSimulatorSteps(result: SessionResult): SessionResult {
  return { ...result, steps: result.steps.filter((step) => !step.command.startsWith('kubesim ')) };
}
