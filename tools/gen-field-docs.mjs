// Writes the field documentation hovers show (dist/field-docs.json) from the `kubernetes-models` package in
// node_modules: its type declarations carry the Kubernetes OpenAPI descriptions and enum values of every field.
// The text is the API's own and is never committed: the build derives this table each time.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, 'package.json'));

// The Kubernetes release whose OpenAPI `kubernetes-models` 5.1.0 was generated from (its PodSpec has
// schedulingGroup, new in 1.36, and matches the 1.36 layouts field for field). Change both together.
const PACKAGES = [
  { name: 'kubernetes-models', version: '5.1.0', release: '1.36' },
  { name: '@kubernetes-models/apimachinery', release: '1.36' },
];

/** Every `.d.ts` file under `dir`, as paths relative to it. */
function declarationFiles(dir, base = dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    if (entry === '_schemas' || entry === 'node_modules') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...declarationFiles(path, base));
    else if (entry.endsWith('.d.ts') && entry !== 'index.d.ts') files.push(relative(base, path));
  }
  return files;
}

/** The text of a `/** ... *\/` comment, without its stars; paragraphs kept. */
function commentText(comment) {
  return comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}

const ENUM_TYPE = /^"[^"]*"(?: \| "[^"]*")*$/;

/** The documented interface of one declaration file: its description and its fields' descriptions and enums. */
function readInterface(text) {
  const start = /(\/\*\*(?:[^*]|\*(?!\/))*\*\/)?\s*export interface I\w+(?: extends [\w, ]+)? \{\n/.exec(text);
  if (!start) return undefined;
  const bodyStart = start.index + start[0].length;
  const bodyEnd = text.indexOf('\n}', bodyStart);
  const body = `${text.slice(bodyStart, bodyEnd)}\n`;
  const fields = {};
  const field = /(\/\*\*(?:[^*]|\*(?!\/))*\*\/)?\s*"([^"]+)"\??: ([\s\S]*?);(?=\n\s*(?:\/\*\*|"|$))/g;
  for (let match = field.exec(body); match; match = field.exec(body)) {
    const entry = {};
    if (match[1]) entry.d = commentText(match[1]);
    const type = match[3].trim();
    if (ENUM_TYPE.test(type)) entry.e = type.split(' | ').map((value) => JSON.parse(value));
    fields[match[2]] = entry;
  }
  return { d: start[1] ? commentText(start[1]) : undefined, f: fields };
}

/** `apps/v1/DeploymentSpec.d.ts` -> `apps/v1.DeploymentSpec`; apimachinery's `apis/meta/v1/ObjectMeta.d.ts` -> `meta/v1.ObjectMeta`. */
function typeKey(file) {
  const parts = file.replace(/\.d\.ts$/, '').split(/[\\/]/);
  const name = parts.pop();
  if (parts[0] === 'apis' || parts[0] === 'api') parts.shift();
  return `${parts.join('/')}.${name}`;
}

/** The table: `{ source, release, types: { 'apps/v1.DeploymentSpec': { d, f: { replicas: { d, e } } } } }`. */
export function buildFieldDocs() {
  const types = {};
  const sources = [];
  for (const { name, release } of PACKAGES) {
    const packageJson = require.resolve(`${name}/package.json`);
    const dir = dirname(packageJson);
    sources.push(`${name} ${JSON.parse(readFileSync(packageJson, 'utf8')).version}`);
    for (const file of declarationFiles(dir)) {
      // The layouts hold the GA group versions only; alpha and beta descriptions would only weigh.
      if (!/(^|[\\/])v\d+[\\/][^\\/]+$/.test(file)) continue;
      const documented = readInterface(readFileSync(join(dir, file), 'utf8'));
      if (documented && Object.keys(documented.f).length > 0) types[typeKey(file)] = documented;
    }
    if (release !== PACKAGES[0].release) throw new Error(`${name}: every package must describe one release`);
  }
  const installed = JSON.parse(readFileSync(require.resolve('kubernetes-models/package.json'), 'utf8')).version;
  if (installed !== PACKAGES[0].version) throw new Error(`kubernetes-models ${installed} installed; tools/gen-field-docs.mjs knows ${PACKAGES[0].version}`);
  return { source: sources.join(', '), release: PACKAGES[0].release, types };
}

/** Writes the table to `outdir/field-docs.json` (the server reads it beside its bundle). */
export function writeFieldDocs(outdir) {
  if (!existsSync(join(root, 'node_modules', 'kubernetes-models'))) throw new Error('kubernetes-models is not installed: run npm ci');
  writeFileSync(join(outdir, 'field-docs.json'), JSON.stringify(buildFieldDocs()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFieldDocs(process.argv[2] ?? join(root, 'dist'));
