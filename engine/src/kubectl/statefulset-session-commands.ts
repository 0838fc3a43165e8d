// Plugs the StatefulSet commands into the session runner: `kubectl apply` of Services and
// StatefulSets (apply handlers), and the commands of runStatefulSetCommand, tried before the
// Deployment commands (registered first, so ours come first in the table).
import '../session/deployment-commands';
import { registerSessionCommand } from '../session/session-runner';
import { registerApplyHandler } from './mutations';
import { applyStatefulSetObject, isStatefulSetCommand, runStatefulSetCommand } from './statefulset-session';

for (const kind of ['Service', 'StatefulSet']) {
  registerApplyHandler(
    kind,
    (cluster, object) => applyStatefulSetObject(cluster, object) ?? { output: `error: kubesim cannot apply ${kind} ${object.metadata.name}`, error: true },
  );
}

registerSessionCommand({
  matches: (argv) => isStatefulSetCommand(argv),
  run: (context, argv) =>
    runStatefulSetCommand(context.cluster, argv, context.namespace) ?? { output: `error: unsupported command: ${argv.join(' ')}`, error: true },
});
