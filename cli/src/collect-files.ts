// Expands the CLI's FILE|DIR arguments into the YAML/JSON files to read, in a stable order.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MANIFEST_FILE = /\.(ya?ml|json)$/i;
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

/** Files named directly are kept whatever their extension; directories are walked for YAML/JSON and `Kustomization` files. */
export function collectFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (statSync(path).isDirectory()) walk(path, files);
    else files.push(path);
  }
  return files;
}

function walk(directory: string, files: string[]): void {
  for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path, files);
    } else if (MANIFEST_FILE.test(entry.name) || entry.name === 'Kustomization') {
      files.push(path);
    }
  }
}
