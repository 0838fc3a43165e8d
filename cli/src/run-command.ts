// `kubesim run SESSION [--kubernetes-version V] [--json]`: replays a kubectl session file against
// the simulated cluster; manifest paths are relative to the session file.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_KUBERNETES_VERSION,
  formatSessionTranscript,
  parseKubernetesVersion,
  runSession,
  type KubernetesObject,
  type KubernetesVersion,
  type SessionResult,
} from '@kubesim/engine';
import { objectsOf, parseManifestFile, writableCopyAs } from '@kubesim/analysis';
import { CLUSTER_FLAGS, clusterResolverOf } from './cluster-options';
import { UsageError } from './usage-error';

/** Reads the Kubernetes objects of a manifest file. */
export function readManifestObjects(path: string): KubernetesObject[] {
  return objectsOf(parseManifestFile(readFileSync(path, 'utf8'))).map((object) => writableCopyAs<KubernetesObject>(object.value));
}

/**
 * A manifest named by a session line; a missing one fails that step with kubectl's words (cli-runtime's
 * builder: `the path "web.yaml" does not exist`), printed after `error: ` as kubectl prints it.
 */
function readSessionManifest(path: string, asWritten: string): KubernetesObject[] {
  try {
    return readManifestObjects(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw new Error(`the path ${JSON.stringify(asWritten)} does not exist`);
    throw error;
  }
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
  const text = readFileSync(sessionPath, 'utf8');
  // The session's cluster: the simulated API server allocates from its service CIDR and node-port
  // range, and defaults, hashes and controllers follow its feature gates.
  const version = kubernetesVersionOption(values['kubernetes-version']);
  const cluster = clusterResolverOf(values, version, (line) => process.stderr.write(`${line}\n`)).specFor(sessionPath);
  const result = runSession({
    text,
    cluster,
    readManifest: (path) => readSessionManifest(resolve(dirname(sessionPath), path), path),
  });
  return printSessionResult(result, values.json === true, out);
}
