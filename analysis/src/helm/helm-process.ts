// The Node side of Helm support, the only file of analysis/src/helm that starts a process: finds the helm
// binary, writes a temporary copy of a chart (regular files only, editor buffers over the disk) and runs
// `helm template` there with no network, no plugins, no post-renderer and a throwaway helm home.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isReadableForRender } from '../kustomize/load-restrictions';
import { makeMirror, removeMirror, trackChild } from '../kustomize/mirror-cleanup';
import { isExecutable, onPath } from '../kustomize/kustomize-process';

/** The helm kubesim runs. */
interface HelmBinary {
  command: string;
  /** What `kubesim --version` and the status bar show, e.g. "helm v4.2.3". */
  label: string;
}

/** One file of the temporary chart copy: its text (an editor buffer or the disk's), or a file copied byte for byte. */
export interface HelmMirrorFile {
  /** Path inside the temporary folder, with `/` separators (the chart under `chart/`, values files under `values/`). */
  relativePath: string;
  text?: string;
  copyFrom?: string;
}

/** One `helm template` run: the copy's files, then the arguments with `MIRROR` standing for the copy's folder. */
export interface HelmRunRequest {
  files: readonly HelmMirrorFile[];
  /** Arguments after `template`; each occurrence of HELM_MIRROR is replaced by the copy's folder. */
  args: readonly string[];
}

/** What helm printed; HELM_MIRROR stands wherever the copy's folder appeared in an error. */
export type HelmOutput = { ok: true; stdout: string } | { ok: false; message: string };

/** Stands for the temporary folder in arguments and in helm's messages. */
export const HELM_MIRROR = '\u0000helm-mirror';

const RENDER_TIMEOUT_MS = 30_000;
const VERSION_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** `$KUBESIM_HELM` when set, else `helm` on the PATH; no process is started to find it. */
function locateHelm(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env.KUBESIM_HELM;
  if (chosen !== undefined && chosen !== '') return chosen;
  return onPath('helm', env);
}

/** Asks `helm version --short` without blocking (Helm 3 prints `v3.16.2+g...`, Helm 4 `v4.2.3+g...`). */
function versionOf(command: string): Promise<string> {
  return new Promise((resolveVersion) => {
    const child = execFile(command, ['version', '--short'], { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS, env: confinedEnv(tmpdir()) }, (error, stdout) =>
      resolveVersion(error ? '' : stdout.trim()),
    );
    child.stdin?.end();
  });
}

/** The helm to run (see locateHelm) and its version, asked asynchronously; undefined without one. */
async function findHelmBinary(env: NodeJS.ProcessEnv = process.env): Promise<HelmBinary | undefined> {
  const command = locateHelm(env);
  if (command === undefined || !isExecutable(command)) return undefined;
  const version = (await versionOf(command)).split('+')[0] ?? '';
  return { command, label: `helm ${version || '(version unknown)'}` };
}

let cachedLookup: Promise<HelmBinary | undefined> | undefined;

/** findHelmBinary, asked once per process (never on the start-up path: callers ask when a chart needs it). */
export function helmBinary(): Promise<HelmBinary | undefined> {
  cachedLookup ??= findHelmBinary();
  return cachedLookup;
}

/** One line for `kubesim --version` and the status bar. */
export function describeHelmBinary(binary: HelmBinary | undefined): string {
  if (!binary) return 'not found (no `helm` on the PATH, no $KUBESIM_HELM): charts are not rendered';
  return `${binary.label} at ${binary.command}`;
}

/**
 * The environment helm runs in: the PATH and nothing else of the user's, a home, cache, config and data
 * folder inside the temporary copy (the user's repositories, registry logins and plugins are never read),
 * an empty plugin folder, and a kubeconfig that does not exist (`helm template` contacts no cluster).
 */
function confinedEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    HELM_CACHE_HOME: join(home, '.helm', 'cache'),
    HELM_CONFIG_HOME: join(home, '.helm', 'config'),
    HELM_DATA_HOME: join(home, '.helm', 'data'),
    HELM_PLUGINS: join(home, '.helm', 'plugins'),
    HELM_REGISTRY_CONFIG: join(home, '.helm', 'registry.json'),
    HELM_REPOSITORY_CONFIG: join(home, '.helm', 'repositories.yaml'),
    HELM_REPOSITORY_CACHE: join(home, '.helm', 'repository'),
    KUBECONFIG: join(home, '.helm', 'no-kubeconfig'),
    HELM_NO_PLUGINS: '1',
  };
}

/** Writes the chart copy to a fresh temporary folder, runs `helm template` there, and removes it. */
export async function runHelmTemplate(binary: HelmBinary, request: HelmRunRequest): Promise<HelmOutput> {
  // The same temporary folders as kustomize's mirrors: removed on every way out (mirror-cleanup.ts).
  const mirror = makeMirror(tmpdir());
  try {
    for (const file of request.files) {
      const target = join(mirror, file.relativePath);
      mkdirSync(dirname(target), { recursive: true });
      try {
        if (file.text !== undefined) writeFileSync(target, file.text);
        // Checked again just before the copy: only a regular file within the limit is copied.
        else if (file.copyFrom !== undefined && isReadableForRender(file.copyFrom)) copyFileSync(file.copyFrom, target);
      } catch {
        // An unreadable file stays missing: helm names it if it needs it.
      }
    }
    mkdirSync(join(mirror, '.helm', 'plugins'), { recursive: true });
    const args = ['template', ...request.args.map((arg) => arg.split(HELM_MIRROR).join(mirror))];
    return await run(binary, args, mirror);
  } finally {
    removeMirror(mirror);
  }
}

function run(binary: HelmBinary, args: readonly string[], mirror: string): Promise<HelmOutput> {
  return new Promise((resolveRun) => {
    const child = execFile(
      binary.command,
      args,
      { encoding: 'utf8', timeout: RENDER_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, cwd: mirror, env: confinedEnv(mirror) },
      (error, stdout, stderr) => {
        if (!error) {
          resolveRun({ ok: true, stdout });
          return;
        }
        const killed = (error as { killed?: boolean }).killed === true;
        const message = killed ? `helm did not finish within ${RENDER_TIMEOUT_MS / 1000} s` : stderr.trim() || error.message;
        resolveRun({ ok: false, message: message.split(mirror).join(HELM_MIRROR) });
      },
    );
    child.stdin?.end();
    trackChild(child);
  });
}
