// Checks a rendered kustomization as the API server would see it, and moves every finding from the
// rendered text onto the source line that produced the value (see place-on-source.ts).
import type { ClusterSpec } from '@kubesim/engine';
import { objectPathAt } from '../manifest/manifest-document';
import { checkFile } from '../check-file';
import type { Finding } from '../validation/finding';
import type { KustomizeHost } from './kustomization-tree';
import { SourcePlacer } from './place-on-source';
import type { SourcePlace } from './source-place';
import type { RenderedKustomization } from './render-kustomization';

/** A finding placed in a source file of a kustomization. */
export interface PlacedFinding {
  /** Absolute path of the file and its text (the editor's, when open). */
  readonly path: string;
  readonly text: string;
  /** Kept with the rendering across edits (kustomize-session.ts): read, never changed. */
  readonly finding: Readonly<Finding>;
}

/** The findings of one rendered kustomization, on their source files; kustomize's error when the build failed. */
export function checkRenderedKustomization(rendered: RenderedKustomization, host: KustomizeHost, cluster: ClusterSpec): PlacedFinding[] {
  if (rendered.error) {
    const { path, text, span, message } = rendered.error;
    return [
      {
        path,
        text,
        finding: {
          ...span,
          severity: 'error',
          code: 'kustomize-build-error',
          message: `kustomize: ${message}`,
          href: 'https://kubectl.docs.kubernetes.io/references/kustomize/',
        },
      },
    ];
  }
  const file = rendered.file;
  if (!file) return [];
  const byValue = new Map(rendered.objects.map((object) => [object.object.value, object]));
  const placer = new SourcePlacer(rendered.tree, host);
  const placed: PlacedFinding[] = [];
  const findings = checkFile(file, { cluster, workspace: [], uri: `kustomize:${rendered.tree.root.path}` });
  for (const finding of findings) {
    const document = file.documents.find((candidate) => finding.start >= candidate.start && finding.start < candidate.end);
    const at = document ? objectPathAt(document, finding.start) : undefined;
    const object = at ? byValue.get(at.object.value) : undefined;
    const place: SourcePlace =
      object && at
        ? placer.place(object, at.path, at.onKey)
        : { path: rendered.tree.root.path, text: rendered.tree.root.text, span: { start: 0, end: Math.max(1, rendered.tree.root.text.indexOf('\n')) } };
    // Quick fixes edit the rendered text, which the user never sees: they are dropped here.
    const { fixes: _fixes, ...withoutFixes } = finding as Finding & { fixes?: unknown };
    placed.push({ path: place.path, text: place.text, finding: { ...withoutFixes, start: place.span.start, end: place.span.end } });
  }
  return placed;
}
