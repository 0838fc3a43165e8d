// Reads a manifest from disk for the CLI and the server, refusing what is not one: the path is
// stat'ed before it is opened (opening a FIFO blocks until a writer comes; a device such as /dev/zero
// never ends), opened non-blocking and checked again on the descriptor (the file may have been swapped
// meanwhile), and read only up to the size limit (a /proc file says it is empty and is not).
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';

/** The largest manifest file kubesim reads (the real install bundles we know are below 10 MB). */
export const MAX_MANIFEST_FILE_BYTES = 32 * 1024 * 1024;

/**
 * A path that cannot be read as a manifest; `message` is "cannot read PATH: reason". `code` is the
 * system error's (ENOENT, EIO, ...), or `ENOTREGULAR` / `ETOOLARGE` for kubesim's own refusals.
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly code: string,
  ) {
    super(`cannot read ${path}: ${reason}`);
  }
}

// O_NONBLOCK makes opening a FIFO return at once (Windows has no FIFOs and no such flag).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK_BYTES = 1024 * 1024;
const LAST_CHUNK_BYTES = 16 * 1024;

/**
 * How much the next read asks for: what the file said it holds (and one byte more, to see it end), then a small
 * read that finds the end; past the size it said (a file growing meanwhile, a /proc file saying 0 bytes), 1 MiB
 * at a time. (Two 1 MiB buffers per 6 KB manifest made indexing a workspace allocate gigabytes.)
 */
function chunkBytes(reported: number, total: number): number {
  if (total < reported) return Math.min(CHUNK_BYTES, reported - total + 1);
  return total === reported ? LAST_CHUNK_BYTES : CHUNK_BYTES;
}

const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  EIO: 'input/output error',
  EINVAL: 'invalid argument',
  ENXIO: 'no such device or address',
  ENAMETOOLONG: 'file name too long',
  EAGAIN: 'resource temporarily unavailable',
};

/** The text of the file at `path`. Throws UnreadableFileError, never blocks. */
export function readManifestFileSync(path: string, maxBytes = MAX_MANIFEST_FILE_BYTES): string {
  try {
    refuseUnlessReadable(path, statSync(path), maxBytes);
    const descriptor = openSync(path, OPEN_FLAGS);
    try {
      const stats = fstatSync(descriptor);
      refuseUnlessReadable(path, stats, maxBytes);
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const bytes = chunkBytes(stats.size, total);
        const chunk = Buffer.allocUnsafe(bytes);
        const read = readSync(descriptor, chunk, 0, bytes, null);
        if (read === 0) break;
        total += read;
        if (total > maxBytes) throw tooLarge(path, maxBytes);
        chunks.push(read === bytes ? chunk : chunk.subarray(0, read));
        // The whole size the file said it holds, and less than asked: its end (no second read to see it).
        if (read < bytes && total === stats.size && total > 0) break;
      }
      return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, total).toString('utf8');
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    throw asUnreadable(path, error);
  }
}

/** The text of the file at `path`, read asynchronously. Throws UnreadableFileError, never blocks. */
export async function readManifestFile(path: string, maxBytes = MAX_MANIFEST_FILE_BYTES): Promise<string> {
  try {
    refuseUnlessReadable(path, await stat(path), maxBytes);
    const handle = await open(path, OPEN_FLAGS);
    try {
      const stats = await handle.stat();
      refuseUnlessReadable(path, stats, maxBytes);
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const bytes = chunkBytes(stats.size, total);
        const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(bytes), 0, bytes, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total > maxBytes) throw tooLarge(path, maxBytes);
        chunks.push(buffer.subarray(0, bytesRead));
        if (bytesRead < bytes && total === stats.size && total > 0) break;
      }
      return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, total).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw asUnreadable(path, error);
  }
}

function refuseUnlessReadable(path: string, stats: Stats, maxBytes: number): void {
  if (stats.isDirectory()) throw new UnreadableFileError(path, 'is a directory, not a file', 'EISDIR');
  if (!stats.isFile()) throw new UnreadableFileError(path, 'not a regular file (a FIFO, socket or device): kubesim reads only regular files', 'ENOTREGULAR');
  if (stats.size > maxBytes) throw tooLarge(path, maxBytes, stats.size);
}

function tooLarge(path: string, maxBytes: number, size?: number): UnreadableFileError {
  const mebibyte = 1024 * 1024;
  const limit = maxBytes % mebibyte === 0 ? `${maxBytes / mebibyte} MiB` : `${maxBytes} bytes`;
  return new UnreadableFileError(path, `larger than kubesim's limit of ${limit}${size === undefined ? '' : ` (${size} bytes)`}`, 'ETOOLARGE');
}

/** The error as an UnreadableFileError: a system error's code said in words. */
export function asUnreadable(path: string, error: unknown): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return new UnreadableFileError(path, SYSTEM_ERRORS[code] ?? code, code);
  return new UnreadableFileError(path, error instanceof Error ? error.message : String(error), 'EUNKNOWN');
}
