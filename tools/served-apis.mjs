// The API groups of tools/gen-go-layouts.mjs: the GA group versions a default cluster serves, the kinds a
// types.go lets a client create, and every group/version of k8s.io/api with its kinds.
import { execFileSync } from 'node:child_process';

// The GA API groups a default cluster serves (kube-apiserver's default resource config enables every
// GA version), with the package key of their types: `group/version` -> [repository, folder, key]. Their
// kinds (types marked `+genclient` that can be created) are the roots of the layout.
export const SERVED_GROUP_VERSIONS = {
  v1: ['api', 'core/v1', 'core'],
  'apps/v1': ['api', 'apps/v1', 'apps'],
  'batch/v1': ['api', 'batch/v1', 'batch'],
  'autoscaling/v1': ['api', 'autoscaling/v1', 'autoscaling'],
  'autoscaling/v2': ['api', 'autoscaling/v2', 'autoscalingv2'],
  'policy/v1': ['api', 'policy/v1', 'policy'],
  'networking.k8s.io/v1': ['api', 'networking/v1', 'networking'],
  'rbac.authorization.k8s.io/v1': ['api', 'rbac/v1', 'rbac'],
  'storage.k8s.io/v1': ['api', 'storage/v1', 'storage'],
  'scheduling.k8s.io/v1': ['api', 'scheduling/v1', 'scheduling'],
  'node.k8s.io/v1': ['api', 'node/v1', 'node'],
  'coordination.k8s.io/v1': ['api', 'coordination/v1', 'coordination'],
  'discovery.k8s.io/v1': ['api', 'discovery/v1', 'discovery'],
  'events.k8s.io/v1': ['api', 'events/v1', 'events'],
  'admissionregistration.k8s.io/v1': ['api', 'admissionregistration/v1', 'admissionregistration'],
  'certificates.k8s.io/v1': ['api', 'certificates/v1', 'certificates'],
  'flowcontrol.apiserver.k8s.io/v1': ['api', 'flowcontrol/v1', 'flowcontrol'],
  'resource.k8s.io/v1': ['api', 'resource/v1', 'resourcev1'],
  'apiextensions.k8s.io/v1': ['apiextensions', 'pkg/apis/apiextensions/v1', 'apiextensions'],
  'apiregistration.k8s.io/v1': ['aggregator', 'pkg/apis/apiregistration/v1', 'apiregistration'],
};

// Group names of the k8s.io/api folders whose name is not the group (the others are `<folder>.k8s.io`).
const GROUP_OF_FOLDER = {
  core: '',
  apps: 'apps',
  batch: 'batch',
  autoscaling: 'autoscaling',
  policy: 'policy',
  extensions: 'extensions',
  rbac: 'rbac.authorization.k8s.io',
  flowcontrol: 'flowcontrol.apiserver.k8s.io',
  apiserverinternal: 'internal.apiserver.k8s.io',
  storagemigration: 'storagemigration.k8s.io',
};

// The types a client can create in one types.go: `+genclient` without `+genclient:onlyVerbs` (or with
// `create` among them), with `+genclient:nonNamespaced` for a cluster-scoped kind.
export function resourceKinds(source) {
  const kinds = {};
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    const struct = /^type\s+(\w+)\s+struct\s*\{/.exec(line);
    if (!struct) return;
    const markers = [];
    for (let i = index - 1; i >= 0; i--) {
      const above = lines[i].trim();
      if (above !== '' && !above.startsWith('//')) break;
      markers.push(above);
    }
    if (!markers.includes('// +genclient')) return;
    const onlyVerbs = markers.find((marker) => marker.startsWith('// +genclient:onlyVerbs='));
    if (onlyVerbs && !onlyVerbs.split('=')[1].split(',').includes('create')) return;
    kinds[struct[1]] = markers.includes('// +genclient:nonNamespaced') ? 'cluster' : 'namespaced';
  });
  return kinds;
}

// The kinds one types.go declares: every struct that embeds TypeMeta (resources, lists and options alike,
// so a kind a group really has is never taken for a typo).
function declaredKinds(source) {
  const kinds = [];
  for (const match of source.matchAll(/^type\s+(\w+)\s+struct\s*\{\s*\n\s*metav1\.TypeMeta\b/gm)) kinds.push(match[1]);
  return kinds;
}

// Every group/version of k8s.io/api at a tag (alpha and beta too) with the kinds its types.go declares:
// what a `no matches for kind` answer is checked against (a declared kind is never reported).
export function allGroupVersions(gitDirs, tags, gitShow) {
  const listing = execFileSync('git', ['--git-dir', gitDirs.api, 'ls-tree', '-r', '--name-only', tags.api], { encoding: 'utf8' });
  const versions = {};
  for (const path of listing.split('\n')) {
    const match = /^([a-z]+)\/(v\d+(?:(?:alpha|beta)\d+)?)\/types\.go$/.exec(path);
    if (!match || ['admission', 'apidiscovery', 'imagepolicy', 'authentication', 'authorization'].includes(match[1])) continue;
    const group = GROUP_OF_FOLDER[match[1]] ?? `${match[1]}.k8s.io`;
    const groupVersion = group === '' ? match[2] : `${group}/${match[2]}`;
    versions[groupVersion] = declaredKinds(gitShow(gitDirs.api, tags.api, path)).sort();
  }
  return versions;
}

// The same tag in every repository, else the newest patch of that minor a repository has (kube-aggregator's
// APIService types do not change within a minor).
export function tagIn(gitDir, tag) {
  if (hasTag(gitDir, tag)) return tag;
  const minor = /^v0\.\d+\./.exec(tag)[0];
  const tags = execFileSync('git', ['--git-dir', gitDir, 'tag', '--list', `${minor}*`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const newest = tags.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).pop();
  if (!newest) throw new Error(`${gitDir}: no tag ${minor}*`);
  return newest;
}

function hasTag(gitDir, tag) {
  try {
    execFileSync('git', ['--git-dir', gitDir, 'rev-parse', '--verify', '--quiet', `refs/tags/${tag}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
