// Plugs the StatefulSet commands into the session runner: `kubectl apply` of Services and
// StatefulSets (apply handlers), and the commands of runStatefulSetCommand, tried before the
// Deployment commands (registered first, so ours come first in the table).
import '../session/deployment-commands';
import { registerSessionCommand } from '../session/session-runner';
import { admitManifest, registerApplyHandler } from './mutations';
import { applyStatefulSetObject, isStatefulSetCommand, runStatefulSetCommand } from './statefulset-session';

for (const kind of ['Service', 'StatefulSet']) {
  registerApplyHandler(kind, (cluster, object, options) => {
    const namespace = object.metadata.namespace ?? 'default';
    // A Service update keeps the fields the API server allocated (clusterIP, nodePorts), which kubectl's
    // three-way merge leaves alone and a manifest lacks: it is checked as a create of the manifest.
    const existing = kind === 'StatefulSet' && options.mode === 'apply' ? cluster.statefulSets.get(object.metadata.name, namespace) : undefined;
    return (
      admitManifest(cluster, object, existing, options) ??
      applyStatefulSetObject(cluster, object) ?? { output: `error: kubesim cannot apply ${kind} ${object.metadata.name}`, error: true }
    );
  });
}

registerSessionCommand({
  matches: (argv) => isStatefulSetCommand(argv),
  run: (context, argv) =>
    runStatefulSetCommand(context.cluster, argv, context.namespace) ?? { output: `error: unsupported command: ${argv.join(' ')}`, error: true },
});
