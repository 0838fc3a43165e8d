// `kubesim check` on the cores V8's own threads leave free (none on two cores, analysis/src/worker-cores.ts): worker
// threads read files and compute their API-server verdicts piece by piece (a large file is cut before its documents),
// taking pieces from the end of the run, while the main thread reads from the front; the main thread keeps what the
// workers read (piece-reading.ts) and then runs the cross-object checks, which need the whole index. A piece no worker
// took, or one a worker failed on, is read on the main thread, so the output never depends on the workers (a missing
// script or a failed worker only makes the run slower). Without workers every piece is read here, kept compact.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ClusterSpec } from '@kubesim/engine';
import {
  coresForWorkerThreads,
  documentsOfPiece,
  type FilePiece,
  type ManifestDocument,
  type ManifestFile,
  parseManifestFile,
  type PieceReading,
  piecesOfFile,
} from '@kubesim/analysis';
import type { PieceReply, PieceRequest } from './check-worker-main';

/** A piece of a file, with the worker's answer once one took it. */
interface Piece extends FilePiece {
  job: number;
  /** Set while a worker reads it; resolved with its answer (undefined when the worker died). */
  pending?: Promise<PieceReading | undefined>;
  claimed?: boolean;
}

/** Below this much text a worker's start (loading the bundle, about 0.1 s) costs more than it saves. */
const MIN_PARALLEL_CHARS = 500_000;
/** A piece (and a worker's batch) holds about this much text: a few dozen objects, so the work is shared out finely. */
const PIECE_CHARS = 40_000;
const MAX_WORKERS = 3;
/** Batches a worker holds: its next one is there when it answers. */
const BATCHES_AHEAD = 2;

/**
 * How many workers: `KUBESIM_CHECK_WORKERS` when set (0 turns them off; any count also holds for a small
 * run, which tests use), else, for a large run, one for each core V8's own threads leave (none on two cores; at
 * most MAX_WORKERS). `totalChars` is asked only when a worker could start.
 */
function workerCount(totalChars: () => number): number {
  const chosen = process.env.KUBESIM_CHECK_WORKERS;
  if (chosen !== undefined && chosen !== '' && Number.isInteger(Number(chosen))) return Math.max(0, Math.min(MAX_WORKERS, Number(chosen)));
  const spare = Math.min(MAX_WORKERS, coresForWorkerThreads());
  return spare > 0 && totalChars() >= MIN_PARALLEL_CHARS ? spare : 0;
}

// The bundle keeps the worker beside cli.js; compiled sources keep it beside this file.
function workerScript(): string | undefined {
  return [join(__dirname, 'cli-check-worker.js'), join(__dirname, 'check-worker-main.js')].find((candidate) => existsSync(candidate));
}

/** Worker threads started ahead of a run; those that ended before it began are left out. */
interface ReadingWorkers {
  readonly started: readonly Worker[];
  readonly ended: ReadonlySet<Worker>;
}

/**
 * The worker threads for a run of about `expectedChars` (none for a small one), started before the files are read: a
 * worker loads its bundle (about 0.1 s) while this thread reads the files.
 */
export function startReadingWorkers(expectedChars: () => number): ReadingWorkers {
  const started: Worker[] = [];
  const ended = new Set<Worker>();
  const count = workerCount(expectedChars);
  const script = count > 0 ? workerScript() : undefined;
  for (let i = 0; script !== undefined && i < count; i++) {
    try {
      const worker = new Worker(script);
      // Until the run takes it over: a worker that fails to start is left out, never an uncaught error here.
      worker.on('error', () => ended.add(worker));
      worker.on('exit', () => ended.add(worker));
      started.push(worker);
    } catch {
      // No worker: the main thread reads everything, as it does for a small run.
      break;
    }
  }
  return { started, ended };
}

export class ParallelReading {
  private readonly workers = new Map<Worker, Map<number, (answers: PieceReading[] | undefined) => void>>();
  private readonly pieces: Piece[] = [];
  private readonly piecesByJob: Piece[][];
  private nextId = 1;
  /** The next piece a worker takes, counting down from the end. */
  private back: number;

  /**
   * `jobs`: each file's text and its cluster; `maxChars`: the file size limit (a file over it is one problem, no
   * documents).
   */
  constructor(
    private readonly jobs: readonly { text: string; cluster: ClusterSpec }[],
    private readonly maxChars: number,
    workers: ReadingWorkers,
  ) {
    this.piecesByJob = jobs.map((job, index) => piecesOfFile(job.text, PIECE_CHARS, maxChars).map((piece) => ({ ...piece, job: index })));
    for (const pieces of this.piecesByJob) this.pieces.push(...pieces);
    this.back = this.pieces.length - 1;
    for (const worker of workers.started) {
      if (workers.ended.has(worker)) continue;
      this.workers.set(worker, new Map());
      worker.on('message', (reply: PieceReply) => this.receive(worker, reply));
      worker.on('error', () => this.drop(worker));
      worker.on('exit', () => this.drop(worker));
      for (let batch = 0; batch < BATCHES_AHEAD; batch++) this.sendBatch(worker);
    }
  }

  /**
   * Job `index`'s file, read: the pieces a worker read are kept, those no worker has taken are read here (claimed one
   * by one from the front, while the workers take more from the end), those under way are waited for.
   */
  async file(index: number): Promise<ManifestFile> {
    const { text, cluster } = this.jobs[index]!;
    const pieces = this.piecesByJob[index] ?? [];
    // Over the size limit: parseManifestFile's one problem.
    if (pieces.length === 0) return parseManifestFile(text, undefined, this.maxChars);
    const documents: ManifestDocument[] = [];
    for (const piece of pieces) {
      // Let the workers' replies in (and hand them more pieces from the end) between two pieces.
      if (this.workers.size > 0) await new Promise((resolve) => setImmediate(resolve));
      piece.claimed = true;
      const reading = piece.pending ? await piece.pending : undefined;
      documents.push(...documentsOfPiece(text, piece, documents.length, cluster, reading));
    }
    return { text, documents };
  }

  /** Stops the workers (their unfinished batches are not needed any more). */
  dispose(): void {
    for (const worker of [...this.workers.keys()]) this.drop(worker);
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
    const answered = new Promise<PieceReading[] | undefined>((resolve) => this.workers.get(worker)?.set(id, resolve));
    batch.forEach((piece, i) => (piece.pending = answered.then((answers) => answers?.[i])));
    const encoder = new TextEncoder();
    const pieces = batch.map((piece) => ({ bytes: encoder.encode(piece.text), cluster: this.jobs[piece.job]!.cluster }));
    worker.postMessage(
      { id, pieces } satisfies PieceRequest,
      pieces.map((piece) => piece.bytes.buffer),
    );
  }

  private receive(worker: Worker, reply: PieceReply): void {
    const waiting = this.workers.get(worker);
    waiting?.get(reply.id)?.(reply.readings);
    waiting?.delete(reply.id);
    this.sendBatch(worker);
  }

  // A dead worker answers nothing: its pieces resolve empty and the main thread reads them.
  private drop(worker: Worker): void {
    const waiting = this.workers.get(worker);
    this.workers.delete(worker);
    for (const resolve of waiting?.values() ?? []) resolve(undefined);
    stopWorker(worker);
  }
}

/** Ends a worker thread and forgets it (a run that ended, or one that never needed it). */
export function stopWorker(worker: Worker): void {
  worker.removeAllListeners();
  void worker.terminate();
}
