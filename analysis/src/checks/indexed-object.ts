// An object of the workspace with the file that holds it, and the namespace it lands in: what the
// workspace view groups and every check reads (kept apart so the view and the context import no cycle).
import type { ManifestObject } from '../manifest/manifest-document';

/** An object somewhere in the workspace and the URI of the file that holds it. */
export interface IndexedObject {
  readonly uri: string;
  readonly object: ManifestObject;
}

/** The namespace an object lands in: its own, or `default` as kubectl apply without `-n`. */
export function namespaceOf(object: ManifestObject): string {
  return object.namespace ?? 'default';
}
