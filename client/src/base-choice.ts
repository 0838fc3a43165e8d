// Which version a rollout preview compares with, as the user means it: what is running (git HEAD),
// else the file as it was when the editor opened it, else a fresh create. Never the saved file:
// VS Code saves automatically, so a buffer compared with its own save shows "nothing changed" a
// second after every edit. Pure (no vscode), so it is tested in Node.
import type { RolloutBase } from '../../protocol/src/index';

/** The base text to send to the server, the base actually used and how to name it. */
export interface BaseText {
  base: RolloutBase;
  label: string;
  text?: string;
}

/** Where base texts come from; each answers undefined when it has nothing. */
export interface BaseSources {
  /** `git show REVISION:file`; undefined when git may not run, the file is untracked or the revision is unknown. */
  gitText(revision: string): Promise<string | undefined>;
  /** The text of the file when the editor first opened it in this session (kept across saves). */
  openedText(): string | undefined;
}

const OPENED_LABEL = 'the file as it was when opened';

function fromOpened(sources: BaseSources, missing: string): BaseText {
  const opened = sources.openedText();
  if (opened !== undefined) return { base: { kind: 'opened' }, label: missing ? `${OPENED_LABEL} (${missing})` : OPENED_LABEL, text: opened };
  return { base: { kind: 'fresh' }, label: missing ? `fresh create (${missing})` : 'fresh create (the file was never opened from disk)' };
}

/** Reads `requested`, falling back from git to the opened version, and from that to a fresh create. */
export async function chooseBaseText(requested: RolloutBase, sources: BaseSources): Promise<BaseText> {
  if (requested.kind === 'fresh') return { base: requested, label: 'fresh create (nothing exists yet)' };
  if (requested.kind === 'head' || requested.kind === 'revision') {
    const revision = requested.kind === 'head' ? 'HEAD' : requested.revision;
    const label = requested.kind === 'head' ? 'git HEAD' : `git ${revision}`;
    const text = await sources.gitText(revision);
    if (text !== undefined) return { base: requested, label, text };
    return fromOpened(sources, `no ${label} version`);
  }
  // `saved` (from an older panel's state) means the same as `opened` now.
  return fromOpened(sources, '');
}
