// The shape of a session command: what it sees and how it says which lines it runs. The commands
// themselves are listed, in the order they are tried, in session-commands.ts.
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import type { KubernetesObject } from '../model/objects';
import type { SessionLine } from './session-parser';

/** What a session command sees. */
export interface SessionContext {
  cluster: Cluster;
  /** Reads the objects of a manifest path (relative to the session file); throws when unreadable (ManifestReadError: in part). */
  readManifest: (path: string) => KubernetesObject[];
  /** The namespace of the command: `-n`/`--namespace`, else the kubeconfig context's (`default` until set-context). */
  namespace: string;
  /** True when `-n`/`--namespace` was given (kubectl then refuses a manifest of another namespace). */
  explicitNamespace?: boolean;
  /** True with `-A`/`--all-namespaces`. */
  allNamespaces?: boolean;
  /** The kubeconfig the session's kubectl reads: `kubectl config set-context --current --namespace` changes it. */
  kubeconfig?: SessionKubeconfig;
}

/** What of the kubeconfig a session changes: the current context's namespace. */
export interface SessionKubeconfig {
  namespace: string;
}

/**
 * Thrown by `readManifest` when kubectl stops reading a file after some of its documents (YAML it
 * cannot convert, a document that is not an object): `kubectl apply` still applies those (cli-runtime's
 * builder with ContinueOnError hands them over with the error), then prints the error.
 */
export class ManifestReadError extends Error {
  constructor(
    message: string,
    readonly objectsBefore: KubernetesObject[],
  ) {
    super(message);
  }
}

/** One command of the session language. */
export interface SessionCommand {
  /** True when this handler runs `argv` (e.g. ['kubectl', 'get', 'rs']). */
  matches(argv: string[]): boolean;
  run(context: SessionContext, argv: string[], line: SessionLine): CommandResult;
}

/** True when argv starts with `prefix`. */
export function startsWith(argv: string[], ...prefix: string[]): boolean {
  return prefix.every((word, index) => argv[index] === word);
}
