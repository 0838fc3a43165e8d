// Runtime entry of @kubesim/engine for the compiled tests and tools (out/): the bundles inline the
// engine from its TypeScript source (esbuild alias), and the type checker reads ./src/index.ts.
module.exports = require('../out/engine/src/index.js');
