// Go to definition and find references through the kustomize renderings that read a file: the analysis's
// RenderedNavigation, asked of every root whose last rendering read it, its places turned into file URIs.
import { pathToFileURL } from 'node:url';
import { normalizeUri, pathOfUri, type PathSegment, type SourceSpan } from '@kubesim/analysis';
import type { KustomizeLive } from './kustomize-live';

/** A place in a source file, with the text its span counts in. */
export interface RenderedPlace {
  uri: string;
  text: string;
  span: SourceSpan;
}

/** What the renderings reading `uri` say of the object at `offset`: where its field at `path` leads, or what reaches it. */
export async function renderedNavigation(
  live: KustomizeLive,
  uri: string,
  offset: number,
  path: readonly PathSegment[],
  what: 'definition' | 'references',
): Promise<RenderedPlace[]> {
  const file = pathOfUri(normalizeUri(uri));
  if (file === undefined) return [];
  const seen = new Set<string>();
  const places: RenderedPlace[] = [];
  for (const root of live.session.rootsReading(file)) {
    await live.ensureRendered(root);
    const navigation = live.session.navigationOf(root);
    if (!navigation) continue;
    for (const place of what === 'definition' ? navigation.definitions(file, offset, path) : navigation.references(file, offset)) {
      const key = `${place.path}\u0000${place.span.start}\u0000${place.span.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      places.push({ uri: pathToFileURL(place.path).href, text: place.text, span: place.span });
    }
  }
  return places;
}
