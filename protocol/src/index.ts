// Types and method names shared by the server, the client and the webview.

/** Custom LSP methods, all prefixed `kubesim/`. */
export const Methods = {
  /** Client -> server: simulate the rollout of the workload at a position. */
  simulateRollout: 'kubesim/simulateRollout',
} as const;

/** Settings the client sends to the server (section `kubesim`). */
export interface KubesimSettings {
  kubernetesVersion: string;
  clusterDomain: string;
  git: { enabled: boolean };
}

export * from './rollout-view';
export * from './webview-messages';
