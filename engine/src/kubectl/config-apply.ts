// `kubectl apply|create -f` of ConfigMaps and Secrets: admitted by the simulated API server (strict
// decoding, ValidateConfigMap/ValidateSecret and their update rules, immutability included), stored,
// and noted in the object history the kubelet reads when it starts a container. A Secret's
// `stringData` is folded into `data` as the API server's conversion does (pkg/apis/core/v1
// conversion.go Convert_v1_Secret_To_core_Secret: stringData keys overwrite data keys).
import { objectHistoryOf } from '../cluster/object-history';
import { encodeBase64, type ConfigMapObject, type SecretObject } from '../model/config-objects';
import type { JsonObject, KubernetesObject } from '../model/objects';
import { cloneJson } from '../model/clone';
import { admitObject } from '../apiserver/admission';
import { creatingFrom } from './api-errors';
import type { ApplyHandler, ApplyResult } from './mutations';

function stringMap(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The stored shape of a manifest: data, binaryData (ConfigMap), type (Opaque by default) and stringData folded (Secret).
function storedBody(manifest: KubernetesObject): Omit<ConfigMapObject, 'metadata'> | Omit<SecretObject, 'metadata'> {
  const raw = manifest as unknown as Record<string, unknown>;
  const immutable = raw.immutable === true ? { immutable: true } : {};
  if ((manifest.kind as string) === 'ConfigMap') {
    const data = stringMap(raw.data);
    const binaryData = stringMap(raw.binaryData);
    return { apiVersion: 'v1', kind: 'ConfigMap', ...(data ? { data } : {}), ...(binaryData ? { binaryData } : {}), ...immutable };
  }
  const data = { ...(stringMap(raw.data) ?? {}) };
  for (const [key, value] of Object.entries(stringMap(raw.stringData) ?? {})) data[key] = encodeBase64(value);
  const type = typeof raw.type === 'string' && raw.type !== '' ? raw.type : 'Opaque';
  return { apiVersion: 'v1', kind: 'Secret', type, ...(Object.keys(data).length > 0 || raw.data !== undefined ? { data } : {}), ...immutable };
}

/** Applies or creates one ConfigMap or Secret; kubectl's line for it. */
export const applyConfigObject: ApplyHandler = (cluster, manifest, options): ApplyResult => {
  const kind = manifest.kind as string as 'ConfigMap' | 'Secret';
  const store = kind === 'ConfigMap' ? cluster.configMaps : cluster.secrets;
  const name = manifest.metadata.name;
  const namespace = manifest.metadata.namespace ?? 'default';
  const existing = store.get(name, namespace);
  const resource = `${kind.toLowerCase()}/${name}`;
  if (existing && options.mode === 'create') {
    const text = `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": ${kind.toLowerCase()}s "${name}" already exists`;
    return { output: '', error: true, failure: { text } };
  }
  const rejection = admitObject(manifest as unknown as JsonObject, existing as unknown as JsonObject | undefined, cluster.spec);
  if (rejection) {
    // kubectl apply of an existing object patches it; the patch text it would quote is not simulated.
    const request = existing ? undefined : creatingFrom(options.fileName);
    return { output: '', error: true, failure: { rejection, ...(request === undefined ? {} : { request }) } };
  }
  const body = storedBody(manifest);
  const labels = manifest.metadata.labels ? { labels: { ...manifest.metadata.labels } } : {};
  const annotations = manifest.metadata.annotations ? { annotations: { ...manifest.metadata.annotations } } : {};
  let stored: ConfigMapObject | SecretObject;
  if (existing) {
    const { metadata, ...before } = existing;
    if (sameJson(before, body) && sameJson(metadata.labels, labels.labels) && sameJson(metadata.annotations, annotations.annotations))
      return { output: `${resource} unchanged` };
    const kept = cloneJson(metadata);
    delete kept.labels;
    delete kept.annotations;
    stored = { ...body, metadata: { ...kept, ...labels, ...annotations, resourceVersion: cluster.nextResourceVersion() } } as ConfigMapObject | SecretObject;
  } else {
    const metadata = { ...cluster.newObjectMeta(name, namespace), ...labels, ...annotations };
    delete metadata.generation;
    stored = { ...body, metadata } as ConfigMapObject | SecretObject;
  }
  if (stored.kind === 'ConfigMap') cluster.configMaps.put(stored);
  else cluster.secrets.put(stored);
  objectHistoryOf(cluster).record(kind, namespace, name, stored, cluster.now);
  return { output: `${resource} ${existing ? 'configured' : 'created'}` };
};
