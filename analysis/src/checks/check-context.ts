// What every workspace check receives and returns: the file, the workspace's objects, a baseline.
import type { ClusterSpec } from '@kubesim/engine';
import type { ManifestFile } from '../manifest/manifest-file';
import type { ManifestObject } from '../manifest/manifest-document';
import type { Finding } from '../validation/finding';
import type { WorkspaceLookup } from './workspace-lookup';

import type { AppliedTogether } from './applied-together';
import type { IndexedObject } from './indexed-object';
export { namespaceOf, type IndexedObject } from './indexed-object';

/** Where the baseline text came from: `git` HEAD, the `saved` file (untrusted or git off), or the CLI's `--previous` file. */
export type BaselineSource = 'git' | 'saved' | 'previous';

/** The version of the file a change is compared with. */
export interface Baseline {
  source: BaselineSource;
  file: ManifestFile;
  /** Why the file as opened (source `saved`) was used instead of git HEAD (shown in messages). */
  reason?: 'untrusted' | 'git-disabled';
}

/** One offset-based replacement in the file the finding is on. */
export interface TextReplacement {
  start: number;
  end: number;
  newText: string;
}

/** A quick fix: a title and the replacements that make it (applied together). */
export interface FindingFix {
  title: string;
  edits: TextReplacement[];
  /** The fix VS Code applies with "Fix all" / auto-fix. */
  isPreferred?: boolean;
}

/** A finding of a workspace check, possibly with fixes. */
export interface CheckFinding extends Finding {
  fixes?: FindingFix[];
}

/** Everything a check may read. */
export interface CheckContext {
  file: ManifestFile;
  /** URI of the checked file, when it has one (the LSP document). */
  uri?: string;
  /** Every object of the workspace, including the current version of `file`'s objects. */
  workspace: readonly IndexedObject[];
  /**
   * The same objects grouped once per change (workspace-view.ts): by namespace, kind, label and identity.
   * A check that looks something up across the workspace asks here instead of scanning `workspace`.
   */
  index: WorkspaceLookup;
  /**
   * The objects applied together with the checked file (applied-together.ts): its own, and its
   * folder's unless the folder holds alternatives. Conflicts are reported only among these; a
   * lookup for something missing searches the whole workspace.
   */
  appliedTogether: AppliedTogether;
  /** The cluster the file is checked against: release, feature gates, Service network, domain. */
  cluster: ClusterSpec;
  baseline?: Baseline;
  /**
   * True when checkFile was given `previous` and so already ran the API server's update rules
   * (selector immutable, StatefulSet spec Forbidden): the baseline checks then stay quiet.
   */
  updateRulesRan?: boolean;
}

/** A check looks at one object of the file and reports findings on it. */
export type ObjectCheck = (object: ManifestObject, context: CheckContext) => CheckFinding[];
