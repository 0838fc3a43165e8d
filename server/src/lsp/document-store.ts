// Keeps the parsed form of every open document, re-parsing only the documents an edit touched.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseManifestFile, type ManifestFile } from '@kubesim/analysis';

interface Entry {
  readonly version: number;
  readonly file: ManifestFile;
}

/** Parsed manifests by URI, cached per document version. */
export class ManifestStore {
  private readonly entries = new Map<string, Entry>();

  /** The parsed file for this version of the document. */
  get(document: TextDocument): ManifestFile {
    const entry = this.entries.get(document.uri);
    if (entry && entry.version === document.version) return entry.file;
    const file = parseManifestFile(document.getText(), entry?.file);
    this.entries.set(document.uri, { version: document.version, file });
    return file;
  }

  forget(uri: string): void {
    this.entries.delete(uri);
  }
}
