// Reads the plain YAML most manifests are written in (block maps and sequences, one-line plain and
// quoted scalars, literal block scalars, `{}` and `[]`, comments) straight into JSON values and a
// source tree, several times faster than building the `yaml` package's full AST. Anything outside
// that subset (anchors, tags, flow collections with content, folded or multi-line scalars, odd
// indentation, syntax errors) makes it give up, and the caller parses the document with `yaml`:
// the fast path only ever returns what the full reader (`yaml`, then yaml-to-json.ts) would: a
// differential test holds it to that.
//
// It runs on every document of a workspace, and what it returns is kept: the tree, most of what it
// allocates, can be read on first use instead (readPlainManifestLazily).
import type { JsonObject } from '@kubesim/engine';
import { Reader } from './fast-reader-core';
import { GiveUp, UNSUPPORTED_CHARACTERS } from './fast-reader-text';
import type { SourceEntry, SourceMap, SourceRange } from './source-tree';

/** A document the fast reader understood: its value and source tree (offsets relative to the text). */
interface FastDocument {
  value: JsonObject;
  tree: SourceMap;
}

/** The value and source tree of `text`, or undefined when it is outside the fast subset. */
export function readPlainManifest(text: string): FastDocument | undefined {
  const reader = read(text, true);
  return reader && { value: reader.value!, tree: reader.node as SourceMap };
}

/**
 * The same as readPlainManifest, but the tree's entries are read when first asked for: a tree is
 * most of what reading allocates and keeps (12 of a generated document's 16 KB), and most are never
 * read (only to place a finding or name the path under the cursor). Reading the entries reads the
 * text again; a deeply nested document, whose second reading could find the stack shorter, is read
 * whole at once.
 */
export function readPlainManifestLazily(text: string): FastDocument | undefined {
  const reader = read(text, false);
  if (!reader) return undefined;
  if (reader.deepest > MAX_LAZY_DEPTH) return readPlainManifest(text);
  return { value: reader.value!, tree: lazyTree(text, [reader.rootKey, reader.valueEnd, reader.nodeEnd]) };
}

const MAX_LAZY_DEPTH = 64;

function read(text: string, withTree: boolean): Reader | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined;
  try {
    const reader = new Reader(text, withTree);
    reader.document();
    return reader;
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

// A root map whose entries are read on first use, then kept as an ordinary property.
function lazyTree(text: string, range: SourceRange): SourceMap {
  const tree = {
    type: 'map' as const,
    range,
    get entries(): readonly SourceEntry[] {
      const entries = readPlainManifest(text)?.tree.entries;
      if (!entries) throw new Error('the fast reader could not read again what it read before');
      Object.defineProperty(tree, 'entries', { value: entries, enumerable: true });
      return entries;
    },
  };
  return tree;
}
