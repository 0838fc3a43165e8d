"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runJson = runJson;
exports.readFile = readFile;
// `kubesim json FILE...`: the JSON kubectl would send for each document, read by the same rules
// as kubectl (sigs.k8s.io/yaml over goyaml.v2; see analysis/src/manifest/kubectl-scalars.ts).
const node_fs_1 = require("node:fs");
const node_util_1 = require("node:util");
const read_document_1 = require("../../analysis/src/manifest/read-document");
const split_documents_1 = require("../../analysis/src/manifest/split-documents");
const collect_files_1 = require("./collect-files");
const usage_error_1 = require("./usage-error");
const HELP = `Usage: kubesim json FILE|DIR... [--json]

Prints the JSON that kubectl sends for each YAML document (YAML 1.1 booleans such as yes/on/y,
Go integers such as 0o17/0x1F/1_000, timestamps kept as strings, merge keys, duplicate keys keeping
the last value). A file stops at its first error, as in kubectl.
  --json   one JSON object: {"objects": [{"file", "line", "object"}], "errors": [{"file", "line", "message"}]}
Exit codes: 0 no errors, 1 errors found, 2 bad usage.`;
/** Runs the json command; returns the process exit code. */
function runJson(args, out) {
    const { values, positionals } = (0, node_util_1.parseArgs)({ args, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
        out(HELP);
        return 0;
    }
    if (positionals.length === 0)
        throw new usage_error_1.UsageError('json needs at least one FILE or DIR');
    const objects = [];
    const errors = [];
    for (const file of (0, collect_files_1.collectFiles)(positionals))
        readFile(file, (0, node_fs_1.readFileSync)(file, 'utf8'), objects, errors);
    if (values.json)
        out(JSON.stringify({ objects, errors }, null, 2));
    else {
        for (const entry of objects)
            out(JSON.stringify(entry.object, null, 4));
        for (const error of errors)
            out(`${error.file}:${error.line}: error: ${error.message}`);
    }
    return errors.length > 0 ? 1 : 0;
}
/** kubectl's StreamVisitor: documents in order, empty and `null` ones skipped, stopping at the first error. */
function readFile(file, text, objects, errors) {
    const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
    for (const chunk of (0, split_documents_1.splitDocuments)(content)) {
        const line = firstContentLine(content, chunk.start, chunk.start + chunk.text.length);
        const reading = (0, read_document_1.readDocument)(chunk);
        const error = reading.problems.find((problem) => problem.severity === 'error');
        if (error) {
            errors.push({ file, line, message: error.message });
            return;
        }
        const value = reading.value;
        if (value === undefined || value === null)
            continue;
        if (typeof value !== 'object' || Array.isArray(value)) {
            const type = Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value;
            errors.push({ file, line, message: `json: cannot unmarshal ${type} into Go value of type unstructured.detector` });
            return;
        }
        objects.push({ file, line, object: value });
    }
}
// The first line of the document that is not its `---` marker, blank or a comment (else its first line).
function firstContentLine(text, start, end) {
    let offset = start;
    while (offset < end) {
        const newline = text.indexOf('\n', offset);
        const lineEnd = newline === -1 || newline > end ? end : newline;
        const line = text.slice(offset, lineEnd).trim();
        if (line !== '' && !line.startsWith('#') && !/^---(\s|#|$)/.test(line + ' '))
            break;
        if (newline === -1)
            break;
        offset = newline + 1;
    }
    if (offset >= end)
        offset = start;
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1))
        line++;
    return line;
}
//# sourceMappingURL=json-command.js.map