// The one resolver of the server and the CLI: the nearest .kubesim.yaml above a file, the settings or
// flags over it field by field (feature gates gate by gate), and the release make one ClusterSpec,
// kept per folder while nothing changes; each profile problem is reported once.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isFeatureEnabled } from '@kubesim/engine';
import { ClusterResolver, type ProfileNotice } from '../../src/profile/cluster-resolver';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-resolver-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('the nearest profile declares, the overrides win field by field and gate by gate, the release is the resolver’s', () => {
  const root = tree({
    '.kubesim.yaml': 'serviceCIDRs: [10.100.0.0/16]\nclusterDomain: corp.example\nfeatureGates:\n  MaxUnavailableStatefulSet: true\n',
    'team/.kubesim.yaml': 'nodePortRange: 30000-30100\n',
  });
  const resolver = new ClusterResolver('1.33');
  const top = resolver.specFor(join(root, 'web.yaml'));
  assert.equal(top.version, '1.33');
  assert.deepEqual(top.network.serviceCidrs, ['10.100.0.0/16']);
  assert.equal(top.clusterDomain, 'corp.example');
  assert.deepEqual(top.featureGates, { MaxUnavailableStatefulSet: true });
  // The nearest file alone governs (no merging of files): team/ declares only its node ports.
  const team = resolver.specFor(join(root, 'team', 'web.yaml'));
  assert.deepEqual(team.declared, { nodePortRange: { base: 30000, size: 101 } });
  assert.deepEqual(resolver.setOverrides({ clusterDomain: 'flag.example', featureGates: 'ImageVolume=false' }, 'flags'), []);
  const overridden = resolver.specFor(join(root, 'web.yaml'));
  assert.equal(overridden.clusterDomain, 'flag.example');
  assert.deepEqual(overridden.featureGates, { MaxUnavailableStatefulSet: true, ImageVolume: false });
  assert.deepEqual(overridden.network.serviceCidrs, ['10.100.0.0/16']);
  resolver.setRelease('1.36');
  assert.equal(resolver.specFor(join(root, 'web.yaml')).version, '1.36');
});

test('one spec per folder while the profile file and the settings are unchanged; an edit to the file is seen', () => {
  const root = tree({ '.kubesim.yaml': 'clusterDomain: a.example\n' });
  const resolver = new ClusterResolver('1.36');
  const first = resolver.specFor(join(root, 'a.yaml'));
  assert.equal(resolver.specFor(join(root, 'b.yaml')), first);
  // A new modification time is a new reading (the finder keys a file by its path and mtime).
  writeFileSync(join(root, '.kubesim.yaml'), 'clusterDomain: b.example\n');
  const later = new Date(Date.now() + 5000);
  utimesSync(join(root, '.kubesim.yaml'), later, later);
  const edited = resolver.specFor(join(root, 'a.yaml'));
  assert.equal(edited.clusterDomain, 'b.example');
  assert.equal(resolver.specFor(join(root, 'b.yaml')), edited);
  // New settings make new specs.
  resolver.setOverrides({ clusterDomain: 'c.example' }, 'flags');
  assert.equal(resolver.specFor(join(root, 'a.yaml')).clusterDomain, 'c.example');
});

test('problems reach the front-end once each: a bad key in the file, a gate the release does not declare', () => {
  const root = tree({ '.kubesim.yaml': 'nodeports: 1\nfeatureGates:\n  ContainerRestartRules: true\n' });
  const notices: ProfileNotice[] = [];
  const resolver = new ClusterResolver('1.33', (notice) => notices.push(notice));
  const cluster = resolver.specFor(join(root, 'a.yaml'));
  resolver.specFor(join(root, 'b.yaml'));
  resolver.specFor(join(root, 'sub', 'c.yaml'));
  assert.deepEqual(
    notices.map((notice) => notice.kind),
    ['file-problem', 'found', 'gate-problem'],
  );
  assert.match(notices[0]!.text, /unknown key "nodeports"/);
  assert.match(notices[2]!.text, /ContainerRestartRules does not exist in Kubernetes 1\.33/);
  // The declaration is kept as written, and the refused gate changes nothing: 1.33 has no such gate.
  assert.equal(cluster.featureGates.ContainerRestartRules, true);
  assert.equal(isFeatureEnabled('ContainerRestartRules', cluster), false);
});

test('bad settings or flags declare nothing and come back as problems', () => {
  const resolver = new ClusterResolver('1.36');
  const problems = resolver.setOverrides({ nodePortRange: 'lots' }, 'flags');
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /^flags: nodePortRange "lots" must be a port range/);
  assert.deepEqual(resolver.specFor(undefined).declared, {});
});
