// `kubesim plan NEW.yaml --from OLD.yaml [--json]`: what happens when OLD runs fully available and
// NEW is applied, replayed as a session (apply OLD, wait, apply NEW, rollout status, get, describe).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runSession } from '@kubesim/engine';
import { kubernetesVersionOption, printSessionResult, readManifestObjects } from './run-command';
import { UsageError } from './usage-error';

/** Runs the plan command; returns the process exit code. */
export function runPlan(args: string[], out: (text: string) => void): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' }, 'kubernetes-version': { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new UsageError('plan needs exactly one NEW manifest');
  const newPath = resolve(positionals[0]);
  const oldPath = values.from === undefined ? undefined : resolve(values.from);
  const files = new Map<string, string>([['new.yaml', newPath]]);
  if (oldPath) files.set('old.yaml', oldPath);
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
    lines.push('kubectl apply -f old.yaml');
    for (const name of deploymentNames) lines.push(`kubesim wait-rollout deployment/${name}`);
    for (const name of statefulSetNames) lines.push(`kubesim wait-rollout statefulset/${name}`);
  }
  lines.push('kubectl apply -f new.yaml');
  for (const name of deploymentNames) lines.push(`kubectl rollout status deployment/${name}`);
  for (const name of statefulSetNames) lines.push(`kubectl rollout status statefulset/${name}`);
  if (deploymentNames.length > 0) lines.push('kubectl get rs');
  for (const name of deploymentNames) lines.push(`kubectl describe deployment ${name}`);
  if (statefulSetNames.length > 0) lines.push('kubectl get statefulsets', 'kubectl get pvc');
  for (const name of statefulSetNames) lines.push(`kubectl rollout history statefulset/${name}`);
  const result = runSession({
    text: lines.join('\n'),
    version: kubernetesVersionOption(values['kubernetes-version']),
    readManifest: (path) => readManifestObjects(files.get(path) ?? resolve(path)),
  });
  return printSessionResult(result, values.json === true, out);
}
