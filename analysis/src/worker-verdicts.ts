// What a worker thread computes ahead for the documents of a piece of a file, from their text and the cluster
// alone: each object's API-server verdict and the pods a StatefulSet's name check builds. The thread that places
// the findings keeps them (primeWorkerVerdicts) for the documents whose text is the same, and computes whatever
// is missing itself, so the findings never depend on who computed them. `kubesim check` runs on every core so.
import type { ClusterSpec, ObjectVerdict } from '@kubesim/engine';
import type { ManifestDocument } from './manifest/manifest-document';
import type { ManifestFile } from './manifest/manifest-file';
import { objectVerdictOf, primeObjectVerdict } from './validation/object-findings';
import { primeStatefulSetPodVerdicts, statefulSetPodVerdictsOf } from './checks/name-length';

/** Per document of a piece (its offset in the piece and length, to find it again): plain data for structured clone. */
export interface WorkerVerdicts {
  documents: {
    start: number;
    length: number;
    objects: { verdict: ObjectVerdict | undefined; pods: ReturnType<typeof statefulSetPodVerdictsOf> }[];
  }[];
}

/** Everything a worker computes ahead for the documents of `file` (a piece of a larger text, or a whole file) on `cluster`. */
export function workerVerdictsOf(file: ManifestFile, cluster: ClusterSpec): WorkerVerdicts {
  return verdictsOfDocuments(file.documents, cluster);
}

/**
 * Computes now, on this thread, what a worker would for the documents of `file` that start in [from, to): the
 * caches then hold it for checkFile. The main thread does so for its share of a large file.
 */
export function precomputeVerdicts(file: ManifestFile, cluster: ClusterSpec, from: number, to: number): void {
  const documents = file.documents.filter((document) => document.start >= from && document.start < to);
  primeWorkerVerdicts(file, cluster, verdictsOfDocuments(documents, cluster), 0);
}

function verdictsOfDocuments(documents: readonly ManifestDocument[], cluster: ClusterSpec): WorkerVerdicts {
  return {
    documents: documents.map((document) => ({
      start: document.start,
      length: document.text.length,
      objects: document.objects.map((object) => {
        const verdict = objectVerdictOf(object, cluster);
        try {
          return { verdict, pods: statefulSetPodVerdictsOf(object, cluster) };
        } catch {
          return { verdict, pods: [] };
        }
      }),
    })),
  };
}

/**
 * Keeps what workerVerdictsOf computed elsewhere, for the same cluster, on a piece that starts at `offset` in
 * `file`'s text: a document is matched by its start and length (the same characters of the same text, so the
 * same parse); one that does not line up is left for checkFile to compute.
 */
export function primeWorkerVerdicts(file: ManifestFile, cluster: ClusterSpec, computed: WorkerVerdicts, offset: number): void {
  const byStart = documentsByStart(file);
  for (const entry of computed.documents) {
    const document = byStart.get(offset + entry.start);
    if (!document || document.text.length !== entry.length || document.objects.length !== entry.objects.length) continue;
    document.objects.forEach((object, i) => {
      const { verdict, pods } = entry.objects[i]!;
      if (verdict !== undefined) primeObjectVerdict(object, cluster, verdict);
      primeStatefulSetPodVerdicts(object, cluster, pods);
    });
  }
}

// A file's documents by start offset, made once per parsed file (a large file is primed piece by piece).
const startIndexes = new WeakMap<ManifestFile, Map<number, ManifestDocument>>();

function documentsByStart(file: ManifestFile): Map<number, ManifestDocument> {
  let byStart = startIndexes.get(file);
  if (!byStart) {
    byStart = new Map(file.documents.map((document) => [document.start, document]));
    startIndexes.set(file, byStart);
  }
  return byStart;
}
