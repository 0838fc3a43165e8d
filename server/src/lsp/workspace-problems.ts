// The problems of the files the editor has not opened: a background scan of the workspace index, a few files at a
// time, with progress the user can cancel, publishing each file's findings so the Problems panel shows them all.
import { basename } from 'node:path';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument, capFindings, type CheckOptions, HelmChartLookup, type ManifestFile, pathOfUri } from '@kubesim/analysis';
import type { Log } from './server-log';
import { toDiagnostic } from './to-diagnostic';

/** At most this many closed files are checked per scan (the rest are named in the log). */
const MAX_SCANNED_FILES = 1000;
// Edits and file events come in bursts: a scan starts once they pause.
const SCAN_DELAY_MS = 1000;

/** What a scan reads: the closed files with their check options, and whether a file is checked on its own. */
interface WorkspaceProblemSource {
  closedFiles(): { uri: string; file: ManifestFile; options: CheckOptions }[];
  /** False for a file checked only as part of a kustomization (a patch, a base resource): its YAML problems alone. */
  isCheckedAlone(uri: string): boolean;
}

/** Publishes the findings of closed workspace files; a newer scan (or the user) cancels the running one. */
export class WorkspaceProblems {
  private generation = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;
  // Closed files whose findings this scanner published: cleared when a file leaves the index.
  private published = new Set<string>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly source: WorkspaceProblemSource,
    private readonly log: Log,
  ) {}

  /** Schedules a scan once changes pause; a scan already running stops at its next file. */
  schedule(): void {
    this.generation++;
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.scan().catch((error: unknown) => this.log.error('checking the workspace files failed', error));
    }, SCAN_DELAY_MS);
  }

  /** Stops any scheduled or running scan. */
  dispose(): void {
    this.generation++;
    if (this.pending) clearTimeout(this.pending);
  }

  private async scan(): Promise<void> {
    const generation = this.generation;
    const all = this.source.closedFiles().filter((entry) => !this.documents.get(entry.uri));
    const charts = new HelmChartLookup();
    const files = all.slice(0, MAX_SCANNED_FILES);
    if (all.length > files.length) this.log.warn(`workspace problems: checked the first ${files.length} of ${all.length} closed YAML files`);
    const progress = await this.connection.window.createWorkDoneProgress();
    progress.begin('kubesim: checking workspace files', 0, `${files.length} files`, true);
    const seen = new Set<string>();
    let withProblems = 0;
    try {
      for (const [i, { uri, file, options }] of files.entries()) {
        if (generation !== this.generation || progress.token.isCancellationRequested) return;
        // One file per turn of the event loop: requests and edits are answered between files.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.documents.get(uri)) continue;
        seen.add(uri);
        if (this.publish(uri, file, options, charts) > 0) withProblems++;
        progress.report(Math.round(((i + 1) * 100) / Math.max(1, files.length)), `${i + 1} of ${files.length} files`);
      }
      // A file gone from the index (deleted, now open, now part of a kustomization) keeps no stale problems.
      for (const uri of this.published) {
        if (!seen.has(uri) && !this.documents.get(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
      }
      this.published = seen;
      this.log.info(`workspace problems: ${files.length} closed files checked, ${withProblems} with findings`);
    } finally {
      progress.done();
    }
  }

  // The same findings an open document gets (analyzeDocument decides which checks run on which file), without the
  // kustomize renderings' findings, which are placed on open documents only.
  private publish(uri: string, file: ManifestFile, options: CheckOptions, charts: HelmChartLookup): number {
    const path = pathOfUri(uri);
    const all = analyzeDocument({
      path,
      text: file.text,
      parsed: () => file,
      checkOptions: () => options,
      checkedAlone: this.source.isCheckedAlone(uri),
      charts,
    });
    const findings = capFindings(all, path === undefined ? '' : basename(path));
    const document = TextDocument.create(uri, 'yaml', 0, file.text);
    void this.connection.sendDiagnostics({ uri, diagnostics: findings.map((finding) => toDiagnostic(document, finding)) });
    return findings.length;
  }
}
