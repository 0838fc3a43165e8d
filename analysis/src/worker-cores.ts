// How many worker threads a check can start without slowing itself down, for the CLI's run and the server's first
// check of a large file alike.
import { availableParallelism } from 'node:os';

/**
 * Cores left to V8's own threads. Even on one thread a check keeps a second core busy a third of the time (the
 * optimizing compiler and the collector: 2.9 s of CPU in 2.0 s of `kubesim check` on the 10,000-document folder), and
 * a worker thread brings its own compiler and collector work. On two cores a worker made that run 1.16 times slower
 * (1.35 times the CPU), and the server's first check of a 3,000-document file 1.1 times slower, with 35 MB more.
 */
const CORES_FOR_V8 = 2;

/** The cores of `cores` (this machine's by default) a worker thread can have to itself: none on two cores. */
export function coresForWorkerThreads(cores = availableParallelism()): number {
  return Math.max(0, cores - CORES_FOR_V8);
}
