// Checks the arrows of ARCHITECTURE.md: which folder may import what.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { REPO_ROOT } from '../support/paths';

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4]!);
}

interface Rule {
  folder: string;
  /** Folders (relative to the repo) that relative imports may reach (never inside another package: the engine is `@kubesim/engine`). */
  mayReach: string[];
  /** Packages that may be imported (exact names or prefixes ending in '/'). */
  packages: string[];
}

// One row per source folder of ARCHITECTURE.md's code map; `every source folder has a rule` keeps it whole.
const RULES: Rule[] = [
  { folder: 'engine/src', mayReach: ['engine/src'], packages: [] },
  { folder: 'protocol/src', mayReach: ['protocol/src'], packages: ['@kubesim/engine'] },
  { folder: 'analysis/src/manifest', mayReach: ['analysis/src/manifest'], packages: ['@kubesim/engine', 'yaml'] },
  { folder: 'analysis/src/validation', mayReach: ['analysis/src/validation', 'analysis/src/manifest'], packages: ['@kubesim/engine'] },
  {
    folder: 'analysis/src/checks',
    mayReach: ['analysis/src/checks', 'analysis/src/validation', 'analysis/src/manifest'],
    packages: ['@kubesim/engine', 'yaml'],
  },
  { folder: 'analysis/src/schema', mayReach: ['analysis/src/schema', 'analysis/src/manifest'], packages: ['@kubesim/engine'] },
  {
    folder: 'analysis/src/navigation',
    mayReach: ['analysis/src/navigation', 'analysis/src/manifest', 'analysis/src/facts', 'analysis/src/checks'],
    packages: ['@kubesim/engine'],
  },
  { folder: 'analysis/src/facts', mayReach: ['analysis/src/facts', 'analysis/src/checks', 'analysis/src/manifest'], packages: ['@kubesim/engine'] },
  {
    folder: 'analysis/src/workspace',
    mayReach: ['analysis/src/workspace', 'analysis/src/checks', 'analysis/src/manifest', 'analysis/src/read-manifest-file.ts'],
    packages: ['@kubesim/engine', 'node:'],
  },
  {
    folder: 'analysis/src/kustomize',
    mayReach: ['analysis/src/kustomize', 'analysis/src/manifest', 'analysis/src/validation', 'analysis/src/navigation', 'analysis/src/check-file.ts'],
    packages: ['@kubesim/engine', 'yaml', 'node:path', 'node:fs', 'node:os', 'node:child_process'],
  },
  {
    folder: 'analysis/src/custom-resources',
    mayReach: ['analysis/src/custom-resources', 'analysis/src/validation', 'analysis/src/manifest', 'analysis/src/checks', 'analysis/src/profile'],
    packages: ['@kubesim/engine', '@bufbuild/cel', '@bufbuild/cel/ext', '@bufbuild/re2'],
  },
  {
    folder: 'analysis/src/preview',
    mayReach: [
      'analysis/src/preview',
      'analysis/src/workspace/scan-folder.ts',
      'analysis/src/manifest',
      'analysis/src/checks',
      'analysis/src/facts',
      'analysis/src/validation',
    ],
    packages: ['@kubesim/engine', 'node:'],
  },
  { folder: 'analysis/src/profile', mayReach: ['analysis/src/profile', 'analysis/src/read-manifest-file.ts'], packages: ['@kubesim/engine', 'yaml', 'node:'] },
  // The CEL implementation is allowed here for analysis/src/custom-resources only (its own row holds the rest to it).
  { folder: 'analysis/src', mayReach: ['analysis/src'], packages: ['@kubesim/engine', 'yaml', 'node:', '@bufbuild/cel', '@bufbuild/cel/ext', '@bufbuild/re2'] },
  // The front-ends reach the analysis through its front door, `@kubesim/analysis` (analysis/src/index.ts), never by a deep path.
  {
    folder: 'server/src',
    mayReach: ['server/src', 'protocol/src'],
    packages: ['@kubesim/engine', '@kubesim/analysis', 'vscode-languageserver/', 'vscode-languageserver-textdocument', 'node:'],
  },
  { folder: 'cli/src', mayReach: ['cli/src', 'protocol/src', 'server/src/server.ts'], packages: ['@kubesim/engine', '@kubesim/analysis', 'node:'] },
  { folder: 'media/src', mayReach: ['media/src', 'protocol/src'], packages: [] },
  { folder: 'client/src', mayReach: ['client/src', 'protocol/src'], packages: ['vscode', 'vscode-languageclient', 'vscode-languageclient/', 'node:'] },
];

function allowedPackage(specifier: string, packages: string[]): boolean {
  return packages.some((name) => (name.endsWith('/') || name.endsWith(':') ? specifier.startsWith(name) : specifier === name));
}

for (const rule of RULES) {
  test(`${rule.folder} imports only ${[...rule.mayReach, ...rule.packages].join(', ') || 'itself'}`, () => {
    const violations: string[] = [];
    for (const file of sourceFiles(join(REPO_ROOT, rule.folder))) {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          // A dynamic import names the compiled file (`./x.js`): the same module as `./x`.
          const target = relative(REPO_ROOT, resolve(dirname(file), specifier)).replace(/\.js$/, '');
          if (!rule.mayReach.some((folder) => target === folder || target === folder.replace(/\.ts$/, '') || target.startsWith(folder + '/')))
            violations.push(`${relative(REPO_ROOT, file)} -> ${specifier}`);
        } else if (!allowedPackage(specifier, rule.packages)) {
          violations.push(`${relative(REPO_ROOT, file)} -> ${specifier}`);
        }
      }
    }
    assert.deepEqual(violations, []);
  });
}

test('the import scanner sees every import form', () => {
  const sample = "import a from 'x';\nimport { b } from \"y\";\nexport * from './z';\nconst c = require('w');\nimport 'v';\nconst d = import('u');\n";
  const file = join(tmpdir(), 'kubesim-architecture-sample.ts');
  writeFileSync(file, sample);
  assert.deepEqual(importsOf(file).sort(), ['./z', 'u', 'v', 'w', 'x', 'y']);
});

test('within server/src, only lsp/ and the server entry points import vscode-languageserver', () => {
  const offenders = sourceFiles(join(REPO_ROOT, 'server', 'src'))
    .filter((file) => importsOf(file).some((specifier) => specifier.startsWith('vscode-languageserver')))
    .map((file) => relative(REPO_ROOT, file))
    .filter((file) => !file.startsWith('server/src/lsp/') && !['server/src/server.ts', 'server/src/server-main.ts', 'server/src/server-lsp.ts'].includes(file));
  assert.deepEqual(offenders, []);
});

test('every source folder has a rule', () => {
  const ruled = new Set(RULES.map((rule) => rule.folder));
  const folders = ['engine', 'protocol', 'analysis', 'server', 'cli', 'media', 'client'].flatMap((top) => sourceFolders(join(REPO_ROOT, top, 'src')));
  const unruled = folders
    .map((folder) => relative(REPO_ROOT, folder))
    .filter((folder) => ![...ruled].some((rule) => folder === rule || folder.startsWith(rule + '/')));
  assert.deepEqual(unruled, []);
});

function sourceFolders(directory: string): string[] {
  return [
    directory,
    ...readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => sourceFolders(join(directory, entry.name))),
  ];
}

test('no import cycle between source files', () => {
  const files = ['engine', 'protocol', 'analysis', 'server', 'cli', 'media', 'client'].flatMap((top) => sourceFiles(join(REPO_ROOT, top, 'src')));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier))
      .flatMap((target) => [target + '.ts', join(target, 'index.ts'), target].filter((candidate) => known.has(candidate)).slice(0, 1));
    edges.set(file, targets);
  }
  assert.deepEqual(
    cyclesOf(edges).map((cycle) => cycle.map((file) => relative(REPO_ROOT, file))),
    [],
  );
});

/** Strongly connected components of more than one file (Tarjan's algorithm), or a file importing itself. */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

test('the cycle finder finds a cycle', () => {
  const edges = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(cyclesOf(edges), [['a', 'b', 'c']]);
});

test('only the kustomize process adapter starts child processes in analysis/src/kustomize', () => {
  const offenders = sourceFiles(join(REPO_ROOT, 'analysis', 'src', 'kustomize'))
    .filter((file) => importsOf(file).some((specifier) => specifier === 'node:child_process' || specifier === 'node:os'))
    .map((file) => relative(REPO_ROOT, file));
  assert.deepEqual(offenders, ['analysis/src/kustomize/kustomize-process.ts']);
});

test('the engine index names each export, and another package uses each', () => {
  const index = readFileSync(join(REPO_ROOT, 'engine', 'src', 'index.ts'), 'utf8');
  assert.doesNotMatch(index, /export \*/, 'the public index lists names, not whole modules');
  const names = [...index.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
  );
  assert.ok(names.length > 0);
  const users = ['analysis', 'server', 'cli', 'protocol', 'test', 'engine/test']
    .flatMap((top) => sourceFiles(join(REPO_ROOT, top)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const unused = names.filter((name) => !new RegExp(`\\b${name}\\b`).test(users));
  assert.deepEqual(unused, []);
});

test('the analysis index names each export, and the server or the CLI uses each', () => {
  const index = readFileSync(join(REPO_ROOT, 'analysis', 'src', 'index.ts'), 'utf8');
  assert.doesNotMatch(index, /export \*/, 'the front door lists names, not whole modules');
  const names = [...index.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
  );
  assert.ok(names.length > 0);
  const users = ['server/src', 'cli/src']
    .flatMap((top) => sourceFiles(join(REPO_ROOT, top)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const unused = names.filter((name) => !new RegExp(`\\b${name}\\b`).test(users));
  assert.deepEqual(unused, []);
});

// The cluster a manifest is checked against is one value (ARCHITECTURE.md, model/cluster-spec.ts):
// a function takes a ClusterSpec, never a release beside gates, a network or a profile it could
// contradict. Reads every `function name(...)` parameter list of the source folders.
function clusterParameterPairs(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bfunction\s+(\w+)\s*(?:<[^>]*>)?\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < text.length && depth > 0) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')') depth--;
      end++;
    }
    const parameters = text.slice(match.index + match[0].length, end - 1);
    if (/:\s*KubernetesVersion\b/.test(parameters) && /:\s*(?:ClusterSpec|ClusterNetwork|FeatureGateOverrides|ClusterProfile)\b/.test(parameters)) {
      found.push(match[1]!);
    }
  }
  return found;
}

test('the cluster travels as one ClusterSpec: no function takes a release beside gates, a network or a profile', () => {
  assert.deepEqual(clusterParameterPairs('function a(version: KubernetesVersion, network: ClusterNetwork) {}\nfunction b(cluster: ClusterSpec) {}'), ['a']);
  const offenders = ['engine/src', 'analysis/src', 'server/src', 'cli/src']
    .flatMap((folder) => sourceFiles(join(REPO_ROOT, folder)))
    .flatMap((file) => clusterParameterPairs(readFileSync(file, 'utf8')).map((name) => `${relative(REPO_ROOT, file)}: ${name}`));
  assert.deepEqual(offenders, []);
});

// The engine's own layers, bottom up: a folder imports only folders of a lower layer (and itself). Derived from the
// imports and kept by this test: the object model at the bottom; the Go layouts, the kubelet and the revision history
// on it; defaulting, then hashing, then the API server; the cluster (store, events); the controllers; Services
// (which follow Deployments' pods); kubectl's printers and commands; sessions and the preview on top.
const ENGINE_LAYERS: Record<string, number> = {
  model: 0,
  quantity: 0,
  'go-layout': 1,
  kubelet: 1,
  history: 1,
  defaulting: 2,
  hash: 3,
  scheduler: 3,
  apiserver: 4,
  cluster: 5,
  deployment: 6,
  replicaset: 6,
  statefulset: 6,
  job: 6,
  daemonset: 6,
  cronjob: 7,
  autoscaler: 7,
  service: 7,
  kubectl: 8,
  session: 9,
};

test('engine folders import only the layers below them', () => {
  const engine = join(REPO_ROOT, 'engine', 'src');
  const folders = readdirSync(engine, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual(
    folders.filter((folder) => ENGINE_LAYERS[folder] === undefined),
    [],
    'every engine folder has a layer',
  );
  const upward: string[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(join(engine, folder))) {
      for (const specifier of importsOf(file).filter((item) => item.startsWith('.'))) {
        const target = relative(engine, resolve(dirname(file), specifier)).split('/')[0]!;
        const layer = ENGINE_LAYERS[target];
        if (target === folder || layer === undefined) continue;
        if (layer >= ENGINE_LAYERS[folder]!) upward.push(`${relative(REPO_ROOT, file)} -> ${specifier}`);
      }
    }
  }
  assert.deepEqual(upward, []);
});
