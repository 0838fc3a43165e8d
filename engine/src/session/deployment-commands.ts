// The kubectl and kubesim commands of a Deployment session (registered into the session table).
import type { Deployment, KubernetesObject } from '../model/objects';
import { rollbackDeployment, type CommandResult } from '../deployment/rollback';
import { describeDeployment } from '../kubectl/describe';
import { getDeployments, getPods, getReplicaSets } from '../kubectl/get';
import { applyObjects, deletePod, restartDeployment, scaleDeployment, setImage, setPaused } from '../kubectl/mutations';
import { rolloutHistory, rolloutStatusMessage } from '../kubectl/rollout';
import { changeCauseOf, parseArguments, parseDuration } from './session-parser';
import { ManifestReadError, startsWith, type SessionCommand, type SessionContext } from './session-command';
import { runFor, runUntil } from './simulation-clock';
import { lastAppliedHandlers } from './apply-handlers';
import { mappingNotFound } from '../kubectl/kind-mapping';
import { placeInNamespace } from './namespace-flags';

const DEPLOYMENT_WORDS = ['deployment', 'deployments', 'deploy', 'deployment.apps', 'deployments.apps'];
const REPLICA_SET_WORDS = ['rs', 'replicaset', 'replicasets', 'replicaset.apps', 'replicasets.apps'];
const POD_WORDS = ['po', 'pod', 'pods'];
/** Longest a rollout wait runs before giving up (kubectl would wait forever). */
const ROLLOUT_WAIT_LIMIT_MS = 3_600_000;

/** `deployment/web` or `deployment web` → `web`, when the kind is a Deployment. */
function deploymentName(positional: string[]): string | undefined {
  const [first, second] = positional;
  if (first === undefined) return undefined;
  const slash = first.indexOf('/');
  if (slash >= 0) return DEPLOYMENT_WORDS.includes(first.slice(0, slash)) ? first.slice(slash + 1) : undefined;
  return DEPLOYMENT_WORDS.includes(first) ? second : undefined;
}

function isDeploymentTarget(argv: string[], from: number): boolean {
  return deploymentName(parseArguments(argv.slice(from)).positional) !== undefined;
}

function usage(text: string): CommandResult {
  return { output: `error: ${text}`, error: true };
}

function requireDeployment(context: SessionContext, name: string): Deployment | undefined {
  return context.cluster.deployments.get(name, context.namespace);
}

/** Waits like `kubectl rollout status`, printing the status line on every Deployment update. */
function watchRolloutStatus(context: SessionContext, name: string, print: boolean): CommandResult {
  const { cluster } = context;
  const deployment = requireDeployment(context, name);
  if (!deployment) return { output: `Error from server (NotFound): deployments.apps "${name}" not found`, error: true };
  const lines: string[] = [];
  let lastVersion = deployment.metadata.resourceVersion;
  let verdict = rolloutStatusMessage(deployment);
  lines.push(verdict.message);
  if (verdict.done) return { output: print ? lines.join('\n') : '', error: verdict.error };
  let finished = false;
  runUntil(
    cluster,
    () => finished,
    ROLLOUT_WAIT_LIMIT_MS,
    () => {
      const current = requireDeployment(context, name);
      if (finished || !current || current.metadata.resourceVersion === lastVersion) return;
      lastVersion = current.metadata.resourceVersion;
      verdict = rolloutStatusMessage(current);
      lines.push(verdict.message);
      if (verdict.done) finished = true;
    },
  );
  return { output: print ? lines.join('\n') : '', error: verdict.error };
}

function appendBlankLine(result: CommandResult): CommandResult {
  return result.error || result.output.endsWith('No rollout history found.') ? result : { ...result, output: `${result.output}\n` };
}

/**
 * kubectl's RecordFlags.AddFlags marks `--record` deprecated (`--record will be removed in the future`), and pflag
 * prints `Flag --record has been deprecated, <reason>` whenever the flag is set, before the command's output.
 */
function withRecordDeprecation(recordSet: boolean, result: CommandResult): CommandResult {
  if (!recordSet) return result;
  const warning = 'Flag --record has been deprecated, --record will be removed in the future';
  return { ...result, output: result.output === '' ? warning : `${warning}\n${result.output}` };
}

/** The Deployment commands, in the order they are tried. */
export const deploymentCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'pod-ready-after') && argv.length === 3,
    run: (context, argv) => {
      const duration = parseDuration(argv[2]);
      if (duration === undefined) return usage(`invalid duration "${argv[2]}"`);
      const seconds = duration / 1000;
      context.cluster.kubelet = { ...context.cluster.kubelet, readyAfterSecondsOverride: seconds };
      return { output: '' };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'image-fails') && argv.length >= 3,
    run: (context, argv) => {
      context.cluster.kubelet = { ...context.cluster.kubelet, failingImages: [...context.cluster.kubelet.failingImages, ...argv.slice(2)] };
      return { output: '' };
    },
  },
  {
    // The containers of these images exit with an error after running: CrashLoopBackOff, or Init:Error and
    // Init:CrashLoopBackOff for an init container (pods created from now on).
    matches: (argv) => startsWith(argv, 'kubesim', 'image-crashes') && argv.length >= 3,
    run: (context, argv) => {
      context.cluster.kubelet = { ...context.cluster.kubelet, crashingImages: [...context.cluster.kubelet.crashingImages, ...argv.slice(2)] };
      return { output: '' };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'wait-rollout') && isDeploymentTarget(argv, 2),
    run: (context, argv) => watchRolloutStatus(context, deploymentName(parseArguments(argv.slice(2)).positional) ?? '', false),
  },
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'wait') && argv.length === 3,
    run: (context, argv) => {
      const duration = parseDuration(argv[2]);
      if (duration === undefined) return usage(`invalid duration "${argv[2]}"`);
      runFor(context.cluster, duration);
      return { output: '' };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'delete') && POD_WORDS.includes(argv[2]?.split('/')[0] ?? ''),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const names = parsed.positional[0].includes('/') ? parsed.positional.map((word) => word.split('/')[1]) : parsed.positional.slice(1);
      const results = names.map((name) => deletePod(context.cluster, name, context.namespace));
      return { output: results.map((result) => result.output).join('\n'), error: results.some((result) => result.error) };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && isDeploymentTarget(argv, 2),
    run: (context, argv) => ({
      output: describeDeployment(context.cluster, deploymentName(parseArguments(argv.slice(2)).positional) ?? '', context.namespace),
    }),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && [...DEPLOYMENT_WORDS, ...REPLICA_SET_WORDS, ...POD_WORDS].includes(argv[2] ?? ''),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const [kind, name] = parsed.positional;
      const table = DEPLOYMENT_WORDS.includes(kind)
        ? getDeployments(context.cluster, context.namespace)
        : REPLICA_SET_WORDS.includes(kind)
          ? getReplicaSets(context.cluster, context.namespace)
          : getPods(context.cluster, context.namespace);
      if (name === undefined || table.startsWith('No resources')) return { output: table };
      const [header, ...rows] = table.split('\n');
      const row = rows.find((candidate) => candidate.split(' ')[0] === name);
      const resource = DEPLOYMENT_WORDS.includes(kind) ? 'deployments.apps' : REPLICA_SET_WORDS.includes(kind) ? 'replicasets.apps' : 'pods';
      return row ? { output: `${header}\n${row}` } : { output: `Error from server (NotFound): ${resource} "${name}" not found`, error: true };
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'rollout') && isDeploymentTarget(argv, 3),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(3));
      const name = deploymentName(parsed.positional) ?? '';
      switch (argv[2]) {
        case 'status':
          return watchRolloutStatus(context, name, true);
        case 'history': {
          const revision = parsed.flags.get('revision');
          return appendBlankLine(rolloutHistory(context.cluster, name, revision === undefined ? undefined : Number(revision), context.namespace));
        }
        case 'undo':
          return rollbackDeployment(context.cluster, name, Number(parsed.flags.get('to-revision') ?? 0), context.namespace);
        case 'pause':
          return setPaused(context.cluster, name, true, context.namespace);
        case 'resume':
          return setPaused(context.cluster, name, false, context.namespace);
        case 'restart':
          return restartDeployment(context.cluster, name, context.namespace);
        default:
          return usage(`unknown command "${argv[2]}" for "kubectl rollout"`);
      }
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'set', 'image') && isDeploymentTarget(argv, 3),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(3));
      const images: Record<string, string> = {};
      for (const word of parsed.positional.slice(parsed.positional[0]?.includes('/') ? 1 : 2)) {
        const [container, image] = word.split('=');
        if (!container || !image) return usage(`invalid image update "${word}"`);
        images[container] = image;
      }
      const record = parsed.flags.get('record') === 'true';
      return withRecordDeprecation(
        parsed.flags.has('record'),
        setImage(
          context.cluster,
          deploymentName(parsed.positional) ?? '',
          images,
          record ? changeCauseOf(['set', 'image'], parsed) : undefined,
          context.namespace,
        ),
      );
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'scale') && isDeploymentTarget(argv, 2),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const replicas = Number(parsed.flags.get('replicas'));
      if (!Number.isInteger(replicas) || replicas < 0) return usage('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
      return scaleDeployment(context.cluster, deploymentName(parsed.positional) ?? '', replicas, context.namespace);
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'apply') || startsWith(argv, 'kubectl', 'create'),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const fileName = parsed.flags.get('filename');
      if (!fileName) return usage('must specify one of -f and -k');
      const record = parsed.flags.get('record') === 'true';
      let objects: KubernetesObject[];
      let readError: string | undefined;
      try {
        objects = context.readManifest(fileName);
      } catch (error) {
        if (!(error instanceof ManifestReadError)) throw error;
        objects = error.objectsBefore;
        readError = error.message;
      }
      // Objects without a REST mapping fail in kubectl's builder; the others are still sent, the errors printed after them.
      const unmapped = objects.map((object) => mappingNotFound(object, fileName, context.cluster.spec.version));
      const mappingErrors = unmapped.filter((error): error is string => error !== undefined);
      const placed = placeInNamespace(
        objects.filter((_, index) => unmapped[index] === undefined),
        context.namespace,
        context.explicitNamespace === true,
      );
      const applied = applyObjects(
        context.cluster,
        placed.objects,
        {
          mode: argv[1] === 'create' ? 'create' : 'apply',
          fileName,
          changeCause: record ? changeCauseOf([argv[1]], parsed) : undefined,
        },
        lastAppliedHandlers(argv[1] === 'create' && parsed.flags.has('save-config') && parsed.flags.get('save-config') !== 'false'),
      );
      const errors = [...mappingErrors, ...placed.errors];
      const result = errors.length === 0 ? applied : { output: [applied.output, ...errors].filter((part) => part !== '').join('\n'), error: true };
      if (readError === undefined) return withRecordDeprecation(parsed.flags.has('record'), result);
      // kubectl prints the objects it applied, then the reading error (cmdutil.CheckErr at the end).
      return { output: [result.output, `error: ${readError}`].filter((part) => part !== '').join('\n'), error: true };
    },
  },
];
