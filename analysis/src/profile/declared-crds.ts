// The CustomResourceDefinitions a `.kubesim.yaml` lists under `crds:` (files, or folders read recursively for
// `.yaml`/`.yml`/`.json` files), for CRDs kept in another repository and vendored or downloaded by the team.
// Read from disk once per file version (path and modification time); nothing is fetched.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isCustomResourceDefinition, isJsonObject, type CrdSourceObject, type ReadonlyJsonObject } from '@kubesim/engine';
import { readManifestFileSync } from '../read-manifest-file';

/** At most this many files are read under one declared folder. */
const MAX_FILES_PER_FOLDER = 2000;

const readings = new Map<string, { mtimeMs: number; definitions: CrdSourceObject[] }>();

/** The definitions found at the declared paths (absolute); unreadable paths and other kinds are skipped. */
export function declaredCrdObjects(paths: readonly string[]): CrdSourceObject[] {
  const definitions: CrdSourceObject[] = [];
  for (const path of paths) for (const file of manifestFilesAt(path)) definitions.push(...definitionsIn(file));
  return definitions;
}

function manifestFilesAt(path: string): string[] {
  try {
    const stat = statSync(path);
    if (stat.isFile()) return [path];
    if (!stat.isDirectory()) return [];
  } catch {
    return []; // A declared path that does not exist declares nothing; the profile's diagnostics name it.
  }
  const files: string[] = [];
  const pending = [path];
  while (pending.length > 0 && files.length < MAX_FILES_PER_FOLDER) {
    const folder = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // An unreadable folder is skipped.
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.')) pending.push(join(folder, entry.name));
      else if (entry.isFile() && /\.(ya?ml|json)$/.test(entry.name)) files.push(join(folder, entry.name));
    }
  }
  return files.sort();
}

function definitionsIn(path: string): CrdSourceObject[] {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return [];
  }
  const cached = readings.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return cached.definitions;
  const definitions: CrdSourceObject[] = [];
  try {
    for (const document of parseAllDocuments(readManifestFileSync(path))) {
      if (!('toJS' in document) || document.errors.length > 0) continue;
      const value: unknown = document.toJS({ maxAliasCount: 100 });
      if (isJsonObject(value) && isCustomResourceDefinition(value as ReadonlyJsonObject))
        definitions.push({ value: Object.freeze(value) as ReadonlyJsonObject, source: path });
    }
  } catch {
    // An unreadable or malformed file declares no definition.
  }
  readings.set(path, { mtimeMs, definitions });
  return definitions;
}
