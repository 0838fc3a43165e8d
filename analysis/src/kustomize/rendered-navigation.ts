// Go to definition and find references through a kustomize rendering. The object under the cursor is found
// among the rendered objects (the resource document it was read from, or a patch document applied to it),
// its references are resolved among the rendered objects (where the overlay's labels, prefixes and
// namespace apply), and every answer is mapped back to a source line the way findings are (SourcePlacer).
import type { ManifestObject } from '../manifest/manifest-document';
import { locate } from '../manifest/manifest-document';
import type { SourceSpan } from '../manifest/source-span';
import type { PathSegment } from '../manifest/yaml-path';
import { findReferencesTo, objectReferenceAt, resolveReference } from '../navigation/object-references';
import type { KustomizeHost } from './kustomization-tree';
import { SourcePlacer } from './place-on-source';
import type { RenderedKustomization, RenderedObject } from './render-kustomization';
import type { SourcePlace } from './source-place';

/** How a source document makes a rendered object: read from a resource file, or a patch applied to it. */
type SourceRole = 'resource' | 'patch';

const within = (offset: number, span: SourceSpan) => offset >= span.start && offset <= span.end;

/** Definitions and references answered from one rendering of a kustomization root. */
export class RenderedNavigation {
  private readonly placer: SourcePlacer;
  private readonly byObject: Map<ManifestObject, RenderedObject>;

  constructor(
    private readonly rendered: RenderedKustomization,
    host: KustomizeHost,
  ) {
    this.placer = new SourcePlacer(rendered.tree, host);
    this.byObject = new Map(rendered.objects.map((object) => [object.object, object]));
  }

  /** The rendered objects the document at `offset` of the file at `path` (absolute) makes or patches. */
  objectsAt(path: string, offset: number): { rendered: RenderedObject; role: SourceRole }[] {
    const found: { rendered: RenderedObject; role: SourceRole }[] = [];
    for (const rendered of this.rendered.objects) {
      const base = rendered.provenance.originPath === path ? this.placer.baseObjectOf(rendered) : undefined;
      if (base && within(offset, base.object.document)) found.push({ rendered, role: 'resource' });
      else if (this.placer.patchDocumentsOf(rendered).some((patch) => patch.path === path && within(offset, patch.span)))
        found.push({ rendered, role: 'patch' });
    }
    return found;
  }

  /**
   * Where the field at `fieldPath` (of the object at `offset` of `path`) leads: the objects it names or selects in
   * the rendering; in a patch, off any such field, the resource the patch applies to.
   */
  definitions(path: string, offset: number, fieldPath: readonly PathSegment[]): SourcePlace[] {
    const places: SourcePlace[] = [];
    const all = this.rendered.objects.map(({ object }) => object);
    for (const { rendered, role } of this.objectsAt(path, offset)) {
      const reference = objectReferenceAt(rendered.object, fieldPath);
      if (reference) {
        for (const target of resolveReference(reference, rendered.object, all)) places.push(this.declarationOf(this.byObject.get(target)!));
      } else if (role === 'patch') places.push(this.declarationOf(rendered));
    }
    return unique(places);
  }

  /**
   * What reaches the object at `offset` of `path` in the rendering: the fields of other rendered objects that
   * name or select it (on the line that wrote them), the patches applied to it, and from a patch its resource.
   */
  references(path: string, offset: number): SourcePlace[] {
    const places: SourcePlace[] = [];
    const all = this.rendered.objects.map(({ object }) => object);
    for (const { rendered, role } of this.objectsAt(path, offset)) {
      for (const { object, path: fieldPath } of findReferencesTo(rendered.object, all))
        places.push(this.placer.place(this.byObject.get(object)!, fieldPath, fieldPath[fieldPath.length - 1] === 'selector'));
      for (const patch of this.placer.patchDocumentsOf(rendered))
        places.push({ path: patch.path, text: patch.text, span: patch.name ?? { start: patch.span.start, end: patch.span.start + 1 } });
      if (role === 'patch') places.push(this.declarationOf(rendered));
    }
    return unique(places);
  }

  // The name of the resource a rendered object was read from; a generated object's generator entry.
  private declarationOf(rendered: RenderedObject): SourcePlace {
    const base = this.placer.baseObjectOf(rendered);
    const location = base && locate(base.object, ['metadata', 'name']);
    const span = location?.value ?? location?.key;
    if (base && span) return { path: base.path, text: base.file.text, span };
    return this.placer.place(rendered, ['metadata', 'name'], false);
  }
}

function unique(places: SourcePlace[]): SourcePlace[] {
  const seen = new Set<string>();
  return places.filter((place) => {
    const key = `${place.path}\u0000${place.span.start}\u0000${place.span.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
