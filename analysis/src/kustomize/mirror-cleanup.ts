// The temporary mirrors of kustomization trees are removed on every way out: after each build, when the
// process exits or is told to stop (SIGTERM, SIGINT, SIGHUP: running kustomize processes are stopped
// too), and, for a process that was killed outright, by the next kubesim start, which removes the mirrors
// of processes that no longer exist. A mirror's name says which process made it.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'kubesim-kustomize-';
const live = new Set<string>();
/** A running kustomize, as kustomize-process.ts (the only file that starts one) hands it over. */
interface RunningChild {
  kill(): boolean;
  once(event: 'exit', listener: () => void): unknown;
}

const children = new Set<RunningChild>();
let handlersInstalled = false;

/** A new mirror folder, `kubesim-kustomize-<pid>-XXXXXX` in `folder` (the temporary folder), removed however the process ends. */
export function makeMirror(folder: string): string {
  installHandlers();
  const mirror = mkdtempSync(join(folder, `${PREFIX}${process.pid}-`));
  live.add(mirror);
  return mirror;
}

/** Removes a mirror (after its build). */
export function removeMirror(mirror: string): void {
  rmSync(mirror, { recursive: true, force: true });
  live.delete(mirror);
}

/** Tracks a running kustomize, so that a stopping process stops it too. */
export function trackChild(child: RunningChild): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

function removeAll(): void {
  for (const child of children) child.kill();
  for (const mirror of live) rmSync(mirror, { recursive: true, force: true });
  live.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once('exit', removeAll);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    const onSignal = () => {
      removeAll();
      // Listening replaced the default action (exit); with the mirrors gone, do what the signal asked.
      process.removeListener(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/**
 * Removes the mirrors left by kubesim processes of this user that no longer exist (killed before they
 * could clean up). Returns how many were removed. Never throws.
 */
export function removeStaleMirrors(folder: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    const path = join(folder, name);
    try {
      if (process.getuid && statSync(path).uid !== process.getuid()) continue;
      rmSync(path, { recursive: true, force: true });
      removed++;
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists (another user's).
    return (error as { code?: string }).code === 'EPERM';
  }
}
