// Picks the generated Go struct layout table of a Kubernetes release.
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { GoLayout } from './go-layout-types';
import { GO_LAYOUT_1_32 } from './generated/layout-1-32';
import { GO_LAYOUT_1_33 } from './generated/layout-1-33';
import { GO_LAYOUT_1_34 } from './generated/layout-1-34';
import { GO_LAYOUT_1_35 } from './generated/layout-1-35';
import { GO_LAYOUT_1_36 } from './generated/layout-1-36';
import { GO_LAYOUT_1_37 } from './generated/layout-1-37';

const LAYOUTS: Record<KubernetesVersion, GoLayout> = {
  '1.32': GO_LAYOUT_1_32,
  '1.33': GO_LAYOUT_1_33,
  '1.34': GO_LAYOUT_1_34,
  '1.35': GO_LAYOUT_1_35,
  '1.36': GO_LAYOUT_1_36,
  '1.37': GO_LAYOUT_1_37,
};

/** The Go struct layouts of the k8s.io/api release matching `version`. */
export function goLayoutFor(version: KubernetesVersion): GoLayout {
  return LAYOUTS[version];
}

// The package keys of the generated tables whose Go package name is `v1` (autoscaling/v2's is `v2`).
const V1_PACKAGE_KEYS = [
  'core',
  'meta',
  'apps',
  'networking',
  'batch',
  'autoscaling',
  'policy',
  'rbac',
  'storage',
  'scheduling',
  'node',
  'coordination',
  'discovery',
  'events',
  'admissionregistration',
  'certificates',
  'flowcontrol',
  'resourcev1',
  'apiextensions',
  'apiregistration',
];
const V1_PACKAGES = new RegExp(`\\b(${V1_PACKAGE_KEYS.join('|')})\\.`, 'g');

/** The name Go's reflect prints for a package-keyed type expression: `[]core.Container` -> `[]v1.Container`. */
export function goTypeString(expr: string): string {
  return expr.replace(V1_PACKAGES, 'v1.').replace(/\bautoscalingv2\./g, 'v2.');
}
