// Quick fixes for API-server validation findings (reported by the engine's API-server validation) that have one correct repair.
import type { ManifestFile } from '../manifest/manifest-file';
import { locate, objectPathAt, type ManifestObject } from '../manifest/manifest-document';
import { retypedScalar } from '../manifest/scalar-reading';
import type { PathSegment } from '../manifest/yaml-path';
import type { FindingFix } from './check-context';
import { labelsOf, valueAt } from './label-selector';
import { yamlScalar, insertMapEntries, removeEntry } from './yaml-edits';

/** The fixes for a validation finding with `code` (and `message`) that starts at `offset`, if kubesim knows one. */
export function fixesForValidationFinding(file: ManifestFile, code: string, offset: number, message = ''): FindingFix[] {
  const document = file.documents.find((candidate) => offset >= candidate.start && offset <= candidate.end);
  const found = document && objectPathAt(document, offset);
  const object = found?.object;
  if (!object) return [];
  if (/-decode-error$/.test(code)) return retypeScalarFix(object, found.path, message);
  if (/^(deployment|replicaset|statefulset)-selector-mismatch$/.test(code)) return addSelectorLabelsFix(object);
  if (code === 'deployment-recreate-with-rolling-update') return dropRollingUpdateFix(object);
  return [];
}

/** Quotes a value YAML typed as a boolean or number where the field takes a string (or unquotes the opposite). */
function retypeScalarFix(object: ManifestObject, path: PathSegment[], message: string): FindingFix[] {
  const location = locate(object, path);
  if (location.depth !== path.length || !location.value) return [];
  const { text, start } = object.document;
  const source = text.slice(location.value.start - start, location.value.end - start);
  const retyped = retypedScalar(source, message);
  if (!retyped) return [];
  const end = location.value.start + source.trimEnd().length;
  return [{ title: retyped.title, edits: [{ start: location.value.start, end, newText: retyped.newText }], isPreferred: true }];
}

/** Adds the selector's matchLabels to the template labels, when no template label contradicts them. */
function addSelectorLabelsFix(object: ManifestObject): FindingFix[] {
  const matchLabels = labelsOf(valueAt(object.value, ['spec', 'selector', 'matchLabels']));
  if (!matchLabels) return [];
  const templateLabels = labelsOf(valueAt(object.value, ['spec', 'template', 'metadata', 'labels'])) ?? {};
  const missing = Object.entries(matchLabels).filter(([key]) => templateLabels[key] === undefined);
  const conflicting = Object.entries(matchLabels).some(([key, value]) => templateLabels[key] !== undefined && templateLabels[key] !== value);
  if (missing.length === 0 || conflicting) return [];
  const edit = insertMapEntries(
    object,
    ['spec', 'template', 'metadata', 'labels'],
    missing.map(([key, value]) => ({ key, value: yamlScalar(value) })),
  );
  return edit ? [{ title: "Add the selector's matchLabels to the template labels", edits: [edit], isPreferred: true }] : [];
}

/** Removes `spec.strategy.rollingUpdate`, which strategy Recreate forbids. */
function dropRollingUpdateFix(object: ManifestObject): FindingFix[] {
  if (valueAt(object.value, ['spec', 'strategy', 'type']) !== 'Recreate') return [];
  const edit = removeEntry(object, ['spec', 'strategy', 'rollingUpdate']);
  return edit ? [{ title: 'Remove rollingUpdate (strategy is Recreate)', edits: [edit], isPreferred: true }] : [];
}
