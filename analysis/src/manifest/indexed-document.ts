// A parsed document as the workspace index keeps it for a file the editor has not opened: the values, the
// problems and the place, but neither a copy of the text nor the source tree. Both are read back from the
// file's text when asked: the text is a slice of it, the tree the same reading of the same characters.
import type { ReadonlyJsonObject } from '@kubesim/engine';
import { asObject, type ManifestDocument, type ManifestObject } from './manifest-document';
import { readDocument } from './read-document';
import type { SyntaxProblem } from './source-span';
import type { SourceNode } from './source-tree';
import type { PathSegment } from './yaml-path';

/**
 * A `ManifestDocument` whose `text` and `tree` are computed from its file's text. The tree is most of what a
 * parsed document holds (16 KB of a 1.3 KB generated document, against 2 KB for its value), and a closed file's
 * tree is asked for only to place a finding or to name a path under an offset: re-reading one document costs
 * a fraction of a millisecond, and the last few read are kept (`recentTrees`).
 */
export class IndexedDocument implements ManifestDocument {
  readonly objects: readonly ManifestObject[];

  /** `source` is the file's whole text; `start` and `end` place the document in it. */
  constructor(
    readonly source: string,
    readonly start: number,
    readonly end: number,
    readonly index: number,
    readonly problems: readonly Readonly<SyntaxProblem>[],
    readonly isTemplated: boolean,
    objects: readonly ManifestObject[] | ((document: IndexedDocument) => ManifestObject[]),
  ) {
    // The same values (the caches' keys) and places, pointing back at this document.
    this.objects = typeof objects === 'function' ? objects(this) : objects.map((object) => ({ ...object, document: this }));
  }

  /**
   * The document whose objects were read elsewhere (a worker thread of `kubesim check` read the same characters):
   * each object's value and where it sits in the document.
   */
  static ofObjects(
    source: string,
    start: number,
    end: number,
    index: number,
    problems: readonly Readonly<SyntaxProblem>[],
    isTemplated: boolean,
    objects: readonly (readonly [ReadonlyJsonObject, PathSegment[]])[],
  ): IndexedDocument {
    return new IndexedDocument(source, start, end, index, problems, isTemplated, (document) =>
      objects.flatMap(([value, basePath]) => asObject(value, basePath, document) ?? []),
    );
  }

  get text(): string {
    return this.source.slice(this.start, this.end);
  }

  get tree(): SourceNode | undefined {
    return recentTrees.treeOf(this);
  }

  /** The same document in another version of the file, where `placedAt` says it sits (its text holds there). */
  placedIn(source: string, start: number, index: number): IndexedDocument {
    if (source === this.source && start === this.start && index === this.index) return this;
    const delta = start - this.start;
    const problems = delta === 0 ? this.problems : this.problems.map((problem) => ({ ...problem, start: problem.start + delta, end: problem.end + delta }));
    return new IndexedDocument(source, start, this.end + delta, index, problems, this.isTemplated, this.objects);
  }
}

/** How many re-read trees are kept: a check places every finding of a file, a hover or a reference a few. */
const RECENT_TREES = 32;

// The trees read back most recently, oldest first (a Map keeps insertion order).
class RecentTrees {
  private readonly trees = new Map<IndexedDocument, SourceNode | undefined>();

  treeOf(document: IndexedDocument): SourceNode | undefined {
    if (this.trees.has(document)) {
      const tree = this.trees.get(document);
      this.trees.delete(document);
      this.trees.set(document, tree);
      return tree;
    }
    // The reading parseManifestDocument made of the same characters: tree offsets are relative to the document.
    const tree = readDocument({ start: document.start, text: document.text }).tree;
    this.trees.set(document, tree);
    if (this.trees.size > RECENT_TREES) this.trees.delete(this.trees.keys().next().value!);
    return tree;
  }
}

const recentTrees = new RecentTrees();
