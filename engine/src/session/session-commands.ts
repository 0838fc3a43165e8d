// Every command of the session language, in the order the runner tries them: the first whose
// matches() accepts a line runs it. More specific families come first (replace and patch, describe
// of ReplicaSets, StatefulSets and pods, `get pods -o wide`, HPAs, Jobs and CronJobs, DaemonSets, Ingress, Service, StatefulSet), the Deployment
// commands last.
import { batchCommands } from './batch-commands';
import { daemonSetCommands } from './daemonset-commands';
import { describeCommands } from './describe-commands';
import { deploymentCommands } from './deployment-commands';
import { hpaCommands } from './hpa-commands';
import { ingressCommands } from './ingress-commands';
import { metadataCommands } from './metadata-commands';
import { namespaceCommands } from './namespace-commands';
import { nodeCommands } from './node-commands';
import { podCommands } from './pod-commands';
import { serviceCommands } from './service-commands';
import type { SessionCommand } from './session-command';
import { statefulSetCommands } from './statefulset-commands';
import { writeCommands } from './write-commands';

export const SESSION_COMMANDS: readonly SessionCommand[] = [
  ...namespaceCommands,
  ...metadataCommands,
  ...nodeCommands,
  ...writeCommands,
  ...describeCommands,
  ...podCommands,
  ...hpaCommands,
  ...batchCommands,
  ...daemonSetCommands,
  ...ingressCommands,
  ...serviceCommands,
  ...statefulSetCommands,
  ...deploymentCommands,
];
