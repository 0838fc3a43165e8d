// A KustomizeHost reading the disk, optionally with the editor's unsaved buffers over it.
import { readFileSync, statSync } from 'node:fs';
import type { KustomizeHost } from './kustomization-tree';

/** Reads files from disk; `buffers` (absolute path -> text) win over the disk. */
export function diskHost(buffers: (path: string) => string | undefined = () => undefined): KustomizeHost {
  return {
    readText(path) {
      const buffered = buffers(path);
      if (buffered !== undefined) return buffered;
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    overrideText: buffers,
    isDirectory(path) {
      try {
        return statSync(path).isDirectory();
      } catch {
        return false;
      }
    },
  };
}
