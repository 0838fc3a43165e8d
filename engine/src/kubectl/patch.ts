// The patches `kubectl patch` sends, applied as the API server applies them: a JSON merge patch
// (RFC 7386, `--type merge`) and a strategic merge patch (the default), whose lists of objects with a
// patch merge key (containers by name, container ports by containerPort, volume mounts by mountPath,
// ...) merge entry by entry instead of being replaced. Follows apimachinery's jsonpatch.MergePatch and
// strategicpatch.StrategicMergePatch for the fields of a workload's pod template.
import type { JsonObject, JsonValue } from '../model/objects';

// patchMergeKey of the list fields a pod template holds (k8s.io/api core/v1 struct tags).
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  volumes: 'name',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  resourceClaims: 'name',
  topologySpreadConstraints: 'topologyKey',
};

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Applies `patch` to `target` (neither is changed); `strategic` merges keyed lists. */
export function applyPatch(target: JsonValue, patch: JsonValue, strategic: boolean): JsonValue {
  if (!isObject(patch)) return patch;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
      continue;
    }
    const mergeKey = strategic ? MERGE_KEYS[key] : undefined;
    const current = result[key];
    if (mergeKey && Array.isArray(value) && Array.isArray(current)) result[key] = mergeList(current, value, mergeKey);
    else result[key] = isObject(value) ? applyPatch(current, value, strategic) : value;
  }
  return result;
}

// A keyed list: patch entries update the entry with the same key (or are appended); `$patch: delete` removes it.
function mergeList(current: JsonValue[], patch: JsonValue[], mergeKey: string): JsonValue[] {
  const merged = [...current];
  for (const entry of patch) {
    if (!isObject(entry) || entry[mergeKey] === undefined) {
      merged.push(entry);
      continue;
    }
    const index = merged.findIndex((candidate) => isObject(candidate) && candidate[mergeKey] === entry[mergeKey]);
    if (entry.$patch === 'delete') {
      if (index >= 0) merged.splice(index, 1);
      continue;
    }
    if (index >= 0) merged[index] = applyPatch(merged[index], entry, true);
    else merged.push(entry);
  }
  return merged;
}
