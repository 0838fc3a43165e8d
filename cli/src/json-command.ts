// `kubesim json FILE...`: the JSON kubectl would send for each document, read by the same rules
// as kubectl (sigs.k8s.io/yaml over goyaml.v2; see analysis/src/manifest/kubectl-scalars.ts).
import { parseArgs } from 'node:util';
import type { JsonValue } from '@kubesim/engine';
import { readKubectlStream, readManifestFileSync } from '@kubesim/analysis';
import { collectFiles } from './collect-files';
import { UsageError } from './usage-error';

/** One document's JSON, with the 1-based line where the document's content starts. */
interface JsonObjectEntry {
  file: string;
  line: number;
  object: JsonValue;
}

interface JsonErrorEntry {
  file: string;
  line: number;
  message: string;
}

/** Runs the json command; returns the process exit code. */
export function runJson(args: string[], out: (text: string) => void): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  if (positionals.length === 0) throw new UsageError('json needs at least one FILE or DIR');
  const objects: JsonObjectEntry[] = [];
  const errors: JsonErrorEntry[] = [];
  for (const file of collectFiles(positionals)) {
    const stream = readKubectlStream(readManifestFileSync(file));
    for (const { line, object } of stream.objects) objects.push({ file, line, object });
    if (stream.error) errors.push({ file, line: stream.error.line, message: stream.error.message });
  }
  if (values.json) out(JSON.stringify({ objects, errors }, null, 2));
  else {
    for (const entry of objects) out(JSON.stringify(entry.object, null, 4));
    for (const error of errors) out(`${error.file}:${error.line}: error: ${error.message}`);
  }
  return errors.length > 0 ? 1 : 0;
}
