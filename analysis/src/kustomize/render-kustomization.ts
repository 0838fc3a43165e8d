// Renders a kustomization with the real kustomize, in a mirror whose root asks for kustomize's
// provenance annotations, and reads which file and transformers produced each object.
import { parse, parseDocument } from 'yaml';
import { basename, isAbsolute, parse as parsePath, relative, resolve, sep } from 'node:path';
import { cloneJson, type ReadonlyJsonObject } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { objectsOf, parseManifestFile, type ManifestFile } from '../manifest/manifest-file';
import { spanOfField, type Kustomization } from './kustomization-file';
import { locateKustomizeError, type KustomizeErrorLocation } from './kustomize-error';
import { loadKustomizationTree, type KustomizationTree, type KustomizeHost } from './kustomization-tree';
import { loadRefusalOf } from './load-restrictions';
import type { BuildOutput, MirrorFile } from './kustomize-process';
import { MIRROR_ROOT } from './kustomize-process';

/** Runs one build of a mirrored tree (kustomize-process's buildInMirror, bound to a binary). */
export type KustomizeBuild = (files: readonly MirrorFile[], rootRelative: string) => Promise<BuildOutput>;

const ORIGIN = 'config.kubernetes.io/origin';
const TRANSFORMATIONS = 'alpha.config.kubernetes.io/transformations';
const PROVENANCE: Record<string, string> = { originAnnotations: ORIGIN, transformerAnnotations: TRANSFORMATIONS };

/** Where a rendered object came from, read from kustomize's annotations (paths made absolute). */
interface ObjectProvenance {
  /** The resource file it was read from. */
  originPath?: string;
  /** The kustomization and generator kind that made it (ConfigMapGenerator, SecretGenerator, ...). */
  generatedBy?: { kustomizationPath: string; kind: string };
  /** Each transformer applied, in order: the kustomization file and the transformer kind. */
  transformations: { kustomizationPath: string; kind: string }[];
}

/** One object of the output; kept by the kustomize session across edits, so never mutated. */
export interface RenderedObject {
  /** The object as parsed from the annotated output (offsets into `RenderedKustomization.file`). */
  readonly object: ManifestObject;
  /** The object exactly as `kustomize build` prints it (kubesim's own annotations removed). */
  readonly value: ReadonlyJsonObject;
  readonly provenance: ObjectProvenance;
}

/** The result of rendering one kustomization root; the kustomize session keeps it across edits, so never mutated. */
export interface RenderedKustomization {
  readonly tree: KustomizationTree;
  /** The annotated output; undefined when the build failed. */
  readonly file?: ManifestFile;
  readonly objects: readonly RenderedObject[];
  /** kustomize's own error, placed on the kustomization line that caused it. */
  readonly error?: KustomizeErrorLocation;
}

/**
 * Renders `root` and everything it reads, through `build`. Never throws for bad input. Remote resources
 * are fetched by kustomize only with `allowRemoteResources` (the setting or flag of that name).
 */
export async function renderKustomization(
  host: KustomizeHost,
  root: Kustomization,
  build: KustomizeBuild,
  allowRemoteResources = false,
): Promise<RenderedKustomization> {
  const tree = loadKustomizationTree(host, root);
  // A file kustomize would refuse (or kubesim does not read) is never copied: the build does not run.
  const refused = refusalIn(tree) ?? (allowRemoteResources ? undefined : remoteIn(tree));
  if (refused) return { tree, objects: [], error: refused };
  const { files, ancestor } = mirrorFilesOf(host, tree);
  const provenance = withProvenance(root.text);
  files.push({ relativePath: toMirrorPath(ancestor, root.path), text: provenance.text });
  const output = await build(files, toMirrorPath(ancestor, root.directory));
  if (!output.ok) {
    // The mirror holds every file at its absolute path, so kustomize's paths are the user's once the mirror's folder is cut.
    const message = cleanMessage(output.message.split(MIRROR_ROOT).join(ancestor.endsWith(sep) ? ancestor.slice(0, -1) : ancestor));
    return { tree, objects: [], error: locateKustomizeError(message, tree, host) };
  }
  const file = parseManifestFile(output.stdout);
  const objects = objectsOf(file).map((object) => ({
    object,
    value: withoutAnnotations(object.value, provenance.added),
    provenance: provenanceOf(object.value, root.directory),
  }));
  return { tree, file, objects };
}

/**
 * The first file of the tree that is not read (kustomize's load restriction or kubesim's limits), placed on
 * the entry naming it. kustomize stops at its first refusal; so does this.
 */
function refusalIn(tree: KustomizationTree): KustomizeErrorLocation | undefined {
  for (const kustomization of tree.kustomizations.values()) {
    // kustomize reads the kustomization file itself through the same restricted loader.
    const refusal = loadRefusalOf(kustomization.directory, basename(kustomization.path));
    if (refusal)
      return { message: refusal.message, path: kustomization.path, text: kustomization.text, span: spanOfField(kustomization, []), refusal: refusal.kind };
  }
  for (const file of tree.files.values()) {
    if (!file.refusal) continue;
    const { namedBy } = file;
    return { message: file.refusal.message, path: namedBy.path, text: namedBy.text, span: spanOfField(namedBy, file.field), refusal: file.refusal.kind };
  }
  return undefined;
}

/** The first remote target of the tree, placed on its entry: kustomize would fetch it, so the build does not run. */
function remoteIn(tree: KustomizationTree): KustomizeErrorLocation | undefined {
  const first = tree.remote[0];
  if (!first) return undefined;
  const { namedBy, field, target } = first;
  const message =
    `remote resource not fetched: ${target} (kubesim lets kustomize download only with the setting ` +
    `kubesim.kustomize.allowRemoteResources, or --allow-remote-resources on the command line)`;
  return { message, path: namedBy.path, text: namedBy.text, span: spanOfField(namedBy, field), refusal: 'remote' };
}

/**
 * Each file's mirror entry (the root left out), at its absolute path below the mirror's folder, and that
 * path's file-system root. Keeping every folder name lets a `../../..` entry that climbs above the
 * tree's common folder and down again by name find the same files in the mirror as on disk.
 */
function mirrorFilesOf(host: KustomizeHost, tree: KustomizationTree): { files: MirrorFile[]; ancestor: string } {
  const ancestor = parsePath(tree.root.path).root;
  // Kept as empty folders: kustomize then says what it says about a folder without a kustomization.
  const files: MirrorFile[] = [...tree.emptyDirectories].map((path) => ({ relativePath: toMirrorPath(ancestor, path), isDirectory: true }));
  for (const kustomization of tree.kustomizations.values()) {
    if (kustomization !== tree.root) files.push({ relativePath: toMirrorPath(ancestor, kustomization.path), text: kustomization.text });
  }
  for (const [path, file] of tree.files) {
    // Generator sources may be binary (certificates, images): copied byte for byte.
    const text = file.role === 'generator-source' ? host.overrideText?.(path) : host.readText(path);
    files.push(text === undefined ? { relativePath: toMirrorPath(ancestor, path), copyFrom: path } : { relativePath: toMirrorPath(ancestor, path), text });
  }
  return { files, ancestor };
}

function toMirrorPath(ancestor: string, path: string): string {
  return relative(ancestor, path).split(sep).join('/');
}

/**
 * The root's text with `buildMetadata: [originAnnotations, transformerAnnotations]`, and which of
 * the two kubesim added (those are removed from the output again). Appending a line keeps every
 * other line where it was, so kustomize's "line N" messages still point at the user's file.
 */
export function withProvenance(text: string): { text: string; added: string[] } {
  const document = parseDocument(text);
  if (document.errors.length > 0) return { text, added: [] };
  const existing = document.get('buildMetadata');
  const present = Array.isArray((existing as { toJSON?: () => unknown } | undefined)?.toJSON?.()) ? (existing as { toJSON: () => unknown[] }).toJSON() : [];
  const added = Object.keys(PROVENANCE).filter((option) => !present.includes(option));
  if (added.length === 0) return { text, added };
  const contents = document.contents as { flow?: boolean } | null;
  if (existing === undefined && contents !== null && contents.flow !== true) {
    return { text: `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}buildMetadata: [${added.join(', ')}]\n`, added };
  }
  document.set('buildMetadata', [...present, ...added]);
  return { text: document.toString(), added };
}

function withoutAnnotations(value: ReadonlyJsonObject, added: readonly string[]): ReadonlyJsonObject {
  if (added.length === 0) return value;
  // The parsed output is shared with its ManifestObject: drop the annotations from a copy.
  const copy = cloneJson(value);
  const metadata = copy.metadata as { annotations?: Record<string, unknown> } | undefined;
  if (!metadata?.annotations) return copy;
  for (const option of added) delete metadata.annotations[PROVENANCE[option]!];
  if (Object.keys(metadata.annotations).length === 0) delete metadata.annotations;
  return copy;
}

function provenanceOf(value: ReadonlyJsonObject, rootDirectory: string): ObjectProvenance {
  const annotations = (value.metadata as { annotations?: Record<string, unknown> } | undefined)?.annotations ?? {};
  const provenance: ObjectProvenance = { transformations: [] };
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(rootDirectory, path));
  const origin = readYaml(annotations[ORIGIN]) as { path?: unknown; repo?: unknown; configuredIn?: unknown; configuredBy?: { kind?: unknown } } | undefined;
  // A remote resource's path is inside its repository, not on this disk.
  if (typeof origin?.path === 'string' && origin.repo === undefined) provenance.originPath = absolute(origin.path);
  if (typeof origin?.configuredIn === 'string' && typeof origin.configuredBy?.kind === 'string') {
    provenance.generatedBy = { kustomizationPath: absolute(origin.configuredIn), kind: origin.configuredBy.kind };
  }
  const transformations = readYaml(annotations[TRANSFORMATIONS]);
  if (Array.isArray(transformations)) {
    for (const entry of transformations as { configuredIn?: unknown; configuredBy?: { kind?: unknown } }[]) {
      if (typeof entry?.configuredIn === 'string' && typeof entry.configuredBy?.kind === 'string') {
        provenance.transformations.push({ kustomizationPath: absolute(entry.configuredIn), kind: entry.configuredBy.kind });
      }
    }
  }
  return provenance;
}

function readYaml(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

/** kustomize's message without kubectl's log prefix (`E1124 ... "command failed" err="..."`). */
export function cleanMessage(raw: string): string {
  const quoted = /"command failed" err="((?:[^"\\]|\\.)*)"/.exec(raw);
  if (quoted) {
    try {
      return JSON.parse(`"${quoted[1]}"`) as string;
    } catch {
      return quoted[1]!;
    }
  }
  const block = /"command failed" err=<\n([\s\S]*?)\n\s*>\s*$/.exec(raw);
  if (block)
    return block[1]!
      .split('\n')
      .map((line) => line.replace(/^\t/, ''))
      .join('\n')
      .trim();
  return raw.replace(/^Error: /, '').trim();
}
