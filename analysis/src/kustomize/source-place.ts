// A place in a source file of a kustomization: where a finding on a rendered object is moved to.
import type { SourceSpan } from '../manifest/source-span';

/** A span in one file, with the file's text (the editor's, when open). */
export interface SourcePlace {
  /** Absolute path. */
  path: string;
  text: string;
  span: SourceSpan;
}
