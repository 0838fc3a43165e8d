// Finds the shared test vectors from out/engine/test/<dir> (or $KUBESIM_SHARED).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The path of a file under the shared folder. */
export function sharedVectorPath(...parts: string[]): string {
  const base = process.env.KUBESIM_SHARED ?? resolve(__dirname, '../../../../..', 'shared');
  return join(base, ...parts);
}

/** Parses a JSON file under the shared folder. */
export function readSharedJson<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(sharedVectorPath(...parts), 'utf8')) as T;
}
