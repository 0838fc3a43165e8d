// PersistentVolumeClaim and PersistentVolume updates: ValidatePersistentVolumeClaimUpdate and
// ValidatePersistentVolumeUpdate (kubernetes pkg/apis/core/validation/validation.go), after
// SetDefaults_PersistentVolumeClaimSpec / SetDefaults_PersistentVolume. The spec error's first line is
// upstream's; the API server appends a diff of the two specs that kubesim does not restate.
import { runRows } from './kind-verdict';

const claim = (spec: Record<string, unknown>, annotations?: Record<string, string>) =>
  ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data', ...(annotations ? { annotations } : {}) },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
  }) as never;
const volume = (spec: Record<string, unknown>) =>
  ({
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'pv1' },
    spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], ...spec },
  }) as never;

const SPEC_FORBIDDEN = 'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

runRows('ValidatePersistentVolumeClaimUpdate', [
  { name: 'unchanged', object: claim({}), old: claim({}), messages: [] },
  { name: 'a larger storage request (a bound claim may expand)', object: claim({ resources: { requests: { storage: '2Gi' } } }), old: claim({}), messages: [] },
  { name: 'the same size written otherwise (1024Mi)', object: claim({ resources: { requests: { storage: '1024Mi' } } }), old: claim({}), messages: [] },
  { name: 'a first volumeName', object: claim({ volumeName: 'pv1' }), old: claim({}), messages: [] },
  { name: 'a first storageClassName (upgrade from nil)', object: claim({ storageClassName: 'fast' }), old: claim({}), messages: [] },
  {
    name: 'a changed volumeAttributesClassName',
    object: claim({ volumeAttributesClassName: 'gold' }),
    old: claim({ volumeAttributesClassName: 'silver' }),
    messages: [],
  },
  { name: 'changed access modes', object: claim({ accessModes: ['ReadWriteMany'] }), old: claim({}), messages: [SPEC_FORBIDDEN] },
  { name: 'a changed storageClassName', object: claim({ storageClassName: 'slow' }), old: claim({ storageClassName: 'fast' }), messages: [SPEC_FORBIDDEN] },
  { name: 'a changed volumeName', object: claim({ volumeName: 'pv2' }), old: claim({ volumeName: 'pv1' }), messages: [SPEC_FORBIDDEN] },
  {
    name: 'a changed storage limit',
    object: claim({ resources: { requests: { storage: '1Gi' }, limits: { storage: '5Gi' } } }),
    old: claim({}),
    messages: [SPEC_FORBIDDEN],
  },
  {
    name: 'volumeMode Block after the default Filesystem: the spec and volumeMode (path without spec.)',
    object: claim({ volumeMode: 'Block' }),
    old: claim({}),
    messages: [SPEC_FORBIDDEN, 'volumeMode: Invalid value: "Block": field is immutable'],
  },
  {
    name: 'the beta storage-class annotation changed',
    object: claim({}, { 'volume.beta.kubernetes.io/storage-class': 'slow' }),
    old: claim({}, { 'volume.beta.kubernetes.io/storage-class': 'fast' }),
    messages: ['metadata.annotations.volume.beta.kubernetes.io/storage-class: Invalid value: "slow": field is immutable'],
  },
  {
    name: 'the class moved from the beta annotation to storageClassName',
    object: claim({ storageClassName: 'fast' }, { 'volume.beta.kubernetes.io/storage-class': 'fast' }),
    old: claim({}, { 'volume.beta.kubernetes.io/storage-class': 'fast' }),
    messages: [],
  },
  {
    name: 'the create rules still run',
    object: claim({ accessModes: [] }),
    old: claim({}),
    messages: ['spec.accessModes: Required value: at least 1 access mode is required', SPEC_FORBIDDEN],
  },
]);

runRows('ValidatePersistentVolumeUpdate', [
  { name: 'unchanged', object: volume({ hostPath: { path: '/data' } }), old: volume({ hostPath: { path: '/data' } }), messages: [] },
  {
    name: 'a changed capacity and reclaim policy',
    object: volume({ hostPath: { path: '/data' }, capacity: { storage: '2Gi' }, persistentVolumeReclaimPolicy: 'Delete' }),
    old: volume({ hostPath: { path: '/data' } }),
    messages: [],
  },
  {
    name: 'a changed hostPath',
    object: volume({ hostPath: { path: '/other' } }),
    old: volume({ hostPath: { path: '/data' } }),
    messages: ['spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation'],
  },
  {
    name: 'an NFS volume becoming a hostPath volume',
    object: volume({ hostPath: { path: '/data' } }),
    old: volume({ nfs: { server: 'nfs.local', path: '/export' } }),
    messages: ['spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation'],
  },
  {
    name: 'a CSI controllerExpandSecretRef set for the first time',
    object: volume({ csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'vol-1', controllerExpandSecretRef: { name: 's', namespace: 'default' } } }),
    old: volume({ csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'vol-1' } }),
    messages: [],
  },
  {
    name: 'volumeMode Block after the default Filesystem',
    object: volume({ hostPath: { path: '/data' }, volumeMode: 'Block' }),
    old: volume({ hostPath: { path: '/data' } }),
    messages: ['volumeMode: Invalid value: "Block": field is immutable'],
  },
]);
