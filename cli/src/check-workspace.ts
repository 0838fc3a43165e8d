// The workspace of one `kubesim check` run: every file named on the command line, checked together.
import { resolve } from 'node:path';
import type { ReadonlyJsonObject } from '@kubesim/engine';
import {
  type ManifestFile,
  parseManifestFile,
  type CheckOptions,
  fileUriOfPath,
  type IndexedObject,
  type RenderedKustomization,
  renderingUri,
  WorkspaceIndex,
  readManifestFileSync,
  MAX_ONE_SHOT_FILE_CHARS,
} from '@kubesim/analysis';

/**
 * Reads and parses every file once (up to the one-shot reader's size limit) and indexes all their documents, so the cross-manifest checks
 * see a StatefulSet in a.yaml and its Service in b.yaml as the editor would. `--previous` becomes
 * both checkFile's `previous` (the API server's update rules) and the baseline of the rollout checks.
 */
export class CheckWorkspace {
  private readonly index = new WorkspaceIndex();
  private readonly files = new Map<string, { uri: string; file: ManifestFile }>();

  /**
   * `renderings` (the kustomizations' outputs) are in the workspace too, each standing alone: a lookup for
   * something missing (a StatefulSet's Service, an Ingress backend) finds what another kustomization renders.
   * `readFile` reads the file at `paths[i]` (parsed on every core, parallel-reading.ts); without it each is read here.
   */
  static async read(
    paths: readonly string[],
    renderings: readonly RenderedKustomization[] = [],
    readFile?: (index: number) => Promise<ManifestFile>,
  ): Promise<CheckWorkspace> {
    const workspace = new CheckWorkspace();
    for (const rendered of renderings) if (rendered.file) workspace.index.setOpen(renderingUri(rendered), rendered.file);
    for (const [index, path] of paths.entries()) {
      if (workspace.files.has(path)) continue;
      const uri = fileUriOfPath(resolve(path));
      const file = readFile ? await readFile(index) : parseManifestFile(readManifestFileSync(path), undefined, MAX_ONE_SHOT_FILE_CHARS);
      workspace.files.set(path, { uri, file });
      workspace.index.setOpen(uri, file);
    }
    return workspace;
  }

  private constructor() {}

  /** The parsed file (parsed once, when the workspace was built). */
  fileOf(path: string): ManifestFile {
    const entry = this.files.get(path);
    return entry ? entry.file : parseManifestFile(readManifestFileSync(path), undefined, MAX_ONE_SHOT_FILE_CHARS);
  }

  /** Every object of the workspace, the renderings' included. */
  objects(): readonly IndexedObject[] {
    return this.index.objects();
  }

  /** The value of every object of the workspace. */
  objectValues(): ReadonlyJsonObject[] {
    return this.index.objects().map((entry) => entry.object.value);
  }

  /** `options` plus this file's URI, the whole workspace and the `--previous` baseline. */
  optionsFor(path: string, options: CheckOptions): CheckOptions {
    const result: CheckOptions = { ...options, workspace: this.index.objects(), oneShot: true };
    const uri = this.files.get(path)?.uri;
    if (uri !== undefined) result.uri = uri;
    if (options.previous) result.baseline = { source: 'previous', file: options.previous };
    return result;
  }
}
