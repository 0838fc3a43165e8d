// Checks the arrows of ARCHITECTURE.md: which folder may import what.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { REPO_ROOT } from './shared-path';

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4]!);
}

interface Rule {
  folder: string;
  /** Folders (relative to the repo) that relative imports may reach. */
  mayReach: string[];
  /** Packages that may be imported (exact names or prefixes ending in '/'). */
  packages: string[];
}

const RULES: Rule[] = [
  { folder: 'engine/src', mayReach: ['engine/src'], packages: [] },
  { folder: 'protocol/src', mayReach: ['protocol/src', 'engine/src'], packages: [] },
  { folder: 'server/src/manifest', mayReach: ['server/src/manifest', 'engine/src'], packages: ['yaml'] },
  {
    folder: 'server/src/kustomize',
    mayReach: ['server/src/kustomize', 'server/src/manifest', 'server/src/validation', 'server/src/checks', 'engine/src'],
    packages: ['yaml', 'node:path', 'node:fs', 'node:os', 'node:child_process'],
  },
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
          const target = relative(REPO_ROOT, resolve(dirname(file), specifier));
          if (!rule.mayReach.some((folder) => target === folder || target.startsWith(folder + '/'))) violations.push(`${relative(REPO_ROOT, file)} -> ${specifier}`);
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

test('only server/src/lsp and the server entry points import vscode-languageserver', () => {
  const offenders = sourceFiles(join(REPO_ROOT, 'server', 'src'))
    .filter((file) => importsOf(file).some((specifier) => specifier.startsWith('vscode-languageserver')))
    .map((file) => relative(REPO_ROOT, file))
    .filter((file) => !file.startsWith('server/src/lsp/') && file !== 'server/src/server.ts');
  assert.deepEqual(offenders, []);
});

test('only the kustomize process adapter starts child processes in server/src/kustomize', () => {
  const offenders = sourceFiles(join(REPO_ROOT, 'server', 'src', 'kustomize'))
    .filter((file) => importsOf(file).some((specifier) => specifier === 'node:child_process' || specifier === 'node:os'))
    .map((file) => relative(REPO_ROOT, file));
  assert.deepEqual(offenders, ['server/src/kustomize/kustomize-process.ts']);
});
