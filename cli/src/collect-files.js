"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.collectFiles = collectFiles;
// Expands the CLI's FILE|DIR arguments into the YAML/JSON files to read, in a stable order.
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const MANIFEST_FILE = /\.(ya?ml|json)$/i;
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);
/** Files named directly are kept whatever their extension; directories are walked for YAML/JSON. */
function collectFiles(paths) {
    const files = [];
    for (const path of paths) {
        if ((0, node_fs_1.statSync)(path).isDirectory())
            walk(path, files);
        else
            files.push(path);
    }
    return files;
}
function walk(directory, files) {
    for (const entry of (0, node_fs_1.readdirSync)(directory, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const path = (0, node_path_1.join)(directory, entry.name);
        if (entry.isDirectory()) {
            if (!SKIPPED_DIRECTORIES.has(entry.name))
                walk(path, files);
        }
        else if (MANIFEST_FILE.test(entry.name)) {
            files.push(path);
        }
    }
}
//# sourceMappingURL=collect-files.js.map