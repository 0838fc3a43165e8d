// Decides which documents the server looks at: YAML and JSON files, by language id or extension.

const LANGUAGES = new Set(['yaml', 'json', 'jsonc', 'helm', 'dockercompose']);

/** True for YAML/JSON documents the server should parse. */
export function isManifestDocument(uri: string, languageId: string): boolean {
  if (LANGUAGES.has(languageId)) return languageId !== 'json' || /\.json$/i.test(uri);
  // kustomize also reads a file named `Kustomization`, which has no extension.
  return /\.(ya?ml|json)$/i.test(uri) || /\/Kustomization$/.test(uri);
}
