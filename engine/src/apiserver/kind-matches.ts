// Whether a default cluster of a release has a REST mapping for an apiVersion and kind, as kubectl's resource
// builder asks discovery (meta.NoKindMatchError, `no matches for kind "K" in version "G/V"`). Built-in groups
// come from the generated layouts (every group/version of k8s.io/api at the release's tag and the kinds its
// types declare; apiextensions and apiregistration from their own repositories). No CRD can add a kind to a
// built-in group (their names are reserved), and a CRD's group must contain a dot
// (ValidateCustomResourceDefinitionSpec), so a group without one is never served by a CRD either.
import { goLayoutFor } from '../go-layout/go-layouts';
import type { KubernetesVersion } from '../model/kubernetes-version';
import { apiLifecycleOf } from './api-lifecycle';

/** What discovery answers for an apiVersion and kind. */
export type KindMatch =
  /** A built-in kind, a removed or deprecated one (api-lifecycle.ts answers), or a group kubesim leaves alone. */
  | { status: 'built-in' }
  /** A built-in group that does not serve this version or kind: kubectl's error. `closest` names a served kind or version. */
  | { status: 'no-match'; wrong: 'kind' | 'version'; closest?: string }
  /** A group no built-in API serves: a custom resource (served when the cluster has its CRD). */
  | { status: 'custom' }
  /** A group without a dot that no built-in API serves: no CRD can serve it either. */
  | { status: 'no-match-group'; closest?: string };

// The review and admission groups are create-only APIs whose kinds the layouts do not list; a kustomization
// file is kustomize's input, never applied. kubesim says nothing on them.
const UNLISTED_GROUPS = new Set([
  'admission.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'apidiscovery.k8s.io',
  'imagepolicy.k8s.io',
  'kustomize.config.k8s.io',
]);

/** The kinds each group/version of `release` declares, served or not (alpha and beta too). */
function declaredKinds(release: KubernetesVersion): Map<string, Set<string>> {
  const cached = DECLARED.get(release);
  if (cached) return cached;
  const layout = goLayoutFor(release);
  const kinds = new Map<string, Set<string>>();
  for (const [groupVersion, names] of Object.entries(layout.groupVersions)) kinds.set(groupVersion, new Set(names));
  for (const [groupVersion, served] of Object.entries(layout.resources)) {
    const set = kinds.get(groupVersion) ?? new Set<string>();
    for (const name of Object.keys(served)) set.add(name);
    kinds.set(groupVersion, set);
  }
  DECLARED.set(release, kinds);
  return kinds;
}
const DECLARED = new Map<KubernetesVersion, Map<string, Set<string>>>();

function groupOf(groupVersion: string): string {
  const slash = groupVersion.indexOf('/');
  return slash < 0 ? '' : groupVersion.slice(0, slash);
}

/** Whether `release`'s discovery has `kind` in `apiVersion`, and if not, why. */
export function kindMatchOf(apiVersion: string, kind: string, release: KubernetesVersion): KindMatch {
  // Asked for every object on every edit: the answer depends only on these three strings.
  const key = `${release}\u0000${apiVersion}\u0000${kind}`;
  let match = MATCHES.get(key);
  if (match === undefined) {
    if (MATCHES.size > 10_000) MATCHES.clear();
    MATCHES.set(key, (match = Object.freeze(matchOf(apiVersion, kind, release))));
  }
  return match;
}
const MATCHES = new Map<string, KindMatch>();

function matchOf(apiVersion: string, kind: string, release: KubernetesVersion): KindMatch {
  if (apiVersion === '' || kind === '' || apiLifecycleOf(apiVersion, kind, release).status !== 'served') return { status: 'built-in' };
  const slashes = apiVersion.split('/').length - 1;
  if (slashes > 1) return { status: 'built-in' };
  const group = groupOf(apiVersion);
  if (UNLISTED_GROUPS.has(group)) return { status: 'built-in' };
  const declared = declaredKinds(release);
  const groupVersions = [...declared.keys()].filter((groupVersion) => groupOf(groupVersion) === group);
  if (groupVersions.length === 0) {
    if (group.includes('.')) return { status: 'custom' };
    const groups = [...new Set([...declared.keys()].map(groupOf))].filter((name) => name !== '');
    return { status: 'no-match-group', closest: closestOf(group, groups) };
  }
  const kinds = declared.get(apiVersion);
  if (kinds?.has(kind)) return { status: 'built-in' };
  // A List of a kind is read item by item by kubectl (meta.IsListType), never mapped itself.
  if (kind.endsWith('List')) return { status: 'built-in' };
  if (kinds) return { status: 'no-match', wrong: 'kind', closest: closestOf(kind, servedKindsOf(release, apiVersion, kinds)) };
  // An unknown version: the versions of the group that declare this kind.
  const versions = groupVersions.filter((groupVersion) => declared.get(groupVersion)?.has(kind) && goLayoutFor(release).resources[groupVersion]);
  return { status: 'no-match', wrong: 'version', closest: versions[0] };
}

// The kinds a client can create in a served group version (else every declared one).
function servedKindsOf(release: KubernetesVersion, apiVersion: string, declared: Set<string>): string[] {
  const served = goLayoutFor(release).resources[apiVersion];
  return served ? Object.keys(served) : [...declared];
}

/** The candidate nearest to `word` by edit distance (case-insensitive), when it is near enough to be meant. */
function closestOf(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
