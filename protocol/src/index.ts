// Types and method names shared by the server, the client and the webview.

/** Custom LSP methods, all prefixed `kubesim/`. */
export const Methods = {
  /** Client -> server: simulate the rollout of the workload at a position. */
  simulateRollout: 'kubesim/simulateRollout',
  /** Server -> client notification: which kustomize renders and whether renderings run or failed. */
  kustomizeStatus: 'kubesim/kustomizeStatus',
  /** Server -> client notification: which helm renders charts and which charts render now. */
  helmStatus: 'kubesim/helmStatus',
  /**
   * Server -> client notification, no parameters: the cluster files are checked against may have changed (the
   * settings, a saved `.kubesim.yaml`); an open rollout preview asks `kubesim/simulateRollout` again at once.
   */
  clusterChanged: 'kubesim/clusterChanged',
} as const;

/** Parameters of `kubesim/helmStatus`. */
export interface HelmStatus {
  /** The helm in use, e.g. "helm v4.2.3 at /usr/local/bin/helm", or why there is none. */
  binary: string;
  /** Chart folders being rendered now. */
  running: string[];
  /** The workspace is not trusted: helm never runs, charts are not rendered. */
  untrusted?: boolean;
}

/** Parameters of `kubesim/kustomizeStatus`. */
export interface KustomizeStatus {
  /** The kustomize in use, e.g. "kubectl kustomize (kustomize v5.5.0) at /usr/bin/kubectl", or why there is none. */
  binary: string;
  /** Whether a kustomize binary was found. */
  available: boolean;
  /** Kustomization roots being rendered now (absolute directory paths). */
  running: string[];
  /** Roots whose last rendering failed, with kustomize's message. */
  failed: { root: string; message: string }[];
  /** The workspace is not trusted: kustomize never runs, kustomizations are not rendered. */
  untrusted?: boolean;
}

/** Settings the client sends to the server (section `kubesim`). */
export interface KubesimSettings {
  kubernetesVersion: string;
  clusterDomain: string;
  git: { enabled: boolean };
  kustomize: { allowRemoteResources: boolean };
}

export * from './rollout-view';
export * from './webview-messages';
