// The first check of a large file where a worker thread has a core of its own (coresForWorkerThreads: not on two
// cores): half of its objects go to a worker thread (their JSON is all it needs), the other half are checked here
// meanwhile; the verdicts then sit in the per-object cache, and checkFile places them on the source. Edits re-check
// one object and never come here. Without a worker (too few cores, missing script, a failure) everything is checked
// on this thread.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ClusterSpec } from '@kubesim/engine';
import { coresForWorkerThreads, type ManifestFile, precheckObject, primeObjectFindings, uncheckedObjects } from '@kubesim/analysis';
import type { CheckReply, CheckRequest } from './check-worker-main';
import { describeError, type Log } from './server-log';

/** Below this many unchecked objects a worker round trip costs more than it saves. */
const MIN_OBJECTS = 200;
/**
 * Share of the objects sent to the worker. The main thread also copies them over and places every
 * finding, but two threads each run slower than one alone; an even split measured best (0.4 was no better).
 */
const WORKER_SHARE = 0.5;

// The bundle keeps the worker beside server.js; compiled sources keep it beside this file.
// KUBESIM_CHECK_WORKER names another script (to debug the worker, or to make it fail in a test); it starts whatever
// the cores.
function workerScripts(): string[] {
  const override = process.env.KUBESIM_CHECK_WORKER;
  return override ? [override] : [join(__dirname, 'check-worker.js'), join(__dirname, 'check-worker-main.js')];
}

export class ParallelChecks {
  private worker: Worker | undefined;
  private unavailable = false;
  private nextId = 1;
  private readonly pending = new Map<number, (reply: CheckReply | undefined) => void>();
  private readonly inFlight = new WeakMap<ManifestFile, Promise<void>>();

  constructor(private readonly log: Log) {}

  /** Starts the worker early, so the first large file does not wait for it to load. */
  start(): void {
    this.workerOrUndefined();
  }

  /** True when `file` has enough unchecked objects for the worker to help. */
  wouldHelp(file: ManifestFile, cluster: ClusterSpec): boolean {
    if (this.workerOrUndefined() === undefined) return false;
    return this.inFlight.has(file) || uncheckedObjects(file, cluster).length >= MIN_OBJECTS;
  }

  /** Fills the per-object cache for `file` on `cluster`; resolves when every object has its verdict. */
  precheck(file: ManifestFile, cluster: ClusterSpec): Promise<void> {
    let running = this.inFlight.get(file);
    if (!running) {
      running = this.run(file, cluster).finally(() => this.inFlight.delete(file));
      this.inFlight.set(file, running);
    }
    return running;
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }

  // The worker and the main thread check for the same cluster as checkFile will, so their verdicts are the ones it reads.
  private async run(file: ManifestFile, cluster: ClusterSpec): Promise<void> {
    const unchecked = uncheckedObjects(file, cluster);
    const worker = this.workerOrUndefined();
    if (!worker || unchecked.length < MIN_OBJECTS) return;
    const split = Math.floor(unchecked.length * WORKER_SHARE);
    const sent = unchecked.slice(0, split);
    const items = sent.map(({ kind, object }) => ({ kind, value: object.value }));
    const reply = this.request(worker, { id: this.nextId++, cluster, items });
    for (const { kind, object } of unchecked.slice(split)) precheckObject(kind, object, cluster);
    const answer = await reply;
    for (const failure of answer?.failures ?? []) this.log.error(`the check worker failed on an object (checked again on the main thread): ${failure}`);
    sent.forEach(({ kind, object }, i) => {
      const verdict = answer?.verdicts[i];
      if (verdict) primeObjectFindings(kind, object, cluster, verdict);
    });
  }

  private request(worker: Worker, request: CheckRequest): Promise<CheckReply | undefined> {
    return new Promise((resolve) => {
      this.pending.set(request.id, resolve);
      worker.postMessage(request);
    });
  }

  private workerOrUndefined(): Worker | undefined {
    if (this.worker || this.unavailable) return this.worker;
    if (process.env.KUBESIM_CHECK_WORKER === undefined && coresForWorkerThreads() === 0) {
      this.unavailable = true;
      this.log.info("no check worker on two cores or fewer (V8's own threads keep the second busy); large files are checked on one thread");
      return undefined;
    }
    const scripts = workerScripts();
    const script = scripts.find((candidate) => existsSync(candidate));
    if (!script) {
      this.unavailable = true;
      this.log.warn(`no check worker script at ${scripts.join(' or ')}; large files are checked on one thread`);
      return undefined;
    }
    try {
      const worker = new Worker(script);
      worker.unref();
      worker.on('message', (reply: CheckReply) => {
        for (const failure of reply.id === 0 ? (reply.failures ?? []) : []) this.log.error(`the check worker failed while warming up: ${failure}`);
        this.pending.get(reply.id)?.(reply);
        this.pending.delete(reply.id);
      });
      worker.on('error', (error) => this.abandon(`failed: ${describeError(error)}`));
      worker.on('exit', (code) => this.abandon(`exited with code ${code}`));
      this.worker = worker;
      this.log.info(`check worker started (${script})`);
    } catch (error) {
      this.unavailable = true;
      this.log.error(`the check worker ${script} could not start; large files are checked on one thread`, error);
    }
    return this.worker;
  }

  // A dead worker answers nothing: release the waiting checks (they fall back to this thread).
  private abandon(reason: string): void {
    if (!this.unavailable) this.log.error(`the check worker ${reason}; large files are checked on one thread from now on`);
    this.unavailable = true;
    this.worker = undefined;
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }
}
