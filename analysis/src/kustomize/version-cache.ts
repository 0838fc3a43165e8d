// What kustomize (or kubectl) answered when asked for its version, remembered on disk per binary:
// `kubectl version --client -o json` takes 0.2-0.4 s, and `kubesim --version`, `kubesim check` on a
// kustomization and every server start would otherwise each pay it. The answer is kept while the
// binary's path, size and modification time stay the same (an upgrade replaces the file).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface RememberedVersion {
  key: string;
  output: string;
}

const CACHE_FILE = 'kubesim-kustomize-versions.json';
const MAX_ENTRIES = 16;

// `folder`: the temporary folder kustomize-process.ts names (the one file here that asks the OS for it).
function cachePath(folder: string): string {
  return join(process.env.KUBESIM_CACHE_DIR ?? folder, CACHE_FILE);
}

// The binary's identity: its path, arguments, size and modification time; undefined when it cannot be stat'ed.
function keyOf(command: string, args: readonly string[]): string | undefined {
  try {
    const stat = statSync(command);
    return JSON.stringify([command, args, stat.size, stat.mtimeMs]);
  } catch {
    // A command that cannot be stat'ed (a bare name, a missing file) is asked every time.
    return undefined;
  }
}

function readEntries(folder: string): RememberedVersion[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(cachePath(folder), 'utf8'));
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is RememberedVersion => typeof entry?.key === 'string' && typeof entry?.output === 'string')
      : [];
  } catch {
    // No cache yet, or one another process is writing: ask the binary.
    return [];
  }
}

/** The version output remembered for this binary and arguments, if any. */
export function rememberedVersion(command: string, args: readonly string[], folder: string): string | undefined {
  const key = keyOf(command, args);
  return key === undefined ? undefined : readEntries(folder).find((entry) => entry.key === key)?.output;
}

/** Remembers a non-empty version output; returns it. */
export function rememberVersion(command: string, args: readonly string[], output: string, folder: string): string {
  const key = keyOf(command, args);
  if (key === undefined || output === '') return output;
  const entries = [{ key, output }, ...readEntries(folder).filter((entry) => entry.key !== key)].slice(0, MAX_ENTRIES);
  try {
    writeFileSync(cachePath(folder), JSON.stringify(entries));
  } catch {
    // A read-only temporary folder: the version is asked again next time, nothing else changes.
  }
  return output;
}
