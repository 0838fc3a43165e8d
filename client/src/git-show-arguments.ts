// The arguments of `git show REVISION:./FILE` for the rollout preview's base, where REVISION may be typed by
// the user: it must never reach git as an option (`--output=/tmp/x` would write a file). Pure, tested in Node.

/** A revision as git names one (HEAD, HEAD~2, main, origin/main, v1.2.3, stash@{0}, a commit id): nothing else. */
export function isPlainRevision(revision: string): boolean {
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
