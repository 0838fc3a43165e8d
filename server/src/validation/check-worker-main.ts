// Entry of the check worker thread: computes API-server verdicts for objects the main thread sends
// (their JSON only), so a large file's first check uses both cores. Bundled as dist/check-worker.js.
import { parentPort } from 'node:worker_threads';
import type { JsonObject, KubernetesVersion } from '../../../engine/src/index';
import type { CheckedKind } from './apply-defaults';
import { objectVerdict, type ObjectVerdict } from './check-file';

/** A batch of objects to check, and the answer in the same order. */
export interface CheckRequest {
  id: number;
  version: KubernetesVersion;
  items: { kind: CheckedKind; value: JsonObject }[];
}

export interface CheckReply {
  id: number;
  verdicts: (ObjectVerdict | undefined)[];
}

parentPort?.on('message', (request: CheckRequest) => {
  const verdicts = request.items.map((item) => {
    try {
      return objectVerdict(item.kind, item.value, undefined, request.version);
    } catch {
      // The main thread checks it itself (and reports what went wrong there).
      return undefined;
    }
  });
  parentPort!.postMessage({ id: request.id, verdicts } satisfies CheckReply);
});
