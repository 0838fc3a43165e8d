// Finds the YAML files of a workspace folder at startup, skipping dependency and VCS folders.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readManifestFile } from '../read-manifest-file';
import { fileUriOfPath } from './file-uri';

/** Folders never walked into. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
/**
 * Closed files larger than this are not indexed: not manifests anyone edits by hand (and they would slow
 * every check). Below the reading limit of every reader, read-manifest-file.ts's MAX_MANIFEST_FILE_BYTES.
 */
const MAX_FILE_BYTES = 1024 * 1024;
/** A folder with more YAML files than this is indexed only up to the limit. */
const MAX_FILES = 5000;

/**
 * Hears a file or folder that exists but cannot be read (permissions, I/O): the server logs it. A
 * path that is gone (deleted meanwhile) is not a failure and is not reported.
 */
type ReadFailure = (path: string, error: unknown) => void;

const ignoreFailure: ReadFailure = () => undefined;

function reportUnlessGone(path: string, error: unknown, onFailure: ReadFailure): void {
  const code = (error as { code?: string }).code;
  if (code !== 'ENOENT' && code !== 'ENOTDIR') onFailure(path, error);
}

/** Calls `onFile(uri, text)` for each YAML file under `folder`, depth first. */
export async function scanFolder(
  folder: string,
  onFile: (uri: string, text: string) => void,
  onFailure: ReadFailure = ignoreFailure,
  limit = { remaining: MAX_FILES },
): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    reportUnlessGone(folder, error, onFailure);
    return;
  }
  for (const entry of entries) {
    if (limit.remaining <= 0) return;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await scanFolder(path, onFile, onFailure, limit);
    } else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) {
      const text = await readSmallFile(path, onFailure);
      if (text === undefined) continue;
      limit.remaining--;
      onFile(fileUriOfPath(path), text);
    }
  }
}

/**
 * The text of a regular file no larger than MAX_FILE_BYTES, or undefined (a larger one is skipped without a
 * report; a device or FIFO is refused before it is opened).
 */
export async function readSmallFile(path: string, onFailure: ReadFailure = ignoreFailure): Promise<string | undefined> {
  try {
    return await readManifestFile(path, MAX_FILE_BYTES);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ETOOLARGE') reportUnlessGone(path, error, onFailure);
    return undefined;
  }
}
