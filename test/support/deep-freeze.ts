// Object.freeze all the way down: for tests that prove no code writes to a cached parsed value.
import type { ManifestFile } from '../../analysis/src/manifest/manifest-file';

/** Freezes `value` and everything reachable from it (cycles included); returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}

/** A parsed file, its documents, source trees, problems, objects and their values, all frozen. */
export function freezeManifestFile(file: ManifestFile): ManifestFile {
  return deepFreeze(file);
}
