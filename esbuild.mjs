// Bundles the extension: client (node, cjs, vscode external), server and CLI (node, cjs), webview (browser, iife).
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFieldDocs } from './tools/gen-field-docs.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--outdir DIR` writes the bundles elsewhere (tools/package-size.mjs packages a fresh copy without touching dist/).
const outdirIndex = process.argv.indexOf('--outdir');
const outdir = outdirIndex >= 0 ? process.argv[outdirIndex + 1] : 'dist';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// Other packages import the engine and the analysis by their package names; bundles take them from their TypeScript source.
const alias = { '@kubesim/engine': './engine/src/index.ts', '@kubesim/analysis': './analysis/src/index.ts' };

const node = {
  bundle: true,
  alias,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  define: { __KUBESIM_VERSION__: JSON.stringify(version) },
};

// dist/server-core.js (the server past `initialize`) takes the LSP library from dist/server-lsp.js, which loaded it to open
// the connection and exports it (server/src/server-lsp.ts): one copy, read and run once.
const LSP_FROM_SERVER_LSP = { 'vscode-languageserver/node': 'languageServer', 'vscode-languageserver-textdocument': 'textDocument' };
const lspFromServerLsp = {
  name: 'lsp-from-server-lsp',
  setup(build) {
    build.onResolve({ filter: /^vscode-languageserver(\/node|-textdocument)$/ }, (args) => ({ path: args.path, namespace: 'server-lsp' }));
    build.onResolve({ filter: /^\.\/server-lsp\.js$/, namespace: 'server-lsp' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'server-lsp' }, (args) => ({
      contents: `module.exports = require('./server-lsp.js').${LSP_FROM_SERVER_LSP[args.path]};`,
      loader: 'js',
    }));
  },
};

// dist/cli.js loads the server for `kubesim lsp` alone, from dist/server-core.js (which takes the LSP library from
// dist/server-lsp.js): held in cli.js, its 0.6 MB were compiled at every start of every other command.
const serverFromServerCore = {
  name: 'server-from-server-core',
  setup(build) {
    build.onResolve({ filter: /\/server\/src\/server\.js$/ }, () => ({ path: './server-core.js', external: true }));
  },
};

const builds = [
  { ...node, entryPoints: ['client/src/extension.ts'], outfile: `${outdir}/client.js`, external: ['vscode'] },
  { ...node, entryPoints: ['server/src/server-main.ts'], outfile: `${outdir}/server.js` },
  { ...node, entryPoints: ['server/src/server-lsp.ts'], outfile: `${outdir}/server-lsp.js` },
  { ...node, entryPoints: ['server/src/server.ts'], outfile: `${outdir}/server-core.js`, plugins: [lspFromServerLsp] },
  { ...node, entryPoints: ['server/src/lsp/check-worker-main.ts'], outfile: `${outdir}/check-worker.js` },
  { ...node, entryPoints: ['cli/src/cli-entry.ts'], outfile: `${outdir}/cli.js`, plugins: [serverFromServerCore] },
  { ...node, entryPoints: ['cli/src/check-worker-main.ts'], outfile: `${outdir}/cli-check-worker.js` },
  {
    bundle: true,
    alias,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    logLevel: 'warning',
    entryPoints: ['media/src/main.ts'],
    outfile: `${outdir}/webview.js`,
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
// The field documentation hovers show, derived from kubernetes-models in node_modules (never committed).
mkdirSync(outdir, { recursive: true });
writeFieldDocs(outdir);
