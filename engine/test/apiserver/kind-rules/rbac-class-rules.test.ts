// Role, ClusterRole, RoleBinding, ClusterRoleBinding, PriorityClass and StorageClass verdicts:
// ValidatePolicyRule, ValidateRoleBinding(Update), ValidateRoleBindingSubject (kubernetes
// pkg/apis/rbac/validation/validation.go), ValidatePriorityClass(Update) (pkg/apis/scheduling/validation)
// and ValidateStorageClass(Update) (pkg/apis/storage/validation), after their v1 defaulting.
import { runRows } from './kind-verdict';

const RBAC = 'rbac.authorization.k8s.io/v1';
const role = (kind: string, rules: unknown[]) => ({ apiVersion: RBAC, kind, metadata: { name: 'reader' }, rules }) as never;
const binding = (kind: string, roleRef: Record<string, unknown>, subjects: unknown[]) =>
  ({ apiVersion: RBAC, kind, metadata: { name: 'read' }, roleRef: { kind: 'ClusterRole', name: 'view', ...roleRef }, subjects }) as never;
const account = { kind: 'ServiceAccount', name: 'app', namespace: 'default' };

runRows('ValidatePolicyRule', [
  { name: 'a resource rule', object: role('Role', [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]), messages: [] },
  {
    name: 'a rule without verbs, groups or resources',
    object: role('Role', [{}]),
    messages: [
      'rules[0].verbs: Required value: verbs must contain at least one value',
      'rules[0].apiGroups: Required value: resource rules must supply at least one api group',
      'rules[0].resources: Required value: resource rules must supply at least one resource',
    ],
  },
  { name: 'non-resource URLs in a ClusterRole', object: role('ClusterRole', [{ nonResourceURLs: ['/healthz'], verbs: ['get'] }]), messages: [] },
  {
    name: 'non-resource URLs in a Role',
    object: role('Role', [{ nonResourceURLs: ['/healthz'], verbs: ['get'] }]),
    messages: ['rules[0].nonResourceURLs: Invalid value: ["/healthz"]: namespaced rules cannot apply to non-resource URLs'],
  },
]);

runRows('ValidateRoleBinding', [
  { name: 'a ServiceAccount subject (roleRef apiGroup defaulted)', object: binding('RoleBinding', {}, [account]), messages: [] },
  { name: 'a User without apiGroup (defaulted)', object: binding('ClusterRoleBinding', {}, [{ kind: 'User', name: 'jane' }]), messages: [] },
  {
    name: 'a ClusterRoleBinding to a Role',
    object: binding('ClusterRoleBinding', { kind: 'Role' }, [account]),
    messages: ['roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"'],
  },
  {
    name: 'a ClusterRoleBinding ServiceAccount without namespace',
    object: binding('ClusterRoleBinding', {}, [{ kind: 'ServiceAccount', name: 'app' }]),
    messages: ['subjects[0].namespace: Required value'],
  },
  {
    name: 'an unknown subject kind',
    object: binding('RoleBinding', {}, [{ kind: 'Robot', name: 'r2' }]),
    messages: ['subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"'],
  },
  {
    name: 'the roleRef may not change',
    old: binding('RoleBinding', {}, [account]),
    object: binding('RoleBinding', { name: 'edit' }, [account]),
    messages: ['roleRef: Invalid value: {"APIGroup":"rbac.authorization.k8s.io","Kind":"ClusterRole","Name":"edit"}: cannot change roleRef'],
  },
]);

const priorityClass = (fields: Record<string, unknown>, name = 'high') =>
  ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, ...fields }) as never;
runRows('ValidatePriorityClass', [
  { name: 'a user value', object: priorityClass({ value: 1000000000 }), messages: [] },
  {
    name: 'above the user maximum',
    object: priorityClass({ value: 1000000001 }),
    messages: ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000'],
  },
  {
    name: 'an unknown preemption policy',
    object: priorityClass({ value: 1, preemptionPolicy: 'Always' }),
    messages: ['preemptionPolicy: Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"'],
  },
  {
    name: 'the value is fixed',
    old: priorityClass({ value: 1 }),
    object: priorityClass({ value: 2 }),
    messages: ['value: Forbidden: may not be changed in an update.'],
  },
]);

const storageClass = (fields: Record<string, unknown>) =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast' }, ...fields }) as never;
runRows('ValidateStorageClass', [
  { name: 'a CSI provisioner (defaults Delete, Immediate)', object: storageClass({ provisioner: 'ebs.csi.aws.com' }), messages: [] },
  { name: 'no provisioner', object: storageClass({}), messages: ['provisioner: Required value'] },
  {
    name: 'an unknown reclaim policy',
    object: storageClass({ provisioner: 'ebs.csi.aws.com', reclaimPolicy: 'Recycle' }),
    messages: ['reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"'],
  },
  {
    name: 'the parameters are fixed',
    old: storageClass({ provisioner: 'ebs.csi.aws.com', parameters: { type: 'gp2' } }),
    object: storageClass({ provisioner: 'ebs.csi.aws.com', parameters: { type: 'gp3' } }),
    messages: ['parameters: Forbidden: updates to parameters are forbidden.'],
  },
]);
