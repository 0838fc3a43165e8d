// kubesim's reader against the real kubectl: generated files (yaml-generators.ts) are written to
// a folder and read by one `kubectl create --dry-run=client -o json -f DIR` call against the
// shared oracle's loopback stub (../shared/tools/kubectl-oracle.mjs --serve), then compared file
// by file with what `kubesim json` reads: the same objects, or an error where kubectl has one
// (with kubectl's message, except for YAML syntax errors, whose wording comes from another parser).
// Skipped, saying why, where kubectl or ../shared is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { readKubectlStream } from '../../src/manifest/kubectl-stream';
import { sharedMissingReason, sharedPath } from '../../../test/support/paths';
import { writeYamlFile, yamlFile } from './yaml-generators';

const ORACLE = sharedPath('tools', 'kubectl-oracle.mjs');
const FILES_PER_BATCH = 250;
const SEED = Number(process.env.KUBESIM_DIFF_SEED ?? 20261124);

function whyUnavailable(): string | undefined {
  const sharedMissing = sharedMissingReason('tools', 'kubectl-oracle.mjs');
  if (sharedMissing) return sharedMissing;
  if (spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status !== 0) return 'kubectl is not on the PATH';
  return undefined;
}

/** Starts the oracle's discovery stub; resolves to its kubeconfig path and a way to stop it. */
function startStub(): Promise<{ kubeconfig: string; stop: () => void }> {
  const child = spawn(process.execPath, [ORACLE, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (data: string) => {
      output += data;
      if (!output.includes('\n')) return;
      const kubeconfig = output.trim();
      ok({
        kubeconfig,
        stop: () => {
          child.kill();
          rmSync(dirname(kubeconfig), { recursive: true, force: true });
        },
      });
    });
    child.on('error', fail);
  });
}

interface Outcome {
  objects: unknown[];
  error?: string;
}

// `kubectl create -o json` prints the objects one after another: split them at depth 0.
function splitJsonStream(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === '}' || c === ']') && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

function kubectlOutcomes(directory: string, names: string[], kubeconfig: string): Map<string, Outcome> {
  const result = spawnSync('kubectl', ['create', '--dry-run=client', '--validate=false', '-o', 'json', '-f', directory], {
    encoding: 'utf8',
    env: { ...process.env, KUBECONFIG: kubeconfig },
    maxBuffer: 256 * 1024 * 1024,
  });
  const outcomes = new Map<string, Outcome>(names.map((name) => [name, { objects: [] }]));
  for (const object of splitJsonStream(result.stdout)) {
    const name = String((object as { metadata?: { name?: string } }).metadata?.name ?? '');
    outcomes.get(name.replace(/-\d+$/, ''))?.objects.push(object);
  }
  for (const line of result.stderr.split('\n')) {
    const match = /^(?:error: )?(?:error parsing (\S+?): |unable to decode "(\S+?)": )(.*)$/.exec(line);
    if (!match) continue;
    const name = (match[1] ?? match[2]!).replace(/^.*\//, '').replace(/\.yaml$/, '');
    const outcome = outcomes.get(name);
    if (outcome && outcome.error === undefined) outcome.error = match[3];
  }
  return outcomes;
}

function kubesimOutcome(text: string): Outcome {
  const stream = readKubectlStream(text);
  // Through JSON text, as kubectl's would be (-0 is written 0).
  const objects = JSON.parse(JSON.stringify(stream.objects.map((entry) => entry.object))) as unknown[];
  return { objects, ...(stream.error ? { error: stream.error.message } : {}) };
}

// A YAML syntax error is worded by each parser in its own way (kubesim's come from the `yaml`
// package and lack kubectl's prefix): only its presence is compared.
const isSyntaxError = (message: string) => /^error converting YAML to JSON: yaml: line \d+:/.test(message);
const isKubesimSyntaxError = (message: string) => !/^(error converting YAML to JSON: |invalid Yaml document separator|json: )/.test(message);

// kubectl prints the value of an unsupported key with Go's %#v, which knows Go types JSON has lost
// (uint64 in hexadecimal, maps with integer keys): the value is compared only when it is a scalar.
function sameMessage(kubesim: string, kubectl: string): boolean {
  if (kubesim === kubectl) return true;
  const cut = (message: string) => message.replace(/(unsupported map key of type: .*?, key: .*?, value: )(map\[|\[\]).*$/, '$1$2');
  return cut(kubesim) === cut(kubectl);
}

test('kubesim reads generated YAML exactly as the real kubectl does', async (context) => {
  const reason = whyUnavailable();
  if (reason) {
    context.skip(reason);
    return;
  }
  const stub = await startStub();
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-differential-'));
  try {
    const files = fc.sample(yamlFile, { numRuns: FILES_PER_BATCH, seed: SEED });
    const names = files.map((_, i) => `c${i}`);
    const texts = files.map((file, i) => writeYamlFile(names[i]!, file));
    texts.forEach((text, i) => writeFileSync(join(directory, `${names[i]}.yaml`), text));
    const expected = kubectlOutcomes(directory, names, stub.kubeconfig);
    const failures: string[] = [];
    let errors = 0;
    names.forEach((name, i) => {
      const kubectl = expected.get(name)!;
      const kubesim = kubesimOutcome(texts[i]!);
      if (kubectl.error !== undefined) errors++;
      const sameError =
        kubectl.error === undefined
          ? kubesim.error === undefined
          : kubesim.error !== undefined && (sameMessage(kubesim.error, kubectl.error) || isSyntaxError(kubectl.error) || isKubesimSyntaxError(kubesim.error));
      let sameObjects = true;
      try {
        assert.deepStrictEqual(kubesim.objects, kubectl.objects);
      } catch {
        sameObjects = false;
      }
      if (!sameError || !sameObjects) {
        failures.push(`${name}.yaml:\n${texts[i]}\n  kubectl: ${JSON.stringify(kubectl)}\n  kubesim: ${JSON.stringify(kubesim)}`);
      }
    });
    // The generator must exercise both sides: files kubectl reads and files it refuses.
    assert.ok(errors > 10 && errors < names.length - 50, `kubectl refused ${errors} of ${names.length} files`);
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of ${names.length} files differ (seed ${SEED})`);
  } finally {
    stub.stop();
    rmSync(directory, { recursive: true, force: true });
  }
});
