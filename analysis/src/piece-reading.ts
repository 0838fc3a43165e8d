// A large run of `kubesim check` read and judged on every core: a file is cut into pieces of whole documents, a
// worker thread reads a piece and computes each object's API-server verdict (and the pods a StatefulSet's name
// check builds), and hands back what it read as plain data: each object's value as JSON text (parsing that costs
// a small fraction of reading YAML), the document's problems, and the verdicts. The thread that checks the files
// keeps those documents in the compact form (indexed-document.ts: the source tree is read again only where a
// finding is placed) and reads itself whatever no worker read, or read from other characters, so the findings
// never depend on who computed them.
import type { ClusterSpec, ReadonlyJsonObject, ReadonlyJsonValue } from '@kubesim/engine';
import { parseManifestDocument, type ManifestDocument } from './manifest/manifest-document';
import { IndexedDocument } from './manifest/indexed-document';
import { fileTooLargeProblem } from './manifest/input-limits';
import type { SyntaxProblem } from './manifest/source-span';
import { splitDocuments, type DocumentChunk } from './manifest/split-documents';
import type { PathSegment } from './manifest/yaml-path';
import type { Finding } from './validation/finding';
import { placedVerdictFindingsOf, primePlacedVerdictFindings } from './validation/object-findings';
import { primeStatefulSetPodVerdicts, statefulSetPodVerdictsOf } from './checks/name-length';

/** A run of whole documents of one file: `chunks` are its documents' characters, placed in the file. */
export interface FilePiece {
  readonly offset: number;
  readonly text: string;
  readonly chunks: readonly DocumentChunk[];
}

/** What a worker computed for one document of a piece (offsets relative to the piece): plain data for structured clone. */
interface PieceDocument {
  start: number;
  length: number;
  /**
   * What the worker read: `[value, basePath]` per object as JSON text, the problems and whether the document is
   * templated. Absent when JSON cannot carry a value exactly (a -0): the checking thread reads that document itself.
   */
  reading?: { objects: string; problems: SyntaxProblem[]; isTemplated: boolean };
  /** Per object: its create-time findings placed in the piece (undefined: not computed) and its StatefulSet pods' verdicts. */
  verdicts: { findings: Finding[] | undefined; pods: ReturnType<typeof statefulSetPodVerdictsOf> }[];
}

/** A worker's answer for one piece. */
export interface PieceReading {
  documents: PieceDocument[];
}

/**
 * `text` cut before document starts into pieces of about `pieceChars` (a longer document is a piece of its own); none
 * for a text over `maxChars` (it is one problem, parseManifestFile's). The cuts are those of splitDocuments on the
 * whole text, so a piece read alone splits into the same documents.
 */
export function piecesOfFile(text: string, pieceChars: number, maxChars: number): FilePiece[] {
  if (fileTooLargeProblem(text, maxChars)) return [];
  const pieces: FilePiece[] = [];
  let chunks: DocumentChunk[] = [];
  let chars = 0;
  const close = () => {
    const offset = chunks[0]!.start;
    pieces.push({ offset, text: text.slice(offset, offset + chars), chunks });
    chunks = [];
    chars = 0;
  };
  for (const chunk of splitDocuments(text)) {
    chunks.push(chunk);
    chars += chunk.text.length;
    if (chars >= pieceChars) close();
  }
  if (chunks.length > 0) close();
  return pieces;
}

/** What a worker thread computes for a piece's text, checked against `cluster`. */
export function readPiece(text: string, cluster: ClusterSpec): PieceReading {
  return {
    documents: splitDocuments(text).map((chunk, i) => {
      const document = parseManifestDocument(chunk, i, { detach: false });
      const values = document.objects.map((object) => [object.value, object.basePath] as const);
      const reading = values.some(([value]) => holdsNegativeZero(value))
        ? undefined
        : { objects: JSON.stringify(values), problems: [...document.problems], isTemplated: document.isTemplated };
      return { start: chunk.start, length: chunk.text.length, ...(reading ? { reading } : {}), verdicts: verdictsOf(document, cluster) };
    }),
  };
}

/**
 * The documents of `piece` of the file `text`, numbered from `firstIndex`: those the worker read (`reading`) from
 * the same characters, with their verdicts kept; the others read here, with their verdicts computed here (this
 * thread's share of the run's work).
 */
export function documentsOfPiece(
  text: string,
  piece: FilePiece,
  firstIndex: number,
  cluster: ClusterSpec,
  reading: PieceReading | undefined,
): ManifestDocument[] {
  const byStart = new Map(reading?.documents.map((document) => [piece.offset + document.start, document]));
  return piece.chunks.map((chunk, i) => {
    const read = byStart.get(chunk.start);
    if (!read || read.length !== chunk.text.length || !read.reading) {
      // Placed while the full reading is at hand, then kept compact as the worker's documents are.
      const document = parseManifestDocument(chunk, firstIndex + i, { detach: false });
      keepVerdicts(document, cluster, verdictsOf(document, cluster), 0);
      return new IndexedDocument(text, document.start, document.end, document.index, document.problems, document.isTemplated, document.objects);
    }
    const { objects, problems, isTemplated } = read.reading;
    const shifted = problems.map((problem) => ({ ...problem, start: problem.start + piece.offset, end: problem.end + piece.offset }));
    const values = JSON.parse(objects) as [ReadonlyJsonObject, PathSegment[]][];
    const document = IndexedDocument.ofObjects(text, chunk.start, chunk.start + chunk.text.length, firstIndex + i, shifted, isTemplated, values);
    if (document.objects.length === read.verdicts.length) keepVerdicts(document, cluster, read.verdicts, piece.offset);
    return document;
  });
}

/** Computes now, on this thread, the verdicts of `documents` (the caches keep them: a warm-up). */
export function precomputeVerdicts(documents: readonly ManifestDocument[], cluster: ClusterSpec): void {
  for (const document of documents) keepVerdicts(document, cluster, verdictsOf(document, cluster), 0);
}

function verdictsOf(document: ManifestDocument, cluster: ClusterSpec): PieceDocument['verdicts'] {
  return document.objects.map((object) => {
    const findings = placedVerdictFindingsOf(object, cluster);
    try {
      return { findings, pods: statefulSetPodVerdictsOf(object, cluster) };
    } catch {
      return { findings, pods: [] };
    }
  });
}

// `delta`: how far the document stands from where the findings were placed.
function keepVerdicts(document: ManifestDocument, cluster: ClusterSpec, verdicts: PieceDocument['verdicts'], delta: number): void {
  document.objects.forEach((object, i) => {
    const { findings, pods } = verdicts[i]!;
    if (findings !== undefined) primePlacedVerdictFindings(object, cluster, findings, delta);
    primeStatefulSetPodVerdicts(object, cluster, pods);
  });
}

// JSON writes -0 as 0: such a value is read again where it is checked.
function holdsNegativeZero(value: ReadonlyJsonValue): boolean {
  if (typeof value === 'number') return Object.is(value, -0);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsNegativeZero);
  for (const key in value) if (holdsNegativeZero((value as ReadonlyJsonObject)[key]!)) return true;
  return false;
}
