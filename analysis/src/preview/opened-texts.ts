// The manifests as they were when the editor first opened them in this session: the preview's base when git
// has none (or may not run). Saves, auto-save included, never replace an entry; closing the file does not
// either (reopening after an auto-save would otherwise erase the change). Bounded by size and count.
import { readSmallFile } from '../workspace/scan-folder';

/** Texts above this size are not kept (the preview then compares with git HEAD or a fresh create). */
const MAX_KEPT_CHARACTERS = 8 * 1024 * 1024;
/** At most this many characters in all; the oldest entries go first. */
const MAX_TOTAL_CHARACTERS = 64 * 1024 * 1024;
/** At most this many files; the oldest entries go first. */
const MAX_ENTRIES = 500;

/** The first text seen per document URI. */
export class OpenedTexts {
  private readonly texts = new Map<string, string>();
  private total = 0;

  /**
   * The editor opened `uri` with `bufferText`. The first open of a URI is kept; when the file is on disk
   * (`path`), its saved text replaces the buffer once read, since a buffer opened with unsaved edits (restored
   * by the editor, or opened before the server started) is not the version the user started from. The promise
   * settles when that read has.
   */
  async noteOpened(uri: string, bufferText: string, path?: string): Promise<void> {
    if (this.texts.has(uri)) return;
    this.keep(uri, bufferText);
    if (path === undefined) return;
    const saved = await readSmallFile(path);
    if (saved !== undefined && this.texts.get(uri) === bufferText) this.keep(uri, saved);
  }

  /** The text `uri` had when it was first opened, if it was and is still kept. */
  textOf(uri: string): string | undefined {
    return this.texts.get(uri);
  }

  private keep(uri: string, text: string): void {
    this.drop(uri);
    if (text.length > MAX_KEPT_CHARACTERS) return;
    this.texts.set(uri, text);
    this.total += text.length;
    for (const oldest of this.texts.keys()) {
      if (this.total <= MAX_TOTAL_CHARACTERS && this.texts.size <= MAX_ENTRIES) break;
      this.drop(oldest);
    }
  }

  private drop(uri: string): void {
    const text = this.texts.get(uri);
    if (text === undefined) return;
    this.total -= text.length;
    this.texts.delete(uri);
  }
}
