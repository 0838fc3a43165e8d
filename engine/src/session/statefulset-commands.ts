// The StatefulSet commands of a session: whatever runStatefulSetCommand understands (get, describe,
// rollout, scale, delete of StatefulSets, their pods and claims).
import { isStatefulSetCommand, runStatefulSetCommand } from '../kubectl/statefulset-session';
import type { SessionCommand } from './session-command';

export const statefulSetCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => isStatefulSetCommand(argv),
    run: (context, argv) =>
      runStatefulSetCommand(context.cluster, argv, context.namespace) ?? { output: `error: unsupported command: ${argv.join(' ')}`, error: true },
  },
];
