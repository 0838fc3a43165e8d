// Checks a rendered kustomization as the API server would see it, and moves every finding from the
// rendered text onto the source line that produced the value (see place-on-source.ts).
import type { ClusterSpec } from '@kubesim/engine';
import { objectPathAt } from '../manifest/manifest-document';
import { checkFile, type CheckOptions } from '../check-file';
import type { Finding } from '../validation/finding';
import type { KustomizeHost } from './kustomization-tree';
import { SourcePlacer } from './place-on-source';
import type { SourcePlace } from './source-place';
import type { RenderedKustomization } from './render-kustomization';
import type { KustomizeErrorLocation } from './kustomize-error';

/** A finding placed in a source file of a kustomization. */
export interface PlacedFinding {
  /** Absolute path of the file and its text (the editor's, when open). */
  readonly path: string;
  readonly text: string;
  /** Kept with the rendering across edits (kustomize-session.ts): read, never changed. */
  readonly finding: Readonly<Finding>;
}

/** The URI a rendering's objects have in a workspace: it stands alone (applied-together.ts), as `kubectl apply -k` applies it. */
export function renderingUri(rendered: RenderedKustomization): string {
  return `kustomize:${rendered.tree.root.path}`;
}

/**
 * The findings of one rendered kustomization, on their source files; kustomize's error when the build failed.
 * `workspace` holds what the rest of the workspace renders (its files, other renderings): a lookup for something
 * missing (a Service another kustomization renders) searches it; what is applied together is the rendering alone.
 */
export function checkRenderedKustomization(
  rendered: RenderedKustomization,
  host: KustomizeHost,
  cluster: ClusterSpec,
  workspace: NonNullable<CheckOptions['workspace']> = [],
): PlacedFinding[] {
  if (rendered.error) return [errorFinding(rendered.error)];
  const file = rendered.file;
  if (!file) return [];
  const byValue = new Map(rendered.objects.map((object) => [object.object.value, object]));
  const placer = new SourcePlacer(rendered.tree, host);
  const placed: PlacedFinding[] = [];
  const findings = checkFile(file, { cluster, workspace, uri: renderingUri(rendered) });
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

const KUSTOMIZE_DOCS = 'https://kubectl.docs.kubernetes.io/references/kustomize/';

// kustomize's error (or the same refusal made before running it) is an error, as `kubectl apply -k` fails;
// a file kubesim does not read or a remote resource it does not fetch is a warning: not checked, not wrong.
function errorFinding(error: KustomizeErrorLocation): PlacedFinding {
  const { path, text, span, message, refusal } = error;
  const finding: Finding =
    refusal === 'limit' || refusal === 'remote'
      ? {
          ...span,
          severity: 'warning',
          code: refusal === 'limit' ? 'kustomize-file-not-read' : 'kustomize-remote-not-fetched',
          message: `${message}; the kustomization is not rendered`,
          href: KUSTOMIZE_DOCS,
        }
      : { ...span, severity: 'error', code: 'kustomize-build-error', message: `kustomize: ${message}`, href: KUSTOMIZE_DOCS };
  return { path, text, finding };
}
