// `kubesim run SESSION [--kubernetes-version V] [--json]`: replays a kubectl session file against
// the simulated cluster; manifest paths are relative to the session file.
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  illustrativeNote,
  DEFAULT_KUBERNETES_VERSION,
  formatSessionTranscript,
  ManifestReadError,
  parseKubernetesVersion,
  runSession,
  type KubernetesObject,
  type KubernetesVersion,
  type SessionResult,
} from '@kubesim/engine';
import { objectsOf, parseManifestFile, readKubectlStream, writableCopyAs, readManifestFileSync } from '@kubesim/analysis';
import { CLUSTER_FLAGS, clusterResolverOf } from './cluster-options';
import { UsageError } from './usage-error';

/** Reads the Kubernetes objects of a manifest file. */
export function readManifestObjects(path: string): KubernetesObject[] {
  return objectsOf(parseManifestFile(readManifestFileSync(path))).map((object) => writableCopyAs<KubernetesObject>(object.value));
}

/**
 * A manifest named by a session line; a missing one fails that step with kubectl's words (cli-runtime's
 * builder: `the path "web.yaml" does not exist`), printed after `error: ` as kubectl prints it. So does a
 * file kubectl cannot read (StreamVisitor: `error parsing FILE: ...` for YAML it cannot convert, `error
 * validating "FILE": ...` for a document that is not an object): nothing of it is applied.
 */
function readSessionManifest(path: string, asWritten: string): KubernetesObject[] {
  let text: string;
  try {
    text = readManifestFileSync(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw new Error(`the path ${JSON.stringify(asWritten)} does not exist`);
    throw error;
  }
  const objects = objectsOf(parseManifestFile(text));
  const failure = readKubectlStream(text).error;
  if (!failure) return objects.map((object) => writableCopyAs<KubernetesObject>(object.value));
  // The documents before the one kubectl stops at are applied, then the error printed.
  const before = objects.filter((object) => lineOf(text, object.document.start) < failure.line);
  const message =
    failure.validation !== undefined
      ? `error validating ${JSON.stringify(asWritten)}: ${failure.validation}`
      : `error parsing ${asWritten}: ${failure.message}`;
  throw new ManifestReadError(
    message,
    before.map((object) => writableCopyAs<KubernetesObject>(object.value)),
  );
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The --kubernetes-version value, defaulted and checked. */
export function kubernetesVersionOption(text: string | undefined): KubernetesVersion {
  const version = text === undefined ? DEFAULT_KUBERNETES_VERSION : parseKubernetesVersion(text);
  if (!version) throw new UsageError(`unsupported Kubernetes version "${text}" (use 1.32 to 1.37)`);
  return version;
}

/** Prints a session result as the terminal would show it, or as JSON. */
export function printSessionResult(result: SessionResult, json: boolean, out: (text: string) => void): number {
  out(json ? JSON.stringify(result, null, 2) : formatSessionTranscript(result));
  return result.steps.some((step) => step.error) ? 1 : 0;
}

/** Runs the run command; returns the process exit code (1 when a command failed). */
export function runRun(args: string[], out: (text: string) => void): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'kubernetes-version': { type: 'string' }, json: { type: 'boolean', default: false }, ...CLUSTER_FLAGS },
  });
  if (positionals.length !== 1) throw new UsageError('run needs exactly one SESSION file');
  const sessionPath = resolve(positionals[0]);
  const text = readManifestFileSync(sessionPath);
  // The session's cluster: the simulated API server allocates from its service CIDR and node-port
  // range, and defaults, hashes and controllers follow its feature gates.
  const version = kubernetesVersionOption(values['kubernetes-version']);
  const cluster = clusterResolverOf(values, version, (line) => process.stderr.write(`${line}\n`)).specFor(sessionPath);
  const result = runSession({
    text,
    cluster,
    readManifest: (path) => readSessionManifest(resolve(dirname(sessionPath), path), path),
  });
  // Said once per run, on stderr so the transcript stays what kubectl would print.
  const note = illustrativeNote(result);
  if (note !== undefined) process.stderr.write(`${note}\n`);
  return printSessionResult(result, values.json === true, out);
}
