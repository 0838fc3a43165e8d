// kubectl's namespace flags, read once for every command of a session: `-n NS`, `-nNS`, `-n=NS`,
// `--namespace NS`, `--namespace=NS` (genericclioptions.ConfigFlags, a global flag of every command),
// and `-A`/`--all-namespaces[=true|false]` (the flag of get, describe, delete and others). Flags may
// stand anywhere before `--`; what follows `--` belongs to the container (`kubectl exec POD -- env -n`).

/** The command without its namespace flags, and what they said. */
interface NamespaceFlags {
  argv: string[];
  namespace?: string;
  allNamespaces: boolean;
}

/** Takes the namespace flags out of a kubectl command line (other commands are returned unchanged). */
export function extractNamespaceFlags(argv: readonly string[]): NamespaceFlags {
  // `kubectl config set-context --namespace=NS` sets the context's namespace: that flag is the command's own.
  // kubesim's own commands (`kubesim traffic svc/NAME -n NS`) take the same flags.
  if ((argv[0] !== 'kubectl' && argv[0] !== 'kubesim') || argv[1] === 'config') return { argv: [...argv], allNamespaces: false };
  const kept: string[] = [];
  let namespace: string | undefined;
  let allNamespaces = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') {
      kept.push(...argv.slice(i));
      break;
    }
    if (word === '-n' || word === '--namespace') {
      if (i + 1 < argv.length) namespace = argv[++i];
      continue;
    }
    const attached = /^(?:--namespace=|-n=?)(.+)$/.exec(word);
    if (attached) {
      namespace = attached[1];
      continue;
    }
    const all = /^(?:-A|--all-namespaces)(?:=(true|false))?$/.exec(word);
    if (all) {
      allNamespaces = all[1] !== 'false';
      continue;
    }
    kept.push(word);
  }
  return { argv: kept, ...(namespace === undefined ? {} : { namespace }), allNamespaces };
}

/** Kinds kubesim applies that are not namespaced (their manifests keep no namespace). */
const CLUSTER_SCOPED_KINDS = new Set(['Namespace']);

/**
 * The objects of a manifest placed in the command's namespace, as kubectl's resource builder does
 * (cli-runtime resource.SetNamespace, via the builder's NamespaceParam and DefaultNamespace): an
 * object without a namespace gets the command's; one with another namespace than an explicit `-n` fails
 * the builder's RequireNamespace decorator and is not sent (ContinueOnError: the others are, and the error is
 * printed after them). Returns copies (the manifests are not changed).
 */
export function placeInNamespace<T extends { kind: string; metadata: { name: string; namespace?: string } }>(
  objects: readonly T[],
  namespace: string,
  explicit: boolean,
): { objects: T[]; errors: string[] } {
  const placed: T[] = [];
  const errors: string[] = [];
  for (const object of objects) {
    if (CLUSTER_SCOPED_KINDS.has(object.kind) || typeof object.metadata !== 'object' || object.metadata === null) {
      placed.push(object);
      continue;
    }
    const own = object.metadata.namespace;
    if (own !== undefined && own !== '') {
      if (explicit && own !== namespace)
        errors.push(
          `error: the namespace from the provided object "${own}" does not match the namespace "${namespace}". ` +
            `You must pass '--namespace=${own}' to perform this operation`,
        );
      else placed.push(object);
      continue;
    }
    placed.push({ ...object, metadata: { ...object.metadata, namespace } });
  }
  return { objects: placed, errors };
}
