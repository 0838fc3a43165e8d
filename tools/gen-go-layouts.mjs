#!/usr/bin/env node
// Generates engine/src/go-layout/generated/layout-1-XX.ts: the Go struct layouts (field order, Go and JSON
// names, omitempty/omitzero, Go types, +default and +featureGate markers) of every struct
// reachable from apps/v1 Deployment, ReplicaSet and StatefulSet, core/v1 Service and networking.k8s.io/v1
// Ingress, read from the Go type
// declarations of one k8s.io/api + k8s.io/apimachinery release. The go-spew printer and the Go
// JSON encoder of the engine walk these tables, so a manifest hashes as it does on that release;
// the language server's strict-decoding check walks them too (the Service and Ingress roots are only for it).
//
// Run by a developer (not by CI); commit only the output:
//
//   API_GIT=/path/to/kubernetes/api/.git APIMACHINERY_GIT=/path/to/kubernetes/apimachinery/.git \
//     node tools/gen-go-layouts.mjs 1.32=v0.32.13 1.36=v0.36.3 ...
//
// Each argument is `<minor>=<tag>`; give every supported release (the structs they all share go to
// layout-shared.ts). The same tag name is read from every repository, else the newest patch of its minor (bare
// git directories work: files are read with `git --git-dir=DIR show TAG:PATH`). Without arguments the
// releases in DEFAULT_RELEASES are generated. Output goes to engine/src/go-layout/generated/.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allGroupVersions, resourceKinds, SERVED_GROUP_VERSIONS, tagIn } from './served-apis.mjs';

const DEFAULT_RELEASES = ['1.32=v0.32.13', '1.33=v0.33.13', '1.34=v0.34.10', '1.35=v0.35.7', '1.36=v0.36.3', '1.37=v0.37.0-beta.0'];
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(REPO_ROOT, 'engine', 'src', 'go-layout', 'generated');

// Package keys used in type expressions. go-spew prints the Go package *name*, so core, meta and
// apps all print as "v1" (the printer maps them; the keys keep them apart here).
const PACKAGES_BY_IMPORT_PATH = {
  'k8s.io/api/core/v1': 'core',
  'k8s.io/api/apps/v1': 'apps',
  'k8s.io/api/networking/v1': 'networking',
  'k8s.io/api/batch/v1': 'batch',
  'k8s.io/api/autoscaling/v1': 'autoscaling',
  'k8s.io/api/autoscaling/v2': 'autoscalingv2',
  'k8s.io/api/policy/v1': 'policy',
  'k8s.io/api/rbac/v1': 'rbac',
  'k8s.io/api/storage/v1': 'storage',
  'k8s.io/api/scheduling/v1': 'scheduling',
  'k8s.io/api/node/v1': 'node',
  'k8s.io/api/coordination/v1': 'coordination',
  'k8s.io/api/discovery/v1': 'discovery',
  'k8s.io/api/events/v1': 'events',
  'k8s.io/api/admissionregistration/v1': 'admissionregistration',
  'k8s.io/api/certificates/v1': 'certificates',
  'k8s.io/api/flowcontrol/v1': 'flowcontrol',
  'k8s.io/api/resource/v1': 'resourcev1',
  'k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1': 'apiextensions',
  'k8s.io/kube-aggregator/pkg/apis/apiregistration/v1': 'apiregistration',
  'k8s.io/apimachinery/pkg/apis/meta/v1': 'meta',
  'k8s.io/apimachinery/pkg/api/resource': 'resource',
  'k8s.io/apimachinery/pkg/util/intstr': 'intstr',
  'k8s.io/apimachinery/pkg/types': 'types',
  'k8s.io/apimachinery/pkg/runtime': 'runtime',
  'gopkg.in/inf.v0': 'inf',
  time: 'time',
};

// Source files per package key: [repository, path].
const SOURCES = {
  meta: [
    ['apimachinery', 'pkg/apis/meta/v1/types.go'],
    ['apimachinery', 'pkg/apis/meta/v1/time.go'],
    ['apimachinery', 'pkg/apis/meta/v1/micro_time.go'],
    ['apimachinery', 'pkg/apis/meta/v1/duration.go'],
    // FieldsV1 moved here in 1.36 (the default build, without the fieldsv1string tag).
    ['apimachinery', 'pkg/apis/meta/v1/fieldsv1_byte.go', 'optional'],
  ],
  resource: [
    ['apimachinery', 'pkg/api/resource/quantity.go'],
    ['apimachinery', 'pkg/api/resource/amount.go'],
    ['apimachinery', 'pkg/api/resource/scale_int.go'],
  ],
  intstr: [['apimachinery', 'pkg/util/intstr/intstr.go']],
  types: [['apimachinery', 'pkg/types/uid.go']],
};

// Standard-library and third-party types that are not in the two repositories. Their layouts
// are fixed (time.Time since Go 1.9; inf.Dec v0.9.1).
const FIXED_STRUCTS = {
  'time.Time': [
    ['wall', '', '', 'uint64'],
    ['ext', '', '', 'int64'],
    ['loc', '', '', '*time.Location'],
  ],
  'time.Location': [],
  // Decoded by its own UnmarshalJSON (any JSON value is kept raw); strict decoding does not look inside.
  'runtime.RawExtension': [],
  'inf.Dec': [
    ['unscaled', '', '', 'big.Int'],
    ['scale', '', '', 'inf.Scale'],
  ],
  'big.Int': [
    ['neg', '', '', 'bool'],
    ['abs', '', '', 'big.nat'],
  ],
};
const FIXED_NAMED = { 'inf.Scale': 'int32', 'big.nat': '[]big.Word', 'big.Word': 'uint', 'time.Duration': 'int64' };

const BUILTINS = new Set([
  'string',
  'bool',
  'byte',
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'float32',
  'float64',
  'rune',
]);

function gitShow(gitDir, tag, path) {
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${tag}:${path}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

function hasFile(gitDir, tag, path) {
  try {
    execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${tag}:${path}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function readImports(source) {
  const aliases = {};
  const block = /^import\s*\(([\s\S]*?)^\)/m.exec(source);
  const lines = block ? block[1].split('\n') : [];
  const single = /^import\s+(\w+\s+)?"([^"]+)"/m.exec(source);
  if (single) lines.push(`${single[1] ?? ''}"${single[2]}"`);
  for (const line of lines) {
    const match = /^\s*(\w+\s+)?"([^"]+)"/.exec(line);
    if (!match) continue;
    const path = match[2];
    const alias = match[1]
      ? match[1].trim()
      : path
          .split('/')
          .pop()
          .replace(/\.v\d+$/, '');
    aliases[alias] = PACKAGES_BY_IMPORT_PATH[path] ?? `?${path}`;
  }
  return aliases;
}

// Rewrites a Go type expression of package `pkg` into one with package keys: "[]Container" in
// core becomes "[]core.Container", "metav1.Time" becomes "meta.Time".
function qualify(expr, pkg, aliases) {
  const prefix = /^(\*|\[\])/.exec(expr);
  if (prefix) return prefix[1] + qualify(expr.slice(prefix[1].length), pkg, aliases);
  if (expr.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < expr.length; i++) {
      if (expr[i] === '[') depth++;
      else if (expr[i] === ']' && --depth === 0) {
        return `map[${qualify(expr.slice(4, i), pkg, aliases)}]${qualify(expr.slice(i + 1), pkg, aliases)}`;
      }
    }
  }
  if (BUILTINS.has(expr)) return expr === 'byte' ? 'uint8' : expr === 'rune' ? 'int32' : expr;
  const dot = expr.indexOf('.');
  if (dot > 0) return `${aliases[expr.slice(0, dot)] ?? expr.slice(0, dot)}.${expr.slice(dot + 1)}`;
  return `${pkg}.${expr}`;
}

function parseTag(tag) {
  const json = /json:"([^"]*)"/.exec(tag ?? '');
  if (!json) return { json: undefined, options: [] };
  const [name, ...options] = json[1].split(',');
  return { json: name, options };
}

// Parses `type X struct {...}` and `type X <underlying>` declarations of one Go file.
function parseGoFile(source, pkg, structs, named) {
  const aliases = readImports(source);
  const lines = source.split('\n');
  let current;
  let markers = [];
  let inBlockComment = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inBlockComment) {
      if (line.includes('*/')) inBlockComment = false;
      continue;
    }
    if (line.startsWith('/*')) {
      inBlockComment = !line.includes('*/');
      continue;
    }
    if (current) {
      if (line.startsWith('//')) {
        const marker = /^\/\/\s*\+(default|featureGate)[=:](.*)$/.exec(line);
        if (marker) markers.push([marker[1], marker[2].trim()]);
        continue;
      }
      if (line === '}') {
        current = undefined;
        markers = [];
        continue;
      }
      if (line === '') {
        markers = [];
        continue;
      }
      const code = line.replace(/\s+\/\/.*$/, '');
      const tagMatch = /`([^`]*)`/.exec(code);
      const tag = tagMatch ? tagMatch[1] : '';
      const head = code.replace(/`[^`]*`/, '').trim();
      const parts = head.split(/\s+/);
      let field;
      const { json, options } = parseTag(tag);
      let flags = '';
      if (options.includes('omitempty')) flags += 'o';
      if (options.includes('omitzero')) flags += 'z';
      if (options.includes('inline')) flags += 'i';
      if (parts.length === 1) {
        // Embedded field: its name is the type's name without package or pointer.
        const type = qualify(parts[0], pkg, aliases);
        const name = parts[0].replace(/^\*/, '').split('.').pop();
        field = [name, json ?? '', `${flags}e`, type];
      } else {
        const names = parts.slice(0, -1).join('').split(',');
        const type = qualify(parts[parts.length - 1], pkg, aliases);
        if (names.length !== 1) throw new Error(`multi-name field in ${current.name}: ${line}`);
        field = [names[0], json ?? '', flags, type];
      }
      const extras = {};
      for (const [kind, value] of markers) extras[kind] = value;
      if (Object.keys(extras).length) field.push(extras);
      current.fields.push(field);
      markers = [];
      continue;
    }
    const struct = /^type\s+(\w+)\s+struct\s*\{\s*(\})?\s*$/.exec(line);
    if (struct) {
      const entry = { name: `${pkg}.${struct[1]}`, fields: [] };
      structs[entry.name] = entry.fields;
      if (!struct[2]) current = entry;
      markers = [];
      continue;
    }
    const other = /^type\s+(\w+)\s+(=\s*)?([\w.*[\]]+)\s*(\/\/.*)?$/.exec(line);
    if (other && other[3] !== 'interface' && other[3] !== 'func') named[`${pkg}.${other[1]}`] = qualify(other[3], pkg, aliases);
  }
}

function referencedNames(expr) {
  return [...expr.matchAll(/[a-z][a-z0-9]*\.[A-Za-z0-9_]+/g)].map((m) => m[0]);
}

function generate(minor, tags, gitDirs) {
  const structs = { ...FIXED_STRUCTS };
  const named = { ...FIXED_NAMED };
  for (const [pkg, files] of Object.entries(SOURCES)) {
    for (const [repo, path, optional] of files) {
      if (optional && !hasFile(gitDirs[repo], tags[repo], path)) continue;
      parseGoFile(gitShow(gitDirs[repo], tags[repo], path), pkg, structs, named);
    }
  }
  // The served group versions: every types*.go of their folder, and their creatable kinds as roots.
  const resources = {};
  const roots = [];
  for (const [groupVersion, [repo, folder, pkg]] of Object.entries(SERVED_GROUP_VERSIONS)) {
    if (!hasFile(gitDirs[repo], tags[repo], `${folder}/types.go`)) continue;
    const listing = execFileSync('git', ['--git-dir', gitDirs[repo], 'ls-tree', '--name-only', `${tags[repo]}:${folder}`], { encoding: 'utf8' });
    const files = listing.split('\n').filter((name) => /^types.*\.go$/.test(name) && !/(_test|generated)\.go$/.test(name));
    if (files.length === 0) continue;
    const kinds = {};
    for (const file of files) {
      const source = gitShow(gitDirs[repo], tags[repo], `${folder}/${file}`);
      parseGoFile(source, pkg, structs, named);
      Object.assign(kinds, resourceKinds(source));
    }
    resources[groupVersion] = {};
    for (const kind of Object.keys(kinds).sort()) {
      resources[groupVersion][kind] = [`${pkg}.${kind}`, kinds[kind]];
      roots.push(`${pkg}.${kind}`);
    }
  }
  // Keep only what the roots reach.
  const keptStructs = {};
  const keptNamed = {};
  const queue = [...roots];
  while (queue.length) {
    const name = queue.shift();
    if (keptStructs[name] || keptNamed[name]) continue;
    if (structs[name]) {
      keptStructs[name] = structs[name];
      for (const field of structs[name]) queue.push(...referencedNames(field[3]));
    } else if (named[name]) {
      keptNamed[name] = named[name];
      queue.push(...referencedNames(named[name]));
    } else {
      throw new Error(`${tags.api}: type ${name} not found`);
    }
  }
  const groupVersions = allGroupVersions(gitDirs, tags, gitShow);
  const tag = tags.api;
  const apiGit = gitDirs.api;
  const machineryGit = gitDirs.apimachinery;
  const apiCommit = execFileSync('git', ['--git-dir', apiGit, 'rev-list', '-n', '1', tag], { encoding: 'utf8' }).trim();
  const machineryCommit = execFileSync('git', ['--git-dir', machineryGit, 'rev-list', '-n', '1', tag], { encoding: 'utf8' }).trim();
  return {
    minor,
    tag,
    header: `k8s.io/api ${tag} (${apiCommit}) and k8s.io/apimachinery ${tag} (${machineryCommit})`,
    keptStructs,
    keptNamed,
    resources,
    groupVersions,
  };
}

// Writes layout-shared.ts (the structs and named types every release declares alike) and one file per release
// with the rest: the releases differ in a few dozen structs, so the bundles carry the common ones once.
function writeLayouts(layouts) {
  const same = (table, name) => layouts.every((layout) => JSON.stringify(layout[table][name]) === JSON.stringify(layouts[0][table][name]));
  const sharedStructs = Object.keys(layouts[0].keptStructs)
    .filter((name) => same('keptStructs', name))
    .sort();
  const sharedNamed = Object.keys(layouts[0].keptNamed)
    .filter((name) => same('keptNamed', name))
    .sort();
  const shared = ['// The Go struct layouts every generated release declares alike (see layout-1-XX.ts for the releases).'];
  shared.push('// Generated by tools/gen-go-layouts.mjs from the Go type declarations; do not edit by hand.');
  shared.push("import type { GoField } from '../go-layout-types';", '');
  shared.push(`/** Structs shared by ${layouts.map((layout) => layout.minor).join(', ')}. */`);
  shared.push('export const SHARED_STRUCTS: Record<string, GoField[]> = {');
  for (const name of sharedStructs) shared.push(`  ${JSON.stringify(name)}: ${JSON.stringify(layouts[0].keptStructs[name])},`);
  shared.push('};', '', '/** Named types shared by every release. */', 'export const SHARED_NAMED: Record<string, string> = {');
  for (const name of sharedNamed) shared.push(`  ${JSON.stringify(name)}: ${JSON.stringify(layouts[0].keptNamed[name])},`);
  shared.push('};');
  writeFileSync(join(OUT_DIR, 'layout-shared.ts'), shared.join('\n') + '\n');
  const structSet = new Set(sharedStructs);
  const namedSet = new Set(sharedNamed);
  for (const { minor, tag, header, keptStructs, keptNamed, resources, groupVersions } of layouts) {
    const out = [`// Go struct layouts of ${header}.`];
    out.push('// Generated by tools/gen-go-layouts.mjs from the Go type declarations; do not edit by hand.');
    out.push("import type { GoLayout } from '../go-layout-types';", "import { SHARED_NAMED, SHARED_STRUCTS } from './layout-shared';", '');
    out.push(`/** Struct layouts of Kubernetes ${minor} (k8s.io/api ${tag}). */`);
    out.push(`export const GO_LAYOUT_${minor.replace('.', '_')}: GoLayout = {`);
    out.push(`  release: ${JSON.stringify(tag)},`);
    out.push('  structs: {', '    ...SHARED_STRUCTS,');
    for (const name of Object.keys(keptStructs).sort())
      if (!structSet.has(name)) out.push(`    ${JSON.stringify(name)}: ${JSON.stringify(keptStructs[name])},`);
    out.push('  },', '  named: {', '    ...SHARED_NAMED,');
    for (const name of Object.keys(keptNamed).sort()) if (!namedSet.has(name)) out.push(`    ${JSON.stringify(name)}: ${JSON.stringify(keptNamed[name])},`);
    out.push('  },', '  resources: {');
    for (const [groupVersion, kinds] of Object.entries(resources)) out.push(`    ${JSON.stringify(groupVersion)}: ${JSON.stringify(kinds)},`);
    out.push('  },', '  groupVersions: {');
    for (const name of Object.keys(groupVersions).sort()) out.push(`    ${JSON.stringify(name)}: ${JSON.stringify(groupVersions[name])},`);
    out.push('  },', '};');
    const file = join(OUT_DIR, `layout-${minor.replace('.', '-')}.ts`);
    writeFileSync(file, out.join('\n') + '\n');
    console.log(`${file}: ${Object.keys(keptStructs).length} structs (${Object.keys(keptStructs).length - structSet.size} own)`);
  }
}

const gitDirs = {
  api: process.env.API_GIT,
  apimachinery: process.env.APIMACHINERY_GIT,
  apiextensions: process.env.APIEXTENSIONS_GIT,
  aggregator: process.env.AGGREGATOR_GIT,
};
if (Object.values(gitDirs).some((dir) => !dir)) {
  console.error('set API_GIT, APIMACHINERY_GIT, APIEXTENSIONS_GIT and AGGREGATOR_GIT to the git directories of kubernetes/api,');
  console.error('kubernetes/apimachinery, kubernetes/apiextensions-apiserver and kubernetes/kube-aggregator');
  process.exit(2);
}

const releases = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_RELEASES;
writeLayouts(
  releases.map((release) => {
    const [minor, tag] = release.split('=');
    const tags = Object.fromEntries(Object.entries(gitDirs).map(([repo, dir]) => [repo, tagIn(dir, tag)]));
    return generate(minor, tags, gitDirs);
  }),
);
