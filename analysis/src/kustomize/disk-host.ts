// A KustomizeHost reading the disk, optionally with the editor's unsaved buffers over it.
import { readFileSync, statSync } from 'node:fs';
import type { KustomizeHost } from './kustomization-tree';
import { isReadableForRender } from './load-restrictions';

/**
 * Reads files from disk; `buffers` (absolute path -> text) win over the disk. Only regular files up to
 * MAX_RENDER_FILE_BYTES are read: a symlink to /dev/zero or a FIFO reads as missing, never as endless text.
 */
export function diskHost(buffers: (path: string) => string | undefined = () => undefined): KustomizeHost {
  return {
    readText(path) {
      const buffered = buffers(path);
      if (buffered !== undefined) return buffered;
      try {
        return isReadableForRender(path) ? readFileSync(path, 'utf8') : undefined;
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

/**
 * The files as they were when first read (or when the editor opened them), kept across saves: the
 * baseline an edit is compared with when git has none. Auto-save writes every edit to disk within a
 * second, so a baseline read from the saved files would erase the change it is meant to show.
 */
export class FirstReadFiles {
  private readonly texts = new Map<string, string | undefined>();
  private readonly opened = new Map<string, string>();
  private readonly disk = diskHost();

  readonly host: KustomizeHost = {
    readText: (path) => this.read(path),
    // Generator sources (possibly binary) are copied from disk unless the editor showed their text.
    overrideText: (path) => this.opened.get(path),
    isDirectory: (path) => this.disk.isDirectory(path),
  };

  /** Keeps the text a document had when the editor opened it, unless the file was read before. */
  noteOpened(path: string, text: string): boolean {
    if (this.texts.has(path)) return false;
    this.texts.set(path, text);
    this.opened.set(path, text);
    return true;
  }

  private read(path: string): string | undefined {
    if (!this.texts.has(path)) this.texts.set(path, this.disk.readText(path));
    return this.texts.get(path);
  }
}
