// The typed messages between the rollout panel (extension) and the webview: one union per direction.
import type { RolloutBase, RolloutView, SourceSpan, WhatIf } from './rollout-view';

/** Extension -> webview. */
export type ToWebview =
  /** A fresh preview; `banner` explains why it may be stale; `pinned`: the panel stays on this workload. */
  | { type: 'showRollout'; view: RolloutView; banner?: string; pinned?: boolean }
  /** The shown workload cannot be read now: keep the last good rollout, greyed, under `message`. */
  | { type: 'unreadable'; message: string }
  /** Keep the current preview but show (or clear, with `undefined`) a banner. */
  | { type: 'banner'; banner?: string }
  /** Nothing to preview (no Deployment or StatefulSet at the cursor). */
  | { type: 'clear'; message: string };

/** Webview -> extension. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'revealInEditor'; span: SourceSpan }
  | { type: 'setBase'; base: RolloutBase }
  | { type: 'setWhatIf'; whatIf: WhatIf }
  | { type: 'copy'; text: string }
  /** Pin the panel to the workload it shows (or follow the editor again). */
  | { type: 'setPinned'; pinned: boolean };

/** What the webview keeps with `setState`, so a reload restores the panel. */
export interface WebviewState {
  view?: RolloutView;
  selectedStep: number;
  tab: 'timeline' | 'pods' | 'kubectl';
  /** The step list shows every controller pass instead of grouping status-only passes. */
  everyPass?: boolean;
  /** The panel is pinned to `view`'s workload. */
  pinned?: boolean;
}
