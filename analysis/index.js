// Runtime entry of @kubesim/analysis for the compiled tests and tools (out/): the bundles inline the
// analysis from its TypeScript source (esbuild alias), and the type checker reads ./src/index.ts.
module.exports = require('../out/analysis/src/index.js');
