// `kubectl replace -f FILE` and `kubectl patch deployment|statefulset NAME -p PATCH [--type merge]`
// in sessions: the new object goes through the simulated API server as an update of the stored one.
// Printed as kubectl's replace.go (`replaced`, AddSourceToErr "replacing") and patch.go (`patched`,
// `patched (no change)`) print.
import type { Deployment, JsonObject, JsonValue, KubernetesObject, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';
import { admitManifest, applyDeployment, applyObjects, resourceNameOf, type ApplyResult } from '../kubectl/mutations';
import { formatKubectlErrors } from '../kubectl/api-errors';
import { applyPatch } from '../kubectl/patch';
import { applyStatefulSetObject } from '../kubectl/statefulset-session';
import type { Cluster } from '../cluster/cluster';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';
import { APPLY_HANDLERS } from './apply-handlers';

const KINDS: Record<string, 'Deployment' | 'StatefulSet'> = {
  deployment: 'Deployment',
  deployments: 'Deployment',
  deploy: 'Deployment',
  'deployment.apps': 'Deployment',
  statefulset: 'StatefulSet',
  statefulsets: 'StatefulSet',
  sts: 'StatefulSet',
  'statefulset.apps': 'StatefulSet',
};

function stored(cluster: Cluster, kind: 'Deployment' | 'StatefulSet', name: string, namespace: string): KubernetesObject | undefined {
  return kind === 'Deployment' ? cluster.deployments.get(name, namespace) : cluster.statefulSets.get(name, namespace);
}

// Stores an accepted update; the verb of the result says whether anything changed.
function update(cluster: Cluster, object: KubernetesObject, fileName?: string): ApplyResult {
  const existing = stored(cluster, object.kind as 'Deployment' | 'StatefulSet', object.metadata.name, object.metadata.namespace ?? 'default');
  const rejected = admitManifest(cluster, object, existing, { mode: 'apply', ...(fileName === undefined ? {} : { fileName }) });
  if (rejected) return rejected;
  if (object.kind === 'Deployment') return applyDeployment(cluster, object as Deployment, { mode: 'apply' });
  return applyStatefulSetObject(cluster, object as StatefulSet) ?? { output: '', error: true };
}

// Whichever word the update printed last (configured / unchanged).
function changed(result: ApplyResult): boolean {
  return !result.output.endsWith(' unchanged');
}

/** The replace and patch commands, in the order they are tried. */
export const writeCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'patch'),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const [first, second] = parsed.positional;
      const slash = first?.indexOf('/') ?? -1;
      const kind = KINDS[slash >= 0 ? first!.slice(0, slash) : (first ?? '')];
      const name = slash >= 0 ? first!.slice(slash + 1) : second;
      const patchText = parsed.flags.get('patch') ?? parsed.flags.get('p');
      const type = parsed.flags.get('type') ?? 'strategic';
      if (!kind || !name) return { output: `error: kubesim patches Deployments and StatefulSets: ${argv.join(' ')}`, error: true };
      if (patchText === undefined) return { output: 'error: must specify -p to patch', error: true };
      if (type !== 'strategic' && type !== 'merge') return { output: `error: kubesim applies --type strategic or merge patches, not ${type}`, error: true };
      const existing = stored(context.cluster, kind, name, context.namespace);
      const resource = resourceNameOf(kind, name);
      if (!existing)
        return { output: `Error from server (NotFound): ${kind === 'Deployment' ? 'deployments.apps' : 'statefulsets.apps'} "${name}" not found`, error: true };
      let patch: JsonValue;
      try {
        patch = JSON.parse(patchText) as JsonValue;
      } catch (error) {
        return { output: `error: unable to parse "${patchText}": ${(error as Error).message}`, error: true };
      }
      const next = applyPatch(cloneJson(existing) as unknown as JsonObject, patch, type === 'strategic') as unknown as KubernetesObject;
      const result = update(context.cluster, next);
      if (result.failure) return { output: formatKubectlErrors([result.failure]), error: true };
      return { output: changed(result) ? `${resource} patched` : `${resource} patched (no change)` };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'replace'),
    run: (context, argv) => {
      const fileName = parseArguments(argv.slice(2)).flags.get('filename');
      if (!fileName) return { output: 'error: must specify --filename to replace', error: true };
      const lines: string[] = [];
      const failures: Parameters<typeof formatKubectlErrors>[0][number][] = [];
      for (const object of context.readManifest(fileName)) {
        const kind = object.kind === 'Deployment' || object.kind === 'StatefulSet' ? object.kind : undefined;
        if (!kind) {
          const other = applyObjects(context.cluster, [object], { mode: 'apply', fileName }, APPLY_HANDLERS);
          lines.push(other.output);
          continue;
        }
        const namespace = object.metadata.namespace ?? context.namespace;
        if (!stored(context.cluster, kind, object.metadata.name, namespace)) {
          const resource = kind === 'Deployment' ? 'deployments.apps' : 'statefulsets.apps';
          failures.push({ text: `Error from server (NotFound): error when replacing "${fileName}": ${resource} "${object.metadata.name}" not found` });
          continue;
        }
        const result = update(context.cluster, object);
        if (result.failure)
          failures.push(
            'rejection' in result.failure ? { rejection: result.failure.rejection, request: `error when replacing "${fileName}"` } : result.failure,
          );
        else lines.push(`${resourceNameOf(kind, object.metadata.name)} replaced`);
      }
      if (failures.length > 0) lines.push(formatKubectlErrors(failures));
      return { output: lines.join('\n'), error: failures.length > 0 };
    },
  },
];
