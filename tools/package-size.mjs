// Keeps the README's package size measured, not remembered.
//   node tools/package-size.mjs kubesim.vsix   prints the size and file count of a package and writes them into README.md
//                                               (`npm run package` runs this after vsce; KUBESIM_PACKAGE_KEEP_README=1,
//                                               set by `npm start` and the e2e suite, only prints it)
//   node tools/package-size.mjs --check        packages a fresh copy in a temporary folder (production bundles, the
//                                               same vsce options as `npm run package`, dist/ untouched) and exits 1
//                                               when README.md's file count differs or its size is off by more than 10%
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(ROOT, 'README.md');
const FIGURE = /(The packaged extension \(`npm run package`\) is \*\*)(\d+) KB(\*\* \()(\d+)( files)/;
/** How far the README's size may drift from a fresh package before --check fails (file counts must match). */
const SIZE_TOLERANCE = 0.1;

/** The names of a zip's entries, read from its central directory. */
function zipEntryNames(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Size in KB (1024 bytes, rounded) and the number of extension files (the vsix manifest and content types aside). */
function measure(vsix) {
  const files = zipEntryNames(readFileSync(vsix)).filter((name) => name.startsWith('extension/') && !name.endsWith('/')).length;
  return { kilobytes: Math.round(statSync(vsix).size / 1024), files };
}

function readmeFigure() {
  const match = FIGURE.exec(readFileSync(README, 'utf8'));
  if (!match) throw new Error(`README.md has no line matching ${FIGURE}`);
  return { kilobytes: Number(match[2]), files: Number(match[4]) };
}

function writeReadmeFigure({ kilobytes, files }) {
  const text = readFileSync(README, 'utf8');
  if (!FIGURE.test(text)) throw new Error(`README.md has no line matching ${FIGURE}`);
  const updated = text.replace(FIGURE, (_, head, _size, middle, _files, tail) => `${head}${kilobytes} KB${middle}${files}${tail}`);
  if (updated !== text) writeFileSync(README, updated);
  return updated !== text;
}

// The vsce options of the package script, so the fresh copy is packaged exactly as `npm run package` does.
function vsceOptions() {
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.package;
  const match = /vsce package (.*?) --out \S+/.exec(script);
  if (!match) throw new Error('the package script has no `vsce package ... --out FILE`');
  return match[1].split(/\s+/);
}

// What .vscodeignore lets into the package, bundles aside (they are built fresh).
const PACKAGED = ['README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore', 'media', 'syntaxes', 'bin'];

function packageFreshCopy() {
  const work = mkdtempSync(join(tmpdir(), 'kubesim-package-'));
  try {
    for (const entry of PACKAGED) cpSync(join(ROOT, entry), join(work, entry), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    // vsce runs vscode:prepublish, which builds into ./dist: the bundles are already built below.
    delete manifest.scripts['vscode:prepublish'];
    writeFileSync(join(work, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(join(work, 'dist'));
    execFileSync(process.execPath, ['esbuild.mjs', '--production', '--outdir', join(work, 'dist')], { cwd: ROOT, stdio: 'inherit' });
    const vsix = join(work, 'kubesim.vsix');
    const vsce = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    execFileSync(process.execPath, [vsce, 'package', ...vsceOptions(), '--out', vsix], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    return measure(vsix);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--check') {
  const fresh = packageFreshCopy();
  const written = readmeFigure();
  const drift = Math.abs(written.kilobytes - fresh.kilobytes) / fresh.kilobytes;
  console.log(`fresh package: ${fresh.kilobytes} KB, ${fresh.files} files; README.md says ${written.kilobytes} KB, ${written.files} files`);
  if (written.files !== fresh.files || drift > SIZE_TOLERANCE) {
    console.error(`README.md's package size is stale (more than ${SIZE_TOLERANCE * 100}% off, or another file count): run "npm run package"`);
    process.exitCode = 1;
  }
} else if (args.length === 1) {
  const figure = measure(args[0]);
  // `npm start` and the e2e suite package too, and a user's first command must not dirty the tracked README.
  const changed = process.env.KUBESIM_PACKAGE_KEEP_README === '1' ? false : writeReadmeFigure(figure);
  console.log(`${args[0]}: ${figure.kilobytes} KB, ${figure.files} files${changed ? ' (README.md updated)' : ''}`);
} else {
  console.error('usage: node tools/package-size.mjs VSIX | --check');
  process.exitCode = 2;
}
