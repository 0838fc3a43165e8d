// Which version a rollout preview compares with, as the user means it: what is running (git HEAD), else the
// file as it was when the editor opened it, else a fresh create. Never the saved file: editors save
// automatically, so a buffer compared with its own save shows "nothing changed" a second after every edit.
// The front-end sends only the choice; the text is read here (git) or kept by the server (opened-texts.ts).
import { type GitFailure, readGitFile } from './git-show';

/**
 * The base a front-end asks for: git HEAD, a git revision, the file as first opened, or a fresh create.
 * `saved` (from an older panel's state) means the same as `opened`. The protocol's `RolloutBase` is this
 * type as the editor sends it; the server passes one as the other, so the two cannot drift apart.
 */
export type RolloutBaseChoice = { kind: 'head' } | { kind: 'opened' } | { kind: 'saved' } | { kind: 'revision'; revision: string } | { kind: 'fresh' };

/** The base actually used, how to name it, and its text (absent for a fresh create). */
interface ResolvedRolloutBase {
  base: RolloutBaseChoice;
  label: string;
  text?: string;
}

/** Where base texts come from; each answers undefined when it has nothing. */
export interface RolloutBaseSources {
  /** `git show REVISION:file`; undefined when git may not run, the file is untracked or the revision is unknown. */
  gitText(revision: string): Promise<string | undefined>;
  /** The text of the file when the editor first opened it in this session (kept across saves). */
  openedText(): string | undefined;
}

const OPENED_LABEL = 'the file as it was when opened';

function fromOpened(sources: RolloutBaseSources, missing: string): ResolvedRolloutBase {
  const opened = sources.openedText();
  if (opened !== undefined) return { base: { kind: 'opened' }, label: missing ? `${OPENED_LABEL} (${missing})` : OPENED_LABEL, text: opened };
  return { base: { kind: 'fresh' }, label: missing ? `fresh create (${missing})` : 'fresh create (the file was never opened from disk)' };
}

/** Reads `requested`, falling back from git to the opened version, and from that to a fresh create. */
export async function resolveRolloutBase(requested: RolloutBaseChoice, sources: RolloutBaseSources): Promise<ResolvedRolloutBase> {
  if (requested.kind === 'fresh') return { base: requested, label: 'fresh create (nothing exists yet)' };
  if (requested.kind === 'head' || requested.kind === 'revision') {
    const revision = requested.kind === 'head' ? 'HEAD' : requested.revision;
    const label = requested.kind === 'head' ? 'git HEAD' : `git ${revision}`;
    const text = await sources.gitText(revision);
    if (text !== undefined) return { base: requested, label, text };
    return fromOpened(sources, `no ${label} version`);
  }
  return fromOpened(sources, '');
}

/** Where the server finds a file's bases, and whether git may run for it. */
interface RolloutBaseLocation {
  /** The file on disk; undefined for a document that is not a file (git then has nothing). */
  path: string | undefined;
  /** False in an untrusted workspace or with `kubesim.git.enabled: false`: git never starts. */
  canRunGit: boolean;
  /** The text the editor first opened (OpenedTexts), if kept. */
  openedText: string | undefined;
  onGitFailure?: GitFailure;
}

/** The sources of a file's bases: git (only where it may run) and the text kept from its first open. */
export function rolloutBaseSources(location: RolloutBaseLocation): RolloutBaseSources {
  const { path, canRunGit, openedText, onGitFailure } = location;
  return {
    gitText: (revision) => (canRunGit && path !== undefined ? readGitFile(path, revision, onGitFailure) : Promise.resolve(undefined)),
    openedText: () => openedText,
  };
}
