// kubectl apply's `kubectl.kubernetes.io/last-applied-configuration` annotation, as far as a session can see it:
// `kubectl apply` (and `kubectl create --save-config`) writes it; `kubectl create -f` and the imperative commands
// do not. Applying over an object without it prints kubectl's warning on stderr and patches the annotation in, so
// the object is `configured` even when nothing else changed (kubectl pkg/cmd/apply/apply.go applyOneObject:
// warningNoLastAppliedConfigAnnotation with info.ObjectName(), `<resource>/<name>`; the patch is not `{}`, so the
// printer says `configured`, not `unchanged`). The annotation's content (the three-way merge) is not simulated.
import type { Cluster } from '../cluster/cluster';
import type { ApplyHandler } from './mutations';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const APPLIED = new WeakMap<Cluster, Set<string>>();

function appliedSet(cluster: Cluster): Set<string> {
  let set = APPLIED.get(cluster);
  if (!set) APPLIED.set(cluster, (set = new Set()));
  return set;
}

/** The REST mapping's resource of a kind (meta.UnsafeGuessKindToResource: lower case, `s`, or `es` after an `s`). */
function resourceOf(kind: string): string {
  const lower = kind.toLowerCase();
  return lower.endsWith('s') ? `${lower}es` : lower.endsWith('y') ? `${lower.slice(0, -1)}ies` : `${lower}s`;
}

/** kubectl's warning for `kind/name` applied over an object that lacks the annotation. */
function missingLastAppliedWarning(kind: string, name: string): string {
  return (
    `Warning: resource ${resourceOf(kind)}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. ` +
    'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
    'The missing annotation will be patched automatically.'
  );
}

/**
 * `handler` as `kubectl apply` (or `kubectl create`, with `--save-config` or not) runs it: which stored objects carry
 * the annotation, the warning over one that does not, and `configured` for the annotation patched in.
 */
export function withLastApplied(handler: ApplyHandler, saveConfig: boolean): ApplyHandler {
  return (cluster, object, options) => {
    const result = handler(cluster, object, options);
    const lines = result.output.split('\n');
    const outcome = / (created|configured|unchanged)$/.exec(lines.at(-1) ?? '')?.[1];
    if (result.error || outcome === undefined) return result;
    const key = `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
    const applied = appliedSet(cluster);
    if (outcome === 'created') {
      if (options.mode === 'apply' || saveConfig) applied.add(key);
      else applied.delete(key);
      return result;
    }
    if (options.mode !== 'apply' || applied.has(key)) return result;
    applied.add(key);
    const last = lines.pop()!.replace(/ unchanged$/, ' configured');
    return { ...result, output: [...lines, missingLastAppliedWarning(object.kind, object.metadata.name), last].join('\n') };
  };
}
