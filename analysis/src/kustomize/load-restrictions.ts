// kustomize's default load restriction (LoadRestrictionsRootOnly), restated so that kubesim never reads,
// copies or hands kustomize a file that kustomize itself would refuse, plus kubesim's own limits on
// what a file read for a rendering may be (a regular file of bounded size).
import { realpathSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

/** Files larger than this are not read for a rendering (a manifest bundle of several MB is fine). */
export const MAX_RENDER_FILE_BYTES = 16 * 1024 * 1024;

/** Why a file named by a kustomization is not read: kustomize's refusal, or kubesim's limit. */
export interface LoadRefusal {
  /** `security`: kustomize refuses it too (an error, in kustomize's words); `limit`: kubesim does not read it. */
  kind: 'security' | 'limit';
  message: string;
}

/**
 * Whether the file `entry` (as written in the kustomization) may be loaded by the kustomization whose
 * directory is `root`. Follows sigs.k8s.io/kustomize
 * api/internal/loader/loadrestrictions.go RestrictionRootOnly over kyaml/filesys fsOnDisk.CleanedAbs:
 * a relative entry is joined to the real root (FileLoader.Load), the path is made real (every symlink
 * resolved); a path that resolves to a directory is not a file; a
 * file is allowed only when the real folder holding it is the real root or lies below it
 * (ConfirmedDir.HasPrefix). The refusal names the path as written and the real root, as kustomize does.
 * A path that does not exist is not refused here: kustomize says it is missing.
 * Beyond kustomize: only regular files of at most MAX_RENDER_FILE_BYTES are read (a FIFO would block
 * kustomize and kubesim, a device never ends).
 */
export function loadRefusalOf(root: string, entry: string): LoadRefusal | undefined {
  let real: string;
  let realRoot: string;
  let path: string;
  try {
    realRoot = realpathSync(root);
    path = resolve(realRoot, entry);
    real = realpathSync(path);
  } catch {
    return undefined;
  }
  let stats;
  try {
    stats = statSync(real);
  } catch {
    return undefined;
  }
  if (stats.isDirectory()) return { kind: 'security', message: `'${path}' must resolve to a file` };
  if (!isInOrBelow(dirname(real), realRoot)) return { kind: 'security', message: `security; file '${path}' is not in or below '${realRoot}'` };
  if (!stats.isFile()) return { kind: 'limit', message: `'${path}' is not a regular file (a device, FIFO or socket): kubesim does not read it` };
  if (stats.size > MAX_RENDER_FILE_BYTES) {
    const limit = MAX_RENDER_FILE_BYTES / 1024 / 1024;
    return { kind: 'limit', message: `'${path}' is larger than ${limit} MiB (${stats.size} bytes): kubesim does not read it` };
  }
  return undefined;
}

/** ConfirmedDir.HasPrefix: `directory` is `root`, or below it, or `root` is the file system's root. */
function isInOrBelow(directory: string, root: string): boolean {
  return root === sep || directory === root || directory.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Whether a path may be read as the text of a rendering's file: a regular file within the size limit. */
export function isReadableForRender(path: string): boolean {
  try {
    const stats = statSync(path);
    return stats.isFile() && stats.size <= MAX_RENDER_FILE_BYTES;
  } catch {
    return false;
  }
}
