// The shape of a session command: what it sees and how it says which lines it runs. The commands
// themselves are listed, in the order they are tried, in session-commands.ts.
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import type { KubernetesObject } from '../model/objects';
import type { SessionLine } from './session-parser';

/** What a session command sees. */
export interface SessionContext {
  cluster: Cluster;
  /** Reads the objects of a manifest path (relative to the session file); throws when unreadable. */
  readManifest: (path: string) => KubernetesObject[];
  namespace: string;
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
