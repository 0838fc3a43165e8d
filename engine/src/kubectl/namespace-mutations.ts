// Creating a Namespace through the simulated API server (`kubectl create namespace NAME`, `kubectl
// apply|create -f` of a Namespace): strict decoding and ValidateNamespace's name rule (a DNS-1123 label)
// through the served-kind verdict, AlreadyExists on a create of an existing one, then the registry.
// Printed as kubectl prints it (`namespace/NAME created`, `unchanged`, `configured`).
import type { Cluster } from '../cluster/cluster';
import { namespacesOf, NAMESPACE_NAME_LABEL } from '../cluster/namespaces';
import { invalidRejection } from '../apiserver/admission';
import { servedKindOf } from '../apiserver/validation/builtin-kinds';
import { servedKindVerdict } from '../apiserver/validation/served-kind-verdict';
import type { ReadonlyJsonObject } from '../model/objects';
import { creatingFrom, formatKubectlErrors } from './api-errors';
import type { ApplyResult } from './mutations';

function labelsOf(manifest: ReadonlyJsonObject): Record<string, string> {
  const metadata = manifest.metadata as ReadonlyJsonObject | undefined;
  const labels = (metadata?.labels ?? {}) as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, String(value)]));
}

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Creates (or, with `apply`, updates the labels of) a Namespace; kubectl's line or its error. */
export function createNamespace(cluster: Cluster, manifest: ReadonlyJsonObject, mode: 'apply' | 'create', fileName?: string): ApplyResult {
  const name = String((manifest.metadata as ReadonlyJsonObject | undefined)?.name ?? '');
  const registry = namespacesOf(cluster);
  const existing = registry.get(name);
  const served = servedKindOf('v1', 'Namespace', cluster.spec.version);
  const request = creatingFrom(fileName);
  if (served) {
    const verdict = servedKindVerdict(served, manifest, existing && mode === 'apply' ? (existing as unknown as ReadonlyJsonObject) : undefined, cluster.spec);
    if ('decode' in verdict) {
      const message = `${request === undefined ? '' : `${request}: `}${verdict.decode[0].message}`;
      return { output: '', error: true, failure: { text: `Error from server (BadRequest): ${message}` } };
    }
    if (verdict.errors.length > 0) {
      const causes = verdict.errors.map((error) => ({ field: error.field, message: error.message.slice(error.field.length + 2) }));
      const rejection = invalidRejection('Namespace', name, causes);
      return { output: '', error: true, failure: request === undefined ? { rejection } : { rejection, request } };
    }
  }
  if (existing && mode === 'create') {
    const text = `Error from server (AlreadyExists): ${request === undefined ? '' : `${request}: `}namespaces "${name}" already exists`;
    return { output: '', error: true, failure: { text } };
  }
  if (!existing) {
    registry.create(name, labelsOf(manifest));
    return { output: `namespace/${name} created` };
  }
  const labels = { ...labelsOf(manifest), [NAMESPACE_NAME_LABEL]: name };
  if (sameLabels(labels, existing.metadata.labels)) return { output: `namespace/${name} unchanged` };
  existing.metadata.labels = labels;
  existing.metadata.resourceVersion = cluster.nextResourceVersion();
  return { output: `namespace/${name} configured` };
}

/** kubectl's whole output for a single failed namespace create (`kubectl create namespace`). */
export function formatNamespaceFailure(result: ApplyResult): string {
  return result.failure ? formatKubectlErrors([result.failure]) : result.output;
}
