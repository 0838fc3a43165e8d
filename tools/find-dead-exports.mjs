#!/usr/bin/env node
// Lists exports no other file uses: each name a source file exports (engine, protocol, analysis, server, cli,
// client, media) that appears as a word in no other source or test file, apart from the index files that only
// re-export it. Conservative: a name also spelled elsewhere (a property, a comment) counts as used.
// Usage: node tools/find-dead-exports.mjs   (exit 1 when it finds some; `npm run lint` runs it)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const SOURCE_TOPS = ['engine', 'protocol', 'analysis', 'server', 'cli', 'client', 'media'];
const SKIP = new Set(['node_modules', 'out', 'dist', '.git', '.e2e-work', 'generated']);

function files(folder, accept) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? files(path, accept) : accept(entry.name) ? [path] : [];
  });
}

const isTs = (name) => /\.(ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts');
const sources = SOURCE_TOPS.flatMap((top) => files(join(root, top, 'src'), isTs));
const everyFile = [
  ...new Set(
    [...SOURCE_TOPS.map((top) => join(root, top)), join(root, 'test'), join(root, 'tools')].flatMap((folder) =>
      files(folder, (name) => isTs(name) || /\.(mjs|cjs|js)$/.test(name)),
    ),
  ),
];
const texts = new Map(everyFile.map((path) => [path, readFileSync(path, 'utf8')]));

/** The names `path` exports by its own declarations (not re-exports). */
function declaredExports(path) {
  const source = ts.createSourceFile(path, texts.get(path) ?? readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) names.push(declaration.name.getText(source));
    else if (statement.name) names.push(statement.name.getText(source));
  }
  return names;
}

/** Index files that only re-export a name do not count as its users. */
function isReExportOnly(path, name) {
  if (!/\/index\.ts$/.test(path)) return false;
  const text = texts.get(path);
  const pattern = new RegExp(`\\b${name}\\b`, 'g');
  const uses = text.match(pattern)?.length ?? 0;
  const reExports = [...text.matchAll(/export\s*(?:type\s*)?\{[^}]*\}\s*from\s*'[^']+'/g)].map((match) => match[0].match(pattern)?.length ?? 0);
  return uses === reExports.reduce((sum, count) => sum + count, 0);
}

// Entry points a host calls by name: VS Code calls the extension's activate and deactivate.
const HOST_ENTRY_POINTS = new Set(['client/src/extension.ts: activate', 'client/src/extension.ts: deactivate']);

const dead = [];
for (const path of sources) {
  for (const name of declaredExports(path)) {
    const word = new RegExp(`\\b${name}\\b`);
    const users = everyFile.filter((other) => other !== path && word.test(texts.get(other)) && !isReExportOnly(other, name));
    const entry = `${relative(root, path)}: ${name}`;
    if (users.length === 0 && !HOST_ENTRY_POINTS.has(entry)) dead.push(entry);
  }
}
for (const line of dead) console.log(line);
process.exit(dead.length > 0 ? 1 : 0);
