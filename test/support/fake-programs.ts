// Fake `kustomize`, `kubectl`, `git` and `helm` for the tests that prove what the language server runs:
// each one writes a marker file (its name and arguments) when it starts, optionally sleeps, and writes
// a second marker when it ends. A folder of them goes first on the server's PATH.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A folder of fake programs and the folder their markers land in. */
export interface FakePrograms {
  /** Holds the fake programs: put it first on PATH. */
  bin: string;
  /** Each run writes `<name>-<pid>.started` (its arguments) and, when done, `<name>-<pid>.ended`. */
  markers: string;
  /** The environment for a server that must find only the fakes (PATH first, $KUBESIM_KUSTOMIZE). */
  env: Record<string, string>;
  /** Every marker written so far, as `name: arguments` for `.started` files. */
  started(): string[];
  /** Names of the runs that have ended. */
  ended(): string[];
}

/**
 * Writes the fakes; each sleeps `sleepSeconds` (only when its first argument is `sleepOn`, if given)
 * before it exits 0 with `stdout` (default nothing).
 */
export function fakePrograms(options: { sleepSeconds?: number; sleepOn?: string; stdout?: string } = {}): FakePrograms {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-fake-programs-'));
  const bin = join(root, 'bin');
  const markers = join(root, 'markers');
  mkdirSync(bin);
  mkdirSync(markers);
  for (const name of ['kustomize', 'kubectl', 'git', 'helm']) {
    const script = [
      '#!/bin/sh',
      `printf '%s\\n' "$*" > '${markers}/${name}-'$$.started`,
      !options.sleepSeconds
        ? ''
        : options.sleepOn
          ? `if [ "$1" = '${options.sleepOn}' ]; then sleep ${options.sleepSeconds}; fi`
          : `sleep ${options.sleepSeconds}`,
      options.stdout === undefined ? '' : `printf '%s' '${options.stdout.replace(/'/g, "'\\''")}'`,
      `: > '${markers}/${name}-'$$.ended`,
      'exit 0',
      '',
    ].join('\n');
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  const read = (suffix: string) => (existsSync(markers) ? readdirSync(markers).filter((file) => file.endsWith(suffix)) : []);
  return {
    bin,
    markers,
    env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, KUBESIM_KUSTOMIZE: join(bin, 'kustomize') },
    started: () => read('.started').map((file) => `${file.replace(/-\d+\.started$/, '')}: ${readFileSync(join(markers, file), 'utf8').trim()}`),
    ended: () => read('.ended').map((file) => file.replace(/-\d+\.ended$/, '')),
  };
}
