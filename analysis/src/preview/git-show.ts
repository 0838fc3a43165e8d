// The one way the analysis asks git for a file's text: `git show REVISION:./FILE` run without a shell, with a
// revision that can never reach git as an option (it may be typed by the user), and `git rev-parse HEAD`.
// Callers decide whether git may run at all (a trusted workspace, `kubesim.git.enabled`): a repository's own
// config can make git start programs.
import { execFile } from 'node:child_process';
import { basename, dirname } from 'node:path';

/** git gets this long to answer; a slow repository must not hold diagnostics or the preview back. */
const GIT_TIMEOUT_MS = 5000;

/** The largest file text git may print for us. */
const GIT_MAX_OUTPUT = 32 * 1024 * 1024;

/**
 * Hears git failing to run at all (not installed, timed out); git answering "not a repository" or
 * "no such path at HEAD" is an ordinary answer, not a failure.
 */
export type GitFailure = (message: string) => void;

/** A revision as git names one (HEAD, HEAD~2, main, origin/main, v1.2.3, stash@{0}, a commit id): nothing else. */
function isPlainRevision(revision: string): boolean {
  return revision.length <= 256 && /^[A-Za-z0-9_./@{}~^+-]+$/.test(revision) && !revision.startsWith('-') && !revision.includes('..');
}

/**
 * `git --no-pager show --end-of-options REVISION:./FILE`, or undefined for a revision that is not plain
 * (see isPlainRevision). `--end-of-options` (git 2.24) is the second line of defence: after it git reads
 * no argument as an option.
 */
export function gitShowArguments(revision: string, fileName: string): string[] | undefined {
  if (!isPlainRevision(revision)) return undefined;
  return ['--no-pager', 'show', '--end-of-options', `${revision}:./${fileName}`];
}

/** Runs git with execFile (no shell) in `folder`; undefined on any failure or timeout. */
function runGit(folder: string, args: string[], onFailure?: GitFailure): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      {
        cwd: folder,
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: GIT_MAX_OUTPUT,
        windowsHide: true,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      },
      (error, stdout) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (error && (typeof code === 'string' || error.killed)) {
          const command = args.find((arg) => !arg.startsWith('-')) ?? '';
          onFailure?.(`git ${command} in ${folder} ${error.killed ? `took over ${GIT_TIMEOUT_MS} ms` : `could not run: ${error.message}`}`);
        }
        resolve(error ? undefined : stdout);
      },
    );
  });
}

/** The commit id HEAD points at (`git rev-parse HEAD`), for the repository holding `path`. */
export async function readHeadCommit(path: string, onFailure?: GitFailure): Promise<string | undefined> {
  return (await runGit(dirname(path), ['--no-pager', 'rev-parse', '--verify', '-q', 'HEAD'], onFailure))?.trim() || undefined;
}

/**
 * The text of the file at `path` in `revision` (`git show REVISION:./FILE` in the file's folder), or undefined
 * when git has none (untracked file, unknown revision, not a repository) or the revision is not plain.
 */
export function readGitFile(path: string, revision = 'HEAD', onFailure?: GitFailure): Promise<string | undefined> {
  const args = gitShowArguments(revision, basename(path));
  return args ? runGit(dirname(path), args, onFailure) : Promise.resolve(undefined);
}
