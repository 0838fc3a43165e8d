// The Kubernetes releases kubesim imitates, and helpers to compare them.

/** A supported Kubernetes minor release. */
export type KubernetesVersion = '1.32' | '1.33' | '1.34' | '1.35' | '1.36' | '1.37';

/** Every supported release, oldest first. */
export const SUPPORTED_KUBERNETES_VERSIONS: readonly KubernetesVersion[] = ['1.32', '1.33', '1.34', '1.35', '1.36', '1.37'];

/** The release used when the user picks none. */
export const DEFAULT_KUBERNETES_VERSION: KubernetesVersion = '1.36';

/** Returns the version if it is supported ("v1.34.2" and "1.34" both give "1.34"), else undefined. */
export function parseKubernetesVersion(text: string): KubernetesVersion | undefined {
  const match = /^v?(\d+)\.(\d+)(?:\.\d+)?$/.exec(text.trim());
  if (!match) return undefined;
  const minor = `${match[1]}.${match[2]}`;
  return (SUPPORTED_KUBERNETES_VERSIONS as readonly string[]).includes(minor) ? (minor as KubernetesVersion) : undefined;
}

// The minor number per release text, read once (feature gates and rules ask on every object they check).
const MINORS = new Map<string, number>();

/** The minor number of a release: 1.34 gives 34. */
export function minorOf(version: KubernetesVersion): number {
  let minor = MINORS.get(version);
  if (minor === undefined) MINORS.set(version, (minor = Number(version.split('.')[1])));
  return minor;
}

/** True when `version` is `other` or newer. */
export function isAtLeast(version: KubernetesVersion, other: KubernetesVersion): boolean {
  return minorOf(version) >= minorOf(other);
}
