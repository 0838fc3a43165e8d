// Entry of `kubesim check`'s worker threads: reads the pieces of files the main thread sends (their text and the
// cluster each is checked against) and answers what it read and each object's API-server verdict (readPiece), so
// a large run is read and judged on every core while the main thread reads its own share and then runs the
// cross-object checks. Bundled as dist/cli-check-worker.js.
import { parentPort } from 'node:worker_threads';
import type { ClusterSpec } from '@kubesim/engine';
import { readPiece, type PieceReading } from '@kubesim/analysis';

/**
 * A batch of pieces of files (whole documents) to read, each with the cluster the main thread resolved for its file.
 * A piece's text travels as its UTF-8 bytes, handed over rather than copied (copying a string into a message cost the
 * main thread 0.6 s of 18 s for 2,000 files); a text read from a file has no lone surrogate, so it decodes to the very same
 * string (a byte order mark included).
 */
export interface PieceRequest {
  id: number;
  pieces: { bytes: Uint8Array; cluster: ClusterSpec }[];
}

/** Per piece of the request, in order: what readPiece made of it. */
export interface PieceReply {
  id: number;
  readings: PieceReading[];
}

parentPort?.on('message', (request: PieceRequest) => {
  // Each piece is read, judged and dropped: the worker holds one batch at a time.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const readings = request.pieces.map(({ bytes, cluster }) => readPiece(decoder.decode(bytes), cluster));
  parentPort!.postMessage({ id: request.id, readings } satisfies PieceReply);
});
