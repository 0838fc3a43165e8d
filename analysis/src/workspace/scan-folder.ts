// Finds the YAML files of a workspace folder at startup, skipping dependency and VCS folders.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Folders never walked into. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
/** Files larger than this are not manifests anyone edits by hand (and would slow every check). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** A folder with more YAML files than this is indexed only up to the limit. */
export const MAX_FILES = 5000;

/** Calls `onFile(uri, text)` for each YAML file under `folder`, depth first. */
export async function scanFolder(folder: string, onFile: (uri: string, text: string) => void, limit = { remaining: MAX_FILES }): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (limit.remaining <= 0) return;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await scanFolder(path, onFile, limit);
    } else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) {
      const text = await readSmallFile(path);
      if (text === undefined) continue;
      limit.remaining--;
      onFile(pathToFileURL(path).href, text);
    }
  }
}

/** The text of a file no larger than MAX_FILE_BYTES, or undefined. */
export async function readSmallFile(path: string): Promise<string | undefined> {
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}
