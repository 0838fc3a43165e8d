// Reads the shared StatefulSet vectors (../shared/k8s/vectors/statefulset) for table tests.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Tests run from out/engine/test/statefulset: four levels up is the repository root.
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

/** Parsed JSON of one vector file. */
export function readVector<T>(file: string): T {
  const base = process.env.KUBESIM_SHARED ?? join(REPO_ROOT, '..', 'shared');
  const path = join(base, 'k8s', 'vectors', 'statefulset', file);
  if (!existsSync(path)) throw new Error(`vector ${path} not found; set KUBESIM_SHARED`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
