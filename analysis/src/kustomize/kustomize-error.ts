// Places an error of `kustomize build` on the kustomization line that caused it: the resources
// entry that is missing or loops, the patch that matches nothing, the unknown field.
import { resolve } from 'node:path';
import type { SourceSpan } from '../manifest/source-span';
import { keySpanOfField, spanOfField, type Kustomization } from './kustomization-file';
import type { KustomizationTree, KustomizeHost } from './kustomization-tree';
import { locatePath } from '../manifest/yaml-path';
import { patchSourcesOf } from './patch-sources';

/** kustomize's message, and the file and span it belongs on. */
export interface KustomizeErrorLocation {
  message: string;
  /** Absolute path of the file (a kustomization, or a file it names). */
  path: string;
  text: string;
  span: SourceSpan;
  /**
   * Set when kubesim did not run kustomize: `security` for a file kustomize's load restriction refuses
   * (kustomize's own error), `limit` for one kubesim does not read, `remote` for a remote resource not fetched.
   */
  refusal?: 'security' | 'limit' | 'remote';
}

/** Finds where `message` belongs in `tree`; the root's first line when nothing names a place. */
export function locateKustomizeError(message: string, tree: KustomizationTree, host: KustomizeHost): KustomizeErrorLocation {
  const at = (kustomization: Kustomization, span: SourceSpan) => ({ message, path: kustomization.path, text: kustomization.text, span });
  const kustomizations = [...tree.kustomizations.values()];
  const resource = resourceEntryOf(message, tree);
  if (resource) return at(resource.kustomization, spanOfField(resource.kustomization, resource.field));
  const operation = inlineOperationOf(message, kustomizations, host);
  if (operation) return operation;
  const patch = patchEntryOf(message, kustomizations, host);
  if (patch) return at(patch.kustomization, spanOfField(patch.kustomization, patch.field));
  const unknownField = /unknown field "([^"]+)"/.exec(message)?.[1];
  if (unknownField) {
    const owner = kustomizations.find((kustomization) => Object.hasOwn(kustomization.value, unknownField));
    if (owner) return at(owner, keySpanOfField(owner, [unknownField]));
  }
  const namedFile = namedFileOf(message, tree);
  if (namedFile) return at(namedFile.kustomization, spanOfField(namedFile.kustomization, namedFile.field));
  const line = /yaml: line (\d+):/.exec(message)?.[1];
  const broken = kustomizations.find((kustomization) => kustomization.isBroken) ?? tree.root;
  if (line !== undefined && /invalid Kustomization/.test(message)) return at(broken, lineSpan(broken.text, Number(line) - 1));
  return at(tree.root, lineSpan(tree.root.text, 0));
}

function lineSpan(text: string, line: number): SourceSpan {
  const lines = text.split('\n');
  const index = Math.min(Math.max(0, line), lines.length - 1);
  const start = lines.slice(0, index).reduce((sum, item) => sum + item.length + 1, 0);
  return { start, end: start + lines[index]!.length };
}

// "accumulating resources from 'X'" names an entry of the kustomization being read; "recursed
// accumulation of path 'P'" moves into P. The last entry named is the one that failed.
function resourceEntryOf(message: string, tree: KustomizationTree): { kustomization: Kustomization; field: (string | number)[] } | undefined {
  let current = tree.root;
  let found: { kustomization: Kustomization; field: (string | number)[] } | undefined;
  for (const match of message.matchAll(/accumulating resources from '([^']*)'|recursed (?:accumulation|merging) of path '([^']*)'/g)) {
    if (match[2] !== undefined) {
      const nested = [...tree.kustomizations.values()].find((kustomization) => kustomization.directory === resolve(match[2]!));
      if (nested) current = nested;
      continue;
    }
    const field = entryNaming(current, match[1]!);
    if (field) found = { kustomization: current, field };
  }
  return found;
}

function entryNaming(kustomization: Kustomization, target: string): (string | number)[] | undefined {
  for (const key of ['resources', 'bases', 'components']) {
    const list = kustomization.value[key];
    if (!Array.isArray(list)) continue;
    const index = list.findIndex((item) => typeof item === 'string' && item.trim() === target);
    if (index >= 0) return [key, index];
  }
  return undefined;
}

// A strategic merge patch that matches nothing names its target ("Deployment.v1.apps/api.[noNs]");
// a JSON patch that does not apply names its path ("doc is missing path: /spec/x").
function patchEntryOf(
  message: string,
  kustomizations: readonly Kustomization[],
  host: KustomizeHost,
): { kustomization: Kustomization; field: (string | number)[] } | undefined {
  const target = /strategic merge patch "?([\w.]+)\/([^".[\s]+)/.exec(message) ?? /failed to find unique target for patch ([\w.]+)\/([^".[\s]+)/.exec(message);
  const jsonPath = /(?:missing path|path):? (\/[^\s"']*?):?(?:\s|$)/.exec(message)?.[1];
  const needle = target
    ? new RegExp(`name:\\s*["']?${escapeRegExp(target[2]!)}["']?\\s*$`, 'm')
    : jsonPath
      ? new RegExp(`path:\\s*["']?${escapeRegExp(jsonPath)}["']?\\s*$`, 'm')
      : undefined;
  if (!needle) return undefined;
  for (const kustomization of kustomizations) {
    for (const key of ['patches', 'patchesStrategicMerge', 'patchesJson6902']) {
      const list = kustomization.value[key];
      if (!Array.isArray(list)) continue;
      for (const [index, entry] of list.entries()) {
        const inline = typeof entry === 'string' ? entry : (entry as { patch?: unknown })?.patch;
        const file = typeof entry === 'string' ? entry : (entry as { path?: unknown })?.path;
        const text =
          typeof inline === 'string' && inline.includes('\n')
            ? inline
            : typeof file === 'string'
              ? host.readText(resolve(kustomization.directory, file))
              : undefined;
        if (text !== undefined && needle.test(text))
          return { kustomization, field: typeof entry === 'string' ? [key, index] : [key, index, typeof inline === 'string' ? 'patch' : 'path'] };
      }
    }
  }
  return undefined;
}

// A JSON 6902 operation written inline in the kustomization: its `path:` line is the one at fault.
function inlineOperationOf(message: string, kustomizations: readonly Kustomization[], host: KustomizeHost): KustomizeErrorLocation | undefined {
  const jsonPath = /missing path:? (\/[^\s"']*?):?(?:\s|$)/.exec(message)?.[1];
  if (jsonPath === undefined) return undefined;
  for (const kustomization of kustomizations) {
    for (const patch of patchSourcesOf(kustomization, host)) {
      if (patch.path !== kustomization.path || patch.type !== 'json6902') continue;
      for (const document of patch.documents) {
        const operations = Array.isArray(document.value) ? (document.value as { path?: unknown }[]) : [];
        const index = operations.findIndex((operation) => operation?.path === jsonPath);
        const span = index >= 0 ? locatePath(document.tree, [index, 'path'], document.start).value : undefined;
        if (span)
          return {
            message,
            path: kustomization.path,
            text: kustomization.text,
            span: { start: patch.toFileOffset(span.start), end: patch.toFileOffset(span.end - 1) + 1 },
          };
      }
    }
  }
  return undefined;
}

// A message naming a file of the tree ("lstat /repo/overlay/missing.env") belongs on the entry naming it.
function namedFileOf(message: string, tree: KustomizationTree): { kustomization: Kustomization; field: (string | number)[] } | undefined {
  for (const [path, file] of tree.files) if (message.includes(path)) return { kustomization: file.namedBy, field: file.field };
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
