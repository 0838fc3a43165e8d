// The namespace commands of a session: `kubectl create namespace NAME`, `kubectl delete namespace NAME`
// (waits until the namespace is gone unless `--wait=false`, as kubectl delete waits by default),
// `kubectl get namespaces|serviceaccounts|configmaps`, and `kubectl config set-context --current
// --namespace NS`. Applying a Namespace manifest is in apply-handlers.ts.
import type { CommandResult } from '../deployment/rollback';
import { namespacesOf } from '../cluster/namespaces';
import { namespaceDeleteRefusal } from '../cluster/namespace-lifecycle';
import { getNamespaceDefaults, getNamespaces, getSecrets } from '../kubectl/namespace-get';
import { createNamespace, formatNamespaceFailure } from '../kubectl/namespace-mutations';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';
import { runUntil } from './simulation-clock';

const NAMESPACE_WORDS = ['ns', 'namespace', 'namespaces'];
const SERVICE_ACCOUNT_WORDS = ['sa', 'serviceaccount', 'serviceaccounts'];
const CONFIG_MAP_WORDS = ['cm', 'configmap', 'configmaps'];
const SECRET_WORDS = ['secret', 'secrets'];
/** The context kind writes into the kubeconfig for its default cluster `kind`. */
const KIND_CONTEXT = 'kind-kind';
/** Longest `kubectl delete namespace` waits (kubectl's --timeout default is a week; pods end within their grace period). */
const DELETE_WAIT_LIMIT_MS = 3_600_000;

/** `ns/NAME`, `ns NAME` → the kind words and the name. */
function target(positional: string[]): { kind: string; name?: string } | undefined {
  const [first, second] = positional;
  if (first === undefined) return undefined;
  const slash = first.indexOf('/');
  return slash >= 0 ? { kind: first.slice(0, slash), name: first.slice(slash + 1) } : { kind: first, ...(second === undefined ? {} : { name: second }) };
}

/** The namespace commands, in the order they are tried. */
export const namespaceCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'config', 'set-context'),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(3));
      if (!parsed.flags.has('current') && parsed.positional[0] !== KIND_CONTEXT)
        return { output: 'error: you must specify a non-empty context name or --current', error: true };
      const namespace = parsed.flags.get('namespace');
      if (namespace !== undefined && context.kubeconfig) context.kubeconfig.namespace = namespace;
      return { output: `Context "${KIND_CONTEXT}" modified.` };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'create') && NAMESPACE_WORDS.includes(argv[2] ?? ''),
    run: (context, argv) => {
      const name = parseArguments(argv.slice(3)).positional[0];
      if (name === undefined) return { output: 'error: exactly one NAME is required, got 0', error: true };
      const result = createNamespace(context.cluster, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, 'create');
      return result.failure ? { output: formatNamespaceFailure(result), error: true } : result;
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'delete') && NAMESPACE_WORDS.includes(target(parseArguments(argv.slice(2)).positional)?.kind ?? ''),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const name = target(parsed.positional)?.name ?? '';
      const registry = namespacesOf(context.cluster);
      const refusal = namespaceDeleteRefusal(name);
      if (refusal) return { output: refusal, error: true };
      if (!registry.get(name)) return { output: `Error from server (NotFound): namespaces "${name}" not found`, error: true };
      registry.markTerminating(name);
      // A Namespace is cluster-scoped: kubectl 1.34's ` from NS namespace` is never added.
      const output = `namespace "${name}" deleted`;
      if (parsed.flags.get('wait') === 'false') return { output };
      runUntil(context.cluster, () => registry.get(name) === undefined, DELETE_WAIT_LIMIT_MS);
      return { output };
    },
  },
  {
    matches: (argv) =>
      startsWith(argv, 'kubectl', 'get') &&
      [...NAMESPACE_WORDS, ...SERVICE_ACCOUNT_WORDS, ...CONFIG_MAP_WORDS, ...SECRET_WORDS].includes(
        target(parseArguments(argv.slice(2)).positional)?.kind ?? '',
      ),
    run: (context, argv) => {
      const { kind, name } = target(parseArguments(argv.slice(2)).positional)!;
      if (NAMESPACE_WORDS.includes(kind)) return getNamespaces(context.cluster, name);
      if (SECRET_WORDS.includes(kind)) return getSecrets(context.cluster, context.namespace, name);
      const objectKind = SERVICE_ACCOUNT_WORDS.includes(kind) ? 'ServiceAccount' : 'ConfigMap';
      return getNamespaceDefaults(context.cluster, objectKind, context.namespace, name) satisfies CommandResult;
    },
  },
];
