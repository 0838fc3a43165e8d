// A chart as it was before the edit, for the rollout a values change starts: its files at git HEAD when git may
// run and HEAD holds the chart, else as they were when first read or opened. Read as a host, so the same
// HelmSession renders it and caches the rendering while those texts stay the same.
import { join } from 'node:path';
import { FirstReadFiles } from '../kustomize/disk-host';
import type { KustomizeHost } from '../kustomize/kustomization-tree';
import { readGitFile, readHeadCommit } from '../preview/git-show';
import { CHART_FILE, chartFilesOf } from './helm-chart-model';

/** Files helm may read as text (templates, helpers, values, schemas, `.Files.Get` sources): read from git at HEAD. */
const TEXT_FILE = /\.(ya?ml|tpl|json|txt|toml|conf|ini|properties|md)$/i;

/** What the baseline of a chart is, in the preview's words. */
export type ChartBaselineKind = 'head' | 'opened';

/** The texts a chart's baseline rendering reads. */
export class ChartBaselineTexts {
  private readonly firstRead = new FirstReadFiles();
  /** Per chart root: the commit its HEAD texts were read at, and those texts (absent files as ''). */
  private readonly heads = new Map<string, { commit: string; texts: ReadonlyMap<string, string> }>();

  readonly host: KustomizeHost = {
    readText: (path) => this.headText(path) ?? this.firstRead.host.readText(path),
    overrideText: (path) => this.headText(path) ?? this.firstRead.host.overrideText?.(path),
    isDirectory: (path) => this.firstRead.host.isDirectory(path),
  };

  /** The editor opened a file: its text then is the baseline when git has none (a later save never moves it). */
  noteOpened(path: string, text: string): void {
    this.firstRead.noteOpened(path, text);
  }

  /**
   * Reads the chart's files and values files at git HEAD when HEAD moved since the last read (`canRunGit` false:
   * an untrusted workspace or git disabled, and the files as first opened are the baseline). A file absent at HEAD
   * reads as empty: an empty template renders nothing, as an absent one.
   */
  async load(root: string, valuesFiles: readonly string[], canRunGit: boolean): Promise<ChartBaselineKind> {
    const commit = canRunGit ? await readHeadCommit(join(root, CHART_FILE)) : undefined;
    if (commit === undefined) {
      this.heads.delete(root);
      return 'opened';
    }
    if (this.heads.get(root)?.commit === commit) return 'head';
    const chartText = await readGitFile(join(root, CHART_FILE));
    if (chartText === undefined) {
      // The chart is new since HEAD: the files as first opened are all there is.
      this.heads.delete(root);
      return 'opened';
    }
    const texts = new Map<string, string>();
    const paths = [...(chartFilesOf(root) ?? []).filter((path) => TEXT_FILE.test(path)), ...valuesFiles];
    for (const path of paths) texts.set(path, (await readGitFile(path)) ?? '');
    this.heads.set(root, { commit, texts });
    return 'head';
  }

  // A binary file of the chart (not read from git) is copied from disk.
  private headText(path: string): string | undefined {
    for (const head of this.heads.values()) {
      const text = head.texts.get(path);
      if (text !== undefined) return text;
    }
    return undefined;
  }
}
