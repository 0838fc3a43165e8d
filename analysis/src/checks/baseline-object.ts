// Finds, in the baseline file (git HEAD, or the file as it was when opened), the version of an object being edited.
import type { ManifestObject } from '../manifest/manifest-document';
import { objectsOf } from '../manifest/manifest-file';
import { namespaceOf, type Baseline } from './check-context';

/** The baseline object with the same API group, kind, namespace and name, if there is one. */
export function findBaselineObject(object: ManifestObject, baseline: Baseline | undefined): ManifestObject | undefined {
  if (!baseline || !object.name) return undefined;
  const group = groupOf(object.apiVersion);
  return objectsOf(baseline.file).find(
    (old) => old.kind === object.kind && old.name === object.name && namespaceOf(old) === namespaceOf(object) && groupOf(old.apiVersion) === group,
  );
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * How messages name the baseline: "git HEAD" or "the file as it was when opened (…why…)" (the server
 * keeps that version across saves, see server/src/lsp/git-baseline.ts).
 */
export function describeBaseline(baseline: Baseline): string {
  if (baseline.source === 'git') return 'the file at git HEAD';
  if (baseline.source === 'previous') return 'the --previous file';
  if (baseline.reason === 'untrusted') return 'the file as it was when opened (git is not run in an untrusted workspace)';
  if (baseline.reason === 'git-disabled') return 'the file as it was when opened (kubesim.git.enabled is off)';
  return 'the file as it was when opened';
}
