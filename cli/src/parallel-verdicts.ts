// `kubesim check` on every core: worker threads compute the API-server verdicts of the files, piece by piece
// (a large file is cut at its `---` lines), taking pieces from the end of the run, while the main thread parses,
// indexes and checks from the front (the cross-object checks need the whole index, so they stay here). Before
// checking a file the main thread keeps the verdicts the workers sent for its pieces, computes those of the
// pieces no worker took, and waits for those under way; checkFile computes anything still missing, so the output
// never depends on the workers (a missing script or a failed worker only makes the run slower).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ClusterSpec } from '@kubesim/engine';
import { type ManifestFile, precomputeVerdicts, primeWorkerVerdicts, type WorkerVerdicts } from '@kubesim/analysis';
import type { VerdictReply, VerdictRequest } from './check-worker-main';

/** A run of whole documents of one file, starting at `offset` in its text. */
interface Piece {
  job: number;
  offset: number;
  text: string;
  /** Set while a worker computes it; resolved with its answer (undefined when the worker died). */
  pending?: Promise<WorkerVerdicts | undefined>;
  answer?: WorkerVerdicts;
  claimed?: boolean;
}

/** Below this much text a worker's start (loading the bundle, about 0.1 s) costs more than it saves. */
const MIN_PARALLEL_CHARS = 500_000;
/** A piece (and a worker's batch) holds about this much text: a few dozen objects, so the work is shared out finely. */
const PIECE_CHARS = 40_000;
const MAX_WORKERS = 3;
/**
 * The share of the run's text the workers are handed at the start (between them), as batches they take one after the
 * other: the main thread parses every file before it checks the first (a single large file in one go, without a look
 * at the workers' replies), and a worker holding a single batch would wait for the next all that time.
 */
const FIRST_SHARE = 0.3;
/** Batches a worker holds once its first share is done: its next one is there when it answers. */
const BATCHES_AHEAD = 2;

/**
 * How many workers: `KUBESIM_CHECK_WORKERS` when set (0 turns them off; any count also holds for a small
 * run, which tests use), else one fewer than the cores (at most MAX_WORKERS) when the run is large.
 */
function workerCount(totalChars: number): number {
  const chosen = process.env.KUBESIM_CHECK_WORKERS;
  if (chosen !== undefined && chosen !== '' && Number.isInteger(Number(chosen))) return Math.max(0, Math.min(MAX_WORKERS, Number(chosen)));
  if (totalChars < MIN_PARALLEL_CHARS) return 0;
  return Math.max(0, Math.min(MAX_WORKERS, availableParallelism() - 1));
}

// The bundle keeps the worker beside cli.js; compiled sources keep it beside this file.
function workerScript(): string | undefined {
  return [join(__dirname, 'cli-check-worker.js'), join(__dirname, 'check-worker-main.js')].find((candidate) => existsSync(candidate));
}

// A text cut before `---` lines into runs of about PIECE_CHARS (a document longer than that is one piece).
function piecesOf(job: number, text: string): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  while (text.length - start > PIECE_CHARS) {
    const separator = /^---/gm;
    separator.lastIndex = start + PIECE_CHARS;
    const cut = separator.exec(text)?.index;
    if (cut === undefined) break;
    pieces.push({ job, offset: start, text: text.slice(start, cut) });
    start = cut;
  }
  pieces.push({ job, offset: start, text: start === 0 ? text : text.slice(start) });
  return pieces;
}

export class ParallelVerdicts {
  private readonly workers = new Map<Worker, Map<number, (answers: WorkerVerdicts[] | undefined) => void>>();
  private readonly pieces: Piece[] = [];
  private readonly piecesByJob: Piece[][];
  private nextId = 1;
  /** The next piece a worker takes, counting down from the end. */
  private back: number;

  /**
   * `jobs`: each file's text (the one the main thread parses) and its cluster; `maxChars`: the main thread's file
   * size limit (a file over it has no documents to check).
   */
  constructor(
    private readonly jobs: readonly { text: string; cluster: ClusterSpec }[],
    maxChars: number,
  ) {
    const totalChars = jobs.reduce((sum, job) => sum + job.text.length, 0);
    const count = workerCount(totalChars);
    const script = count > 0 ? workerScript() : undefined;
    this.piecesByJob = jobs.map((job, index) => (script === undefined || job.text.length > maxChars ? [] : piecesOf(index, job.text)));
    for (const pieces of this.piecesByJob) this.pieces.push(...pieces);
    this.back = this.pieces.length - 1;
    if (script === undefined) return;
    for (let i = 0; i < count; i++) {
      try {
        const worker = new Worker(script, { workerData: { maxChars } });
        this.workers.set(worker, new Map());
        worker.on('message', (reply: VerdictReply) => this.receive(worker, reply));
        worker.on('error', () => this.drop(worker));
        worker.on('exit', () => this.drop(worker));
        const firstBatches = Math.max(BATCHES_AHEAD, Math.ceil((totalChars * FIRST_SHARE) / count / PIECE_CHARS));
        for (let batch = 0; batch < firstBatches; batch++) this.sendBatch(worker);
      } catch {
        // No worker: the main thread computes every verdict, as it does for a small run.
        break;
      }
    }
  }

  /**
   * Makes job `index`'s verdicts known before it is checked: keeps what the workers sent, computes the pieces
   * no worker has taken (for a file of several pieces; a one-piece file is left to checkFile), waits for the
   * pieces under way. The pieces are claimed one by one, from the front: a worker may still take those behind.
   */
  async prepare(index: number, file: ManifestFile): Promise<void> {
    const pieces = this.piecesByJob[index] ?? [];
    if (pieces.length === 0) return;
    const { cluster } = this.jobs[index]!;
    for (const piece of pieces) {
      // Let the workers' replies in (and hand them more pieces from the end) between two pieces; the pieces not
      // yet claimed stay theirs to take, so a large file's pieces are shared out to the last one.
      await new Promise((resolve) => setImmediate(resolve));
      piece.claimed = true;
      if (piece.pending) piece.answer ??= await piece.pending;
      if (piece.answer) primeWorkerVerdicts(file, cluster, piece.answer, piece.offset);
      else if (pieces.length > 1) precomputeVerdicts(file, cluster, piece.offset, piece.offset + piece.text.length);
    }
  }

  /** Stops the workers (their unfinished batches are not needed any more). */
  dispose(): void {
    for (const worker of [...this.workers.keys()]) {
      this.drop(worker);
      worker.removeAllListeners();
      void worker.terminate();
    }
  }

  private sendBatch(worker: Worker): void {
    const batch: Piece[] = [];
    let chars = 0;
    while (this.back >= 0 && chars < PIECE_CHARS) {
      const piece = this.pieces[this.back]!;
      // The main thread works from the front: once it has claimed a piece, every piece before it is its own too.
      if (piece.claimed) {
        this.back = -1;
        break;
      }
      batch.push(piece);
      chars += piece.text.length;
      this.back--;
    }
    if (batch.length === 0) return;
    const id = this.nextId++;
    const answered = new Promise<WorkerVerdicts[] | undefined>((resolve) => this.workers.get(worker)?.set(id, resolve));
    batch.forEach((piece, i) => (piece.pending = answered.then((answers) => answers?.[i])));
    const encoder = new TextEncoder();
    const files = batch.map((piece) => ({ bytes: encoder.encode(piece.text), cluster: this.jobs[piece.job]!.cluster }));
    worker.postMessage(
      { id, files } satisfies VerdictRequest,
      files.map((file) => file.bytes.buffer),
    );
  }

  private receive(worker: Worker, reply: VerdictReply): void {
    const waiting = this.workers.get(worker);
    waiting?.get(reply.id)?.(reply.verdicts);
    waiting?.delete(reply.id);
    this.sendBatch(worker);
  }

  // A dead worker answers nothing: its pieces resolve empty and the main thread computes them.
  private drop(worker: Worker): void {
    const waiting = this.workers.get(worker);
    this.workers.delete(worker);
    for (const resolve of waiting?.values() ?? []) resolve(undefined);
  }
}
