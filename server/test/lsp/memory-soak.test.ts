// The server under a tight heap limit through hundreds of edits, preview refreshes and reopenings of a
// 300-document file (tools/lsp-soak.mjs drives it over stdio): memory must follow what is open, so a
// mechanism that keeps something per edit runs out of heap here (the server dies) or shows as growth
// between the two measurements (live heap after a full collection).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { generateManifests } from '../../../test/support/generated-manifests';
import { repoPath } from '../../../test/support/paths';

/**
 * The 300-document file needs about 16 MB of live heap. When parsed documents pinned the file text of
 * their version, the live heap grew by about 0.1 MB per edit and reached this limit after 300 edits.
 */
const HEAP_LIMIT_MB = 48;
/** Live heap may grow this much between the measurements: bounded caches filling up, compiled code. */
const ALLOWED_GROWTH_MB = 4;

interface SoakResult {
  stepsDone: number;
  exitCode: number | string | null;
  marks: { step: number; heapUsedMB: number; rssMB: number }[];
}

async function soak(mode: string, steps: number, firstMark: number): Promise<SoakResult> {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-soak-'));
  try {
    const file = join(folder, 'manifests.yaml');
    writeFileSync(file, generateManifests(300));
    const out = join(folder, 'result.json');
    const args = [repoPath('tools', 'lsp-soak.mjs'), '--file', file, '--mode', mode, '--steps', String(steps)];
    args.push('--marks', `${firstMark},${steps}`, '--heap-limit', String(HEAP_LIMIT_MB), '--json-out', out);
    await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(readFileSync(out, 'utf8')) as SoakResult;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const RUNS = [
  { mode: 'edit', steps: 400, firstMark: 50 },
  { mode: 'preview', steps: 150, firstMark: 30 },
  { mode: 'reopen', steps: 40, firstMark: 10 },
  // File churn (a file created and the previous one deleted per step, as a build tool or branch switch does).
  { mode: 'churn', steps: 200, firstMark: 50 },
  // An overlay's kustomization.yaml edited with its rollout preview open: kustomize renders the overlay per step.
  { mode: 'overlay', steps: 60, firstMark: 15 },
];

const noKustomize = findKustomizeBinary() ? false : 'neither kustomize nor kubectl is on the PATH';

for (const { mode, steps, firstMark } of RUNS) {
  const skip = mode === 'overlay' ? noKustomize : false;
  test(`${mode}: ${steps} steps on 300 documents under a ${HEAP_LIMIT_MB} MB heap`, { skip }, async (t) => {
    const result = await soak(mode, steps, firstMark);
    t.diagnostic(result.marks.map((mark) => `after ${mark.step}: heap ${mark.heapUsedMB} MB, RSS ${mark.rssMB} MB`).join('; '));
    assert.equal(result.exitCode, 0, `the server exited with ${String(result.exitCode)} after ${result.stepsDone} steps`);
    assert.equal(result.stepsDone, steps);
    const [first, last] = result.marks;
    assert.ok(first && last, 'both measurements taken');
    assert.ok(
      last.heapUsedMB <= first.heapUsedMB + ALLOWED_GROWTH_MB,
      `live heap grew from ${first.heapUsedMB} MB after ${first.step} steps to ${last.heapUsedMB} MB after ${last.step}`,
    );
  });
}
