// One spelling per file URI, so editor URIs and URIs built from disk paths name the same entry.
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `file:` URIs re-encoded the way Node encodes paths; other schemes unchanged. */
export function normalizeUri(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return pathToFileURL(fileURLToPath(uri)).href;
  } catch {
    // Bad input: a malformed file: URI (e.g. with a host) keeps its own spelling.
    return uri;
  }
}

/** The local path of a `file:` URI, or undefined for other schemes. */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    // Bad input: a malformed file: URI has no local path.
    return undefined;
  }
}
