// Quick fixes for API-server validation findings (reported by the engine's API-server validation) that have one correct repair.
import type { ManifestFile } from '../manifest/manifest-file';
import { locate, objectPathAt, type ManifestObject } from '../manifest/manifest-document';
import { retypedScalar } from '../manifest/scalar-reading';
import type { PathSegment } from '../manifest/yaml-path';
import type { FindingFix } from './check-context';
import { type ClusterSpec, isJsonObject } from '@kubesim/engine';
import { rollingZeroFixes, servedKindFixes } from './editor-fixes';
import { labelSelectorMatches, labelsOf, valueAt } from './label-selector';
import { yamlScalar, insertMapEntries, removeEntry, replaceValue } from './yaml-edits';
import type { TextReplacement } from './check-context';

/**
 * The fixes for a validation finding with `code` (and `message`) that starts at `offset`, if kubesim knows one.
 * `cluster` is the file's cluster, for fixes that depend on what the release serves.
 */
export function fixesForValidationFinding(file: ManifestFile, code: string, offset: number, message = '', cluster?: ClusterSpec): FindingFix[] {
  const document = file.documents.find((candidate) => offset >= candidate.start && offset <= candidate.end);
  const found = document && objectPathAt(document, offset);
  const object = found?.object;
  if (!object) return [];
  if (/-decode-error$/.test(code)) return retypeScalarFix(object, found.path, message);
  if (/^(deployment|replicaset|statefulset)-selector-mismatch$/.test(code)) {
    const missing = addSelectorLabelsFix(object);
    return missing.length > 0 ? missing : conflictingLabelFixes(object);
  }
  if (code === 'deployment-recreate-with-rolling-update') return dropRollingUpdateFix(object);
  if (code === 'deployment-max-unavailable-and-surge-zero' || code === 'daemonset-max-unavailable-and-surge-zero') return rollingZeroFixes(object);
  if ((code === 'kind-not-served' || code === 'api-group-not-served') && cluster) return servedKindFixes(object, cluster);
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

const TEMPLATE_LABELS = ['spec', 'template', 'metadata', 'labels'];
const MATCH_LABELS = ['spec', 'selector', 'matchLabels'];

/**
 * When template labels contradict the selector's matchLabels (`app: api` against `app: web`), either side
 * can give way: the template takes the selector's values (and any label it lacks), or, when the template has
 * every selector key, the selector takes the template's values. Each is offered only if the result matches
 * the whole selector (matchExpressions included). The selector is immutable once the object exists
 * (ValidateDeploymentUpdate and its siblings), so the second fix only helps before the first apply.
 */
function conflictingLabelFixes(object: ManifestObject): FindingFix[] {
  const selector = valueAt(object.value, ['spec', 'selector']);
  const matchLabels = labelsOf(valueAt(object.value, MATCH_LABELS));
  const templateLabels = labelsOf(valueAt(object.value, TEMPLATE_LABELS));
  if (!matchLabels || !templateLabels) return [];
  const conflicts = Object.entries(matchLabels).filter(([key, value]) => templateLabels[key] !== undefined && templateLabels[key] !== value);
  if (conflicts.length === 0) return [];
  const fixes: FindingFix[] = [];
  const missing = Object.entries(matchLabels).filter(([key]) => templateLabels[key] === undefined);
  const fixedTemplate = { ...templateLabels, ...matchLabels };
  if (labelSelectorMatches(selector, fixedTemplate)) {
    const edits = conflicts.map(([key, value]) => replaceValue(object, [...TEMPLATE_LABELS, key], yamlScalar(value)));
    if (missing.length > 0)
      edits.push(
        insertMapEntries(
          object,
          TEMPLATE_LABELS,
          missing.map(([key, value]) => ({ key, value: yamlScalar(value) })),
        ),
      );
    if (edits.every(isEdit)) fixes.push({ title: `Set the template's ${describePairs(conflicts)} (the selector's value)`, edits, isPreferred: true });
  }
  const fixedSelector = isJsonObject(selector)
    ? { ...selector, matchLabels: { ...matchLabels, ...Object.fromEntries(conflicts.map(([key]) => [key, templateLabels[key]!])) } }
    : undefined;
  if (missing.length === 0 && labelSelectorMatches(fixedSelector, templateLabels)) {
    const edits = conflicts.map(([key]) => replaceValue(object, [...MATCH_LABELS, key], yamlScalar(templateLabels[key]!)));
    const pairs = describePairs(conflicts.map(([key]) => [key, templateLabels[key]!]));
    if (edits.every(isEdit)) fixes.push({ title: `Set the selector's ${pairs} (the template's value; a selector cannot change once applied)`, edits });
  }
  return fixes;
}

function isEdit(edit: TextReplacement | undefined): edit is TextReplacement {
  return edit !== undefined;
}

// `app: web` or `app: web, tier: db`.
function describePairs(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([key, value]) => `${key}: ${yamlScalar(value)}`).join(', ');
}

/** Removes `spec.strategy.rollingUpdate`, which strategy Recreate forbids. */
function dropRollingUpdateFix(object: ManifestObject): FindingFix[] {
  if (valueAt(object.value, ['spec', 'strategy', 'type']) !== 'Recreate') return [];
  const edit = removeEntry(object, ['spec', 'strategy', 'rollingUpdate']);
  return edit ? [{ title: 'Remove rollingUpdate (strategy is Recreate)', edits: [edit], isPreferred: true }] : [];
}
