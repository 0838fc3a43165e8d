// `kubesim names FILE...`: the names a cluster gives each Deployment's ReplicaSet and each
// StatefulSet's revision, pods, DNS names and PersistentVolumeClaims.
import { parseArgs } from 'node:util';
import {
  computeControllerRevisionHash,
  computePodTemplateHash,
  controllerRevisionData,
  controllerRevisionName,
  DEFAULT_KUBERNETES_VERSION,
  type Deployment,
  type ClusterSpec,
  type KubernetesVersion,
  parseKubernetesVersion,
  serviceDnsNames,
  type Service,
  type StatefulSet,
} from '@kubesim/engine';
import {
  objectsOf,
  parseManifestFile,
  type ManifestObject,
  generatedNamesOf,
  type GeneratedName,
  writableCopyAs,
  readManifestFileSync,
} from '@kubesim/analysis';
import { collectFiles } from './collect-files';
import { displayPath, planKustomizeRun } from './kustomize-runs';
import { UsageError } from './usage-error';
import { CLUSTER_FLAGS, clusterResolverOf } from './cluster-options';
import { checkCharts, setChartsApart } from './helm-charts';
import { workloadRejection } from './workload-rejection';
import { basename } from 'node:path';
import { batchNamesOf, formatBatchNames, type BatchNames } from './batch-names';
import { daemonSetNamesOf, formatDaemonSetNames, type DaemonSetNamesEntry } from './daemonset-names';

/** One StatefulSet pod with its stable identity. */
interface StatefulSetPodNames {
  name: string;
  hostname: string;
  fqdn?: string;
  persistentVolumeClaims: string[];
}

/** The names of one workload, as printed with --json. */
interface WorkloadNames {
  file: string;
  kind: 'Deployment' | 'StatefulSet';
  namespace: string;
  name: string;
  podTemplateHash?: string;
  replicaSetName?: string;
  controllerRevisionHash?: string;
  controllerRevisionName?: string;
  serviceName?: string;
  pods?: StatefulSetPodNames[];
  /** What the API server (or kubectl) would answer instead of creating it: then no names are given. */
  rejected?: string[];
}

/** The DNS names of one Service, as printed with --json (`cname` only for ExternalName). */
interface ServiceNames {
  file: string;
  name: string;
  namespace: string;
  type: string;
  dnsName: string;
  srvNames: string[];
  cname?: string;
}

interface NamesOptions {
  collisionCount: number | undefined;
  /** The cluster of a file or rendered root (its release, gates, network and domain). */
  clusterOf: (path: string) => ClusterSpec;
}

/** Runs the names command; returns the process exit code. */
export async function runNames(args: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'kubernetes-version': { type: 'string' },
      'collision-count': { type: 'string' },
      json: { type: 'boolean' },
      'allow-remote-resources': { type: 'boolean' },
      from: { type: 'string' },
      ...CLUSTER_FLAGS,
    },
  });
  if (positionals.length === 0) throw new UsageError('names needs at least one FILE or DIR');
  const versionText = values['kubernetes-version'];
  const version = versionText === undefined ? DEFAULT_KUBERNETES_VERSION : parseKubernetesVersion(versionText);
  if (!version) throw new UsageError(`unsupported Kubernetes version "${versionText}" (use 1.32 to 1.37)`);
  const countText = values['collision-count'];
  if (countText !== undefined && !/^\d+$/.test(countText)) throw new UsageError(`--collision-count must be a non-negative integer, not "${countText}"`);
  const collisionCount = countText === undefined ? undefined : Number(countText);
  if (collisionCount !== undefined && collisionCount > 0xffffffff) throw new UsageError('--collision-count must fit in 32 bits');
  // A CronJob's next runs count from --from (RFC 3339), else from now.
  const fromText = values.from;
  const from = fromText === undefined ? Date.now() : Date.parse(fromText);
  if (Number.isNaN(from)) throw new UsageError(`--from must be an RFC 3339 time such as 2026-01-01T00:00:00Z, not "${fromText}"`);
  const batch: BatchNames[] = [];
  const daemonSets: DaemonSetNamesEntry[] = [];
  const clusters = clusterResolverOf(values, version, (text) => process.stderr.write(`${text}\n`));
  const options: NamesOptions = { collisionCount, clusterOf: (path) => clusters.specFor(path) };
  const workloads: WorkloadNames[] = [];
  const services: ServiceNames[] = [];
  // A kustomization is named by what it renders: its patches and bases are not workloads of their own.
  const kustomize = planKustomizeRun(collectFiles(positionals), (text) => process.stderr.write(`${text}\n`), values['allow-remote-resources'] === true);
  const charts = setChartsApart(kustomize.plainFiles);
  for (const path of charts.plainFiles) {
    const objects = objectsOf(parseManifestFile(readManifestFileSync(path)));
    workloads.push(...namesOf(path, objects, options));
    services.push(...serviceNamesOf(path, objects, options));
    batch.push(...batchNamesOf(path, objects, from));
    daemonSets.push(...daemonSetNamesOf(path, objects, options.clusterOf(path)));
  }
  const generated: GeneratedName[] = [];
  let failed = false;
  for (const rendered of await kustomize.render()) {
    const root = displayPath(rendered.tree.root.directory);
    if (rendered.error) {
      process.stderr.write(`kubesim names: ${root}: kustomize: ${rendered.error.message}\n`);
      failed = true;
      continue;
    }
    const objects = rendered.objects.map((object) => object.object);
    workloads.push(...namesOf(root, objects, options));
    services.push(...serviceNamesOf(root, objects, options));
    generated.push(...generatedNamesOf(rendered).map((name) => ({ ...name, kustomization: root })));
  }
  // A chart is named by what its release creates with its default values.
  for (const result of await checkCharts(charts.chartRoots, {}, (path) => clusters.specFor(path))) {
    const root = displayPath(result.chart?.root ?? '');
    const rendered = result.renderings[0];
    if (!rendered || rendered.error) {
      const why = rendered?.error?.message ?? result.findings[0]?.finding.message ?? 'not rendered';
      process.stderr.write(`kubesim names: ${root}: helm: ${why}\n`);
      failed = true;
      continue;
    }
    const objects = rendered.objects.map((object) => object.object);
    workloads.push(...namesOf(root, objects, options));
    services.push(...serviceNamesOf(root, objects, options));
  }
  if (values.json)
    out(
      JSON.stringify(
        {
          kubernetesVersion: version,
          workloads,
          services,
          ...(batch.length > 0 ? { batch } : {}),
          ...(daemonSets.length > 0 ? { daemonSets } : {}),
          ...(generated.length > 0 ? { generated } : {}),
        },
        null,
        2,
      ),
    );
  else out(formatTable(version, workloads, generated) + formatServices(services) + formatBatchNames(batch, from) + formatDaemonSetNames(daemonSets));
  return failed ? 1 : 0;
}

function namesOf(path: string, objects: readonly ManifestObject[], options: NamesOptions): WorkloadNames[] {
  const result: WorkloadNames[] = [];
  for (const object of objects) {
    if (!object.name || (object.kind !== 'Deployment' && object.kind !== 'StatefulSet') || object.document.isTemplated) continue;
    const namespace = object.namespace ?? 'default';
    const cluster = options.clusterOf(path);
    const rejected = workloadRejection(object, cluster, basename(path));
    if (rejected) {
      result.push({ file: path, kind: object.kind, namespace, name: object.name, rejected });
      continue;
    }
    if (object.apiVersion !== 'apps/v1') continue;
    if (object.kind === 'Deployment') {
      const deployment = writableCopyAs<Deployment>(object.value);
      if (!deployment.spec?.template) continue;
      const count = options.collisionCount ?? deployment.status?.collisionCount;
      const hash = computePodTemplateHash(deployment.spec.template, count, cluster);
      result.push({ file: path, kind: 'Deployment', namespace, name: object.name, podTemplateHash: hash, replicaSetName: `${object.name}-${hash}` });
    } else if (object.kind === 'StatefulSet') {
      const set = writableCopyAs<StatefulSet>(object.value);
      if (!set.spec?.template) continue;
      result.push(statefulSetNames(path, namespace, object.name, set, options.collisionCount, cluster));
    }
  }
  return result;
}

// Service DNS names per the Kubernetes DNS specification (serviceDnsNames in the engine).
function serviceNamesOf(path: string, objects: readonly ManifestObject[], options: NamesOptions): ServiceNames[] {
  const result: ServiceNames[] = [];
  for (const object of objects) {
    if (object.apiVersion !== 'v1' || object.kind !== 'Service' || !object.name) continue;
    const service = writableCopyAs<Service>(object.value);
    const namespace = object.namespace ?? 'default';
    const names = serviceDnsNames({ ...service, metadata: { ...service.metadata, name: object.name, namespace } }, options.clusterOf(path).clusterDomain);
    const type = typeof service.spec?.type === 'string' ? service.spec.type : 'ClusterIP';
    const entry: ServiceNames = { file: path, name: object.name, namespace, type, dnsName: names.dnsName, srvNames: names.srvNames };
    if (names.cname !== undefined) entry.cname = names.cname;
    result.push(entry);
  }
  return result;
}

function formatServices(services: ServiceNames[]): string {
  if (services.length === 0) return '';
  const lines = ['', 'Services (DNS):'];
  for (const service of services) {
    lines.push(`  ${service.namespace}/${service.name}  ${service.dnsName}${service.cname ? ` CNAME ${service.cname}` : ''}`);
    for (const srv of service.srvNames) lines.push(`    SRV ${srv}`);
  }
  return `\n${lines.join('\n')}`;
}

// Pod names follow getPodName, claims getPersistentVolumeClaimName (stateful_set_utils.go).
function statefulSetNames(
  path: string,
  namespace: string,
  name: string,
  set: StatefulSet,
  collisionCount: number | undefined,
  cluster: ClusterSpec,
): WorkloadNames {
  const count = collisionCount ?? set.status?.collisionCount;
  const hash = computeControllerRevisionHash(controllerRevisionData(set, cluster), count);
  const serviceName = typeof set.spec.serviceName === 'string' ? set.spec.serviceName : '';
  const replicas = typeof set.spec.replicas === 'number' ? set.spec.replicas : 1;
  const start = typeof set.spec.ordinals?.start === 'number' ? set.spec.ordinals.start : 0;
  const claimNames = (set.spec.volumeClaimTemplates ?? [])
    .map((claim) => (claim.metadata as { name?: unknown } | undefined)?.name)
    .filter((claim): claim is string => typeof claim === 'string');
  const pods: StatefulSetPodNames[] = [];
  for (let ordinal = start; ordinal < start + replicas; ordinal++) {
    const podName = `${name}-${ordinal}`;
    // Without a serviceName the pod has no subdomain, hence no per-pod DNS record.
    const fqdn = serviceName ? `${podName}.${serviceName}.${namespace}.svc.${cluster.clusterDomain}` : undefined;
    pods.push({ name: podName, hostname: podName, ...(fqdn ? { fqdn } : {}), persistentVolumeClaims: claimNames.map((claim) => `${claim}-${podName}`) });
  }
  return {
    file: path,
    kind: 'StatefulSet',
    namespace,
    name,
    controllerRevisionHash: hash,
    controllerRevisionName: controllerRevisionName(name, hash),
    serviceName,
    pods,
  };
}

function formatTable(version: KubernetesVersion, workloads: WorkloadNames[], generated: readonly GeneratedName[]): string {
  const lines = [`Kubernetes ${version}`];
  const rows: string[][] = [['KIND', 'NAMESPACE', 'NAME', 'HASH', 'REPLICASET / REVISION']];
  for (const workload of workloads) {
    rows.push([
      workload.kind,
      workload.namespace,
      workload.name,
      workload.rejected ? '-' : (workload.podTemplateHash ?? workload.controllerRevisionHash ?? ''),
      workload.rejected ? 'none: it would be rejected' : (workload.replicaSetName ?? workload.controllerRevisionName ?? ''),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    lines.push(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('   ')
        .trimEnd(),
    );
  for (const workload of workloads.filter((w) => w.rejected)) {
    lines.push('', `${workload.kind} ${workload.namespace}/${workload.name} would be rejected (run kubesim check for where):`);
    for (const message of workload.rejected!) lines.push(...message.split('\n').map((line) => `  ${line}`));
  }
  for (const workload of workloads.filter((w) => w.pods && w.pods.length > 0)) {
    lines.push('', `${workload.kind} ${workload.namespace}/${workload.name} pods:`);
    for (const pod of workload.pods!) {
      const claims = pod.persistentVolumeClaims.length ? `  claims: ${pod.persistentVolumeClaims.join(', ')}` : '';
      lines.push(`  ${pod.name}  ${pod.fqdn ?? '(no serviceName: no DNS record)'}${claims}`);
    }
  }
  if (generated.length > 0) {
    lines.push('', 'Generated by kustomize:');
    for (const name of generated) lines.push(`  ${name.kind} ${name.namespace}/${name.name}  (from ${name.generator} in ${name.kustomization})`);
  }
  return lines.join('\n');
}
