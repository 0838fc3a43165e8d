// Plugs the StatefulSet commands into the session runner: `kubectl apply` of Services and
// StatefulSets (apply handlers), and the commands of runStatefulSetCommand, tried before the
// Deployment commands (registered first, so ours come first in the table).
import '../session/deployment-commands';
import { registerSessionCommand } from '../session/session-runner';
import { admitManifest, registerApplyHandler } from './mutations';
import { applyStatefulSetObject, isStatefulSetCommand, runStatefulSetCommand } from './statefulset-session';

// Services are applied by service-commands.ts (registered later, so its handler wins).
registerApplyHandler(
  'Service',
  (cluster, object) => applyStatefulSetObject(cluster, object) ?? { output: `error: kubesim cannot apply Service ${object.metadata.name}`, error: true },
);
// A StatefulSet goes through the API server first: create, or update of the stored set (kubectl apply).
registerApplyHandler('StatefulSet', (cluster, object, options) => {
  const existing = options.mode === 'apply' ? cluster.statefulSets.get(object.metadata.name, object.metadata.namespace ?? 'default') : undefined;
  return (
    admitManifest(cluster, object, existing, options) ??
    applyStatefulSetObject(cluster, object) ?? { output: `error: kubesim cannot apply StatefulSet ${object.metadata.name}`, error: true }
  );
});

registerSessionCommand({
  matches: (argv) => isStatefulSetCommand(argv),
  run: (context, argv) =>
    runStatefulSetCommand(context.cluster, argv, context.namespace) ?? { output: `error: unsupported command: ${argv.join(' ')}`, error: true },
});
