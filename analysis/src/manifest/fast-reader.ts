// Reads the plain YAML most manifests are written in (block maps and sequences, one-line plain and
// quoted scalars, literal block scalars, `{}` and `[]`, comments) straight into JSON values and a
// source tree, several times faster than building the `yaml` package's full AST. Anything outside
// that subset (anchors, tags, flow collections with content, folded or multi-line scalars, odd
// indentation, syntax errors) makes it give up, and the caller parses the document with `yaml`:
// the fast path only ever returns what the full reader (`yaml`, then yaml-to-json.ts) would: a
// differential test holds it to that.
//
// It runs on every document of a workspace, and what it returns is kept: most of its cost is
// allocating the tree (fast-reader-core.ts allocates little else).
import type { JsonObject } from '@kubesim/engine';
import { Reader } from './fast-reader-core';
import { GiveUp, UNSUPPORTED_CHARACTERS } from './fast-reader-text';
import type { SourceMap } from './source-tree';

/** A document the fast reader understood: its value and source tree (offsets relative to the text). */
interface FastDocument {
  value: JsonObject;
  tree: SourceMap;
}

/** The value and source tree of `text`, or undefined when it is outside the fast subset. */
export function readPlainManifest(text: string): FastDocument | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined;
  try {
    const reader = new Reader(text);
    const value = reader.document();
    return { value, tree: reader.node as SourceMap };
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}
