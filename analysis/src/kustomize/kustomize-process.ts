// The Node side of kustomize support: finds the kustomize binary, writes a temporary mirror of a
// kustomization tree and runs the build there as a child process with a time limit.
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { rememberedVersion, rememberVersion } from './version-cache';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { isReadableForRender } from './load-restrictions';
import { makeMirror, removeMirror, removeStaleMirrors, trackChild } from './mirror-cleanup';

/** The kustomize kubesim runs: a standalone `kustomize`, or the one built into `kubectl`. */
export interface KustomizeBinary {
  command: string;
  /** Arguments before the directory: ['build'] or ['kustomize']. */
  subcommand: string[];
  /** What `kubesim --version` and the status bar show, e.g. "kubectl kustomize (kustomize v5.5.0)". */
  label: string;
}

/** One file of the mirror: its text (edited or rewritten), or a file to copy byte for byte. */
export interface MirrorFile {
  /** Path inside the mirror, with `/` separators. */
  relativePath: string;
  text?: string;
  copyFrom?: string;
  /** An empty folder. */
  isDirectory?: boolean;
}

/** What a build printed; `MIRROR_ROOT` stands wherever the mirror's path appeared in an error. */
export type BuildOutput = { ok: true; stdout: string } | { ok: false; message: string };

/** Written in place of the temporary directory in kustomize's messages. */
export const MIRROR_ROOT = '\u0000mirror';

const BUILD_TIMEOUT_MS = 30_000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** Whether `path` may be executed by this process (a file the shell would run); nothing is started. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in `env.PATH`'s folders (as a shell would find it), without starting anything. */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const directory of (env.PATH ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function versionOf(command: string, args: string[]): string {
  const remembered = rememberedVersion(command, args, tmpdir());
  if (remembered !== undefined) return remembered;
  try {
    return rememberVersion(
      command,
      args,
      execFileSync(command, args, { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      tmpdir(),
    );
  } catch {
    return '';
  }
}

// The same question without blocking: the language server asks it after `initialize` has answered.
function versionOfAsync(command: string, args: string[]): Promise<string> {
  const remembered = rememberedVersion(command, args, tmpdir());
  if (remembered !== undefined) return Promise.resolve(remembered);
  return new Promise((resolveVersion) => {
    const child = execFile(command, args, { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS }, (error, stdout) =>
      resolveVersion(error ? '' : rememberVersion(command, args, stdout.trim(), tmpdir())),
    );
    child.stdin?.end();
  });
}

const VERSION_TIMEOUT_MS = 10_000;

/** Where kustomize is and how it is asked for its version; no process is started to find it. */
interface KustomizeLocation {
  command: string;
  kind: 'standalone' | 'kubectl';
}

/**
 * `$KUBESIM_KUSTOMIZE` when set (a path to kustomize or kubectl), else `kustomize` on the PATH (what
 * `kustomize build` users run), else `kubectl kustomize`. Undefined when none exists.
 */
function locateKustomize(env: NodeJS.ProcessEnv): KustomizeLocation | undefined {
  const chosen = env.KUBESIM_KUSTOMIZE;
  if (chosen !== undefined && chosen !== '') return { command: chosen, kind: /kubectl[^/\\]*$/.test(chosen) ? 'kubectl' : 'standalone' };
  const standalone = onPath('kustomize', env);
  if (standalone) return { command: standalone, kind: 'standalone' };
  const kubectl = onPath('kubectl', env);
  return kubectl ? { command: kubectl, kind: 'kubectl' } : undefined;
}

const VERSION_ARGS = { standalone: ['version'], kubectl: ['version', '--client', '-o', 'json'] };

function binaryOf(location: KustomizeLocation, versionOutput: string): KustomizeBinary {
  const { command } = location;
  if (location.kind === 'standalone') {
    const version = versionOutput.replace(/^\{?Version:/, '').split(/\s/)[0] ?? '';
    return { command, subcommand: ['build'], label: `kustomize ${version || '(version unknown)'}` };
  }
  let kustomizeVersion = '';
  try {
    kustomizeVersion = (JSON.parse(versionOutput) as { kustomizeVersion?: string }).kustomizeVersion ?? '';
  } catch {
    kustomizeVersion = '';
  }
  return { command, subcommand: ['kustomize'], label: `kubectl kustomize (kustomize ${kustomizeVersion || 'version unknown'})` };
}

/** The kustomize to run (see locateKustomize), its version asked synchronously: for the CLI, which waits anyway. */
export function findKustomizeBinary(env: NodeJS.ProcessEnv = process.env): KustomizeBinary | undefined {
  const location = locateKustomize(env);
  return location && binaryOf(location, versionOf(location.command, VERSION_ARGS[location.kind]));
}

/** findKustomizeBinary without blocking the event loop while kustomize prints its version (the language server). */
export async function findKustomizeBinaryAsync(env: NodeJS.ProcessEnv = process.env): Promise<KustomizeBinary | undefined> {
  const location = locateKustomize(env);
  return location && binaryOf(location, await versionOfAsync(location.command, VERSION_ARGS[location.kind]));
}

/** One line for `kubesim --version` and the status bar. */
export function describeKustomizeBinary(binary: KustomizeBinary | undefined): string {
  if (!binary) return 'not found (neither `kustomize` nor `kubectl` is on the PATH): kustomizations are not rendered';
  return `${binary.label} at ${binary.command}`;
}

let cachedBinary: { binary: KustomizeBinary | undefined } | undefined;

/** findKustomizeBinary, asked once per process. */
export function kustomizeBinary(): KustomizeBinary | undefined {
  cachedBinary ??= { binary: findKustomizeBinary() };
  return cachedBinary.binary;
}

/** Writes `files` to a fresh temporary directory, builds `rootRelative` there, and removes it. */
export async function buildInMirror(binary: KustomizeBinary, files: readonly MirrorFile[], rootRelative: string): Promise<BuildOutput> {
  const mirror = makeMirror(tmpdir());
  try {
    for (const file of files) {
      const target = join(mirror, file.relativePath);
      mkdirSync(file.isDirectory ? target : dirname(target), { recursive: true });
      try {
        if (file.text !== undefined) writeFileSync(target, file.text);
        // Checked again just before the copy: only a regular file within the limit is copied.
        else if (file.copyFrom !== undefined && isReadableForRender(file.copyFrom)) copyFileSync(file.copyFrom, target);
      } catch {
        // An unreadable source file stays missing: kustomize then names it in its error.
      }
    }
    const root = join(mirror, rootRelative);
    mkdirSync(root, { recursive: true });
    return await run(binary, root, mirror);
  } finally {
    removeMirror(mirror);
  }
}

function run(binary: KustomizeBinary, root: string, mirror: string): Promise<BuildOutput> {
  return new Promise((resolveBuild) => {
    const child = execFile(
      binary.command,
      [...binary.subcommand, root],
      { encoding: 'utf8', timeout: BUILD_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, cwd: mirror },
      (error, stdout, stderr) => {
        if (!error) {
          resolveBuild({ ok: true, stdout });
          return;
        }
        const killed = (error as { killed?: boolean }).killed === true;
        const message = killed ? `kustomize did not finish within ${BUILD_TIMEOUT_MS / 1000} s` : stderr.trim() || error.message;
        resolveBuild({ ok: false, message: message.split(mirror).join(MIRROR_ROOT) });
      },
    );
    // A build takes no input; a stopping process stops it (and removes its mirror).
    child.stdin?.end();
    trackChild(child);
  });
}

/** Removes the mirrors of kubesim processes that were killed mid-render (see mirror-cleanup.ts). */
export function removeStaleKustomizeMirrors(): number {
  return removeStaleMirrors(tmpdir());
}
