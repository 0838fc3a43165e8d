// `kubectl label` and `kubectl annotate` in a session: `kubectl label TYPE NAME k=v k2- [--overwrite]`, `TYPE/NAME` too,
// for pods, Deployments, Services, ConfigMaps and Secrets (kubectl/label-annotate.ts says what kubectl prints).
import type { CommandResult } from '../deployment/rollback';
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort } from '../cluster/pod-cohort';
import type { ObjectMeta } from '../model/objects';
import {
  changedMetadata,
  changePodMetadata,
  metadataCommandResult,
  parseMetadataChange,
  withMetadataField,
  type MetadataChange,
} from '../kubectl/label-annotate';
import { objectHistoryOf } from '../cluster/object-history';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';

type Field = 'labels' | 'annotations';

/** The resource words kubectl accepts, the printed resource and the NotFound resource. */
const TYPES: readonly { words: string[]; printed: string; plural: string }[] = [
  { words: ['pod', 'pods', 'po'], printed: 'pod', plural: 'pods' },
  { words: ['deployment', 'deployments', 'deploy'], printed: 'deployment.apps', plural: 'deployments.apps' },
  { words: ['service', 'services', 'svc'], printed: 'service', plural: 'services' },
  { words: ['configmap', 'configmaps', 'cm'], printed: 'configmap', plural: 'configmaps' },
  { words: ['secret', 'secrets'], printed: 'secret', plural: 'secrets' },
];

// Runs the change on a stored object's metadata; `store` writes the new metadata back.
function changeStored(
  meta: ObjectMeta,
  field: Field,
  change: MetadataChange,
  overwrite: boolean,
  resource: string,
  store: (meta: ObjectMeta) => void,
  cluster: Cluster,
): CommandResult {
  const result = changedMetadata(field, meta[field], change, overwrite);
  if (!('error' in result) && result.outcome !== 'not labeled') store(withMetadataField(meta, field, result.next, cluster));
  return metadataCommandResult(resource, result);
}

function runMetadataCommand(cluster: Cluster, namespace: string, field: Field, words: string[]): CommandResult {
  const parsed = parseArguments(words);
  const [first, ...rest] = parsed.positional;
  if (first === undefined) return { output: `error: one or more resources must be specified as <resource> <name> or <resource>/<name>`, error: true };
  const slash = first.indexOf('/');
  const typeWord = slash >= 0 ? first.slice(0, slash) : first;
  const name = slash >= 0 ? first.slice(slash + 1) : (rest.shift() ?? '');
  const type = TYPES.find((candidate) => candidate.words.includes(typeWord));
  if (!type)
    return {
      output: `error: kubesim cannot ${field === 'labels' ? 'label' : 'annotate'} ${typeWord} (pods, deployments, services, configmaps and secrets)`,
      error: true,
    };
  const change = parseMetadataChange(field, rest);
  if ('error' in change) return { output: `error: ${change.error}`, error: true };
  const overwrite = parsed.flags.has('overwrite') && parsed.flags.get('overwrite') !== 'false';
  const resource = `${type.printed}/${name}`;
  const notFound = { output: `Error from server (NotFound): ${type.plural} "${name}" not found`, error: true };
  switch (type.printed) {
    case 'pod': {
      const cohort = cluster.allCohorts().find((candidate) => isActiveCohort(candidate) && candidate.namespace === namespace && candidate.names.includes(name));
      if (!cohort) return notFound;
      const result = changedMetadata(field, field === 'labels' ? cohort.labels : cohort.annotations, change, overwrite);
      if (!('error' in result) && result.outcome !== 'not labeled') changePodMetadata(cluster, cohort, name, field, result.next);
      return metadataCommandResult(resource, result);
    }
    case 'deployment.apps': {
      const deployment = cluster.deployments.get(name, namespace);
      if (!deployment) return notFound;
      return changeStored(deployment.metadata, field, change, overwrite, resource, (metadata) => (deployment.metadata = metadata), cluster);
    }
    case 'service': {
      const service = cluster.services.get(name, namespace);
      if (!service) return notFound;
      return changeStored(service.metadata, field, change, overwrite, resource, (metadata) => cluster.services.put({ ...service, metadata }), cluster);
    }
    default: {
      const kind = type.printed === 'configmap' ? 'ConfigMap' : 'Secret';
      const object = kind === 'ConfigMap' ? cluster.configMaps.get(name, namespace) : cluster.secrets.get(name, namespace);
      if (!object) return notFound;
      const store = (metadata: ObjectMeta): void => {
        if (object.kind === 'ConfigMap') cluster.configMaps.put({ ...object, metadata });
        else cluster.secrets.put({ ...object, metadata });
        objectHistoryOf(cluster).record(kind, namespace, name, { ...object, metadata }, cluster.now);
      };
      return changeStored(object.metadata, field, change, overwrite, resource, store, cluster);
    }
  }
}

/** `kubectl label ...` and `kubectl annotate ...`. */
export const metadataCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'label') || startsWith(argv, 'kubectl', 'annotate'),
    run: (context, argv) => runMetadataCommand(context.cluster, context.namespace, argv[1] === 'label' ? 'labels' : 'annotations', argv.slice(2)),
  },
];
