// Entry of `kubesim check`'s worker threads: parses the pieces of files the main thread sends (their text and the
// cluster each is checked against) and answers each object's API-server verdict (and the pods a StatefulSet's name check builds), so the verdicts of a large
// run are computed on every core while the main thread parses and runs the cross-object checks. Bundled as
// dist/cli-check-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import type { ClusterSpec } from '@kubesim/engine';
import { parseManifestFile, workerVerdictsOf, type WorkerVerdicts } from '@kubesim/analysis';

/**
 * A batch of pieces of files (whole documents) to check, each with the cluster the main thread resolved for its file.
 * A piece's text travels as its UTF-8 bytes, handed over rather than copied (copying a string into a message cost the
 * main thread 0.6 s of 18 s for 2,000 files); a text read from a file has no lone surrogate, so it decodes to the very same
 * string (a byte order mark included).
 */
export interface VerdictRequest {
  id: number;
  files: { bytes: Uint8Array; cluster: ClusterSpec }[];
}

/** Per piece of the request, in order: what workerVerdictsOf computed. */
export interface VerdictReply {
  id: number;
  verdicts: WorkerVerdicts[];
}

// The main thread's file size limit (the CLI's), so a piece is read exactly as the main thread reads its file.
const maxChars = (workerData as { maxChars: number } | undefined)?.maxChars;

parentPort?.on('message', (request: VerdictRequest) => {
  // Each piece is parsed, checked and dropped: the worker holds one batch at a time.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const verdicts = request.files.map(({ bytes, cluster }) => workerVerdictsOf(parseManifestFile(decoder.decode(bytes), undefined, maxChars), cluster));
  parentPort!.postMessage({ id: request.id, verdicts } satisfies VerdictReply);
});
