// Namespace, ResourceQuota and LimitRange verdicts: ValidateNamespace (validateKubeFinalizerName),
// ValidateResourceQuotaSpec, ValidateResourceQuotaUpdate and ValidateLimitRange (kubernetes
// pkg/apis/core/validation/validation.go). Quantities print as JSON since 1.34, the release tested here.
import { runRows } from './kind-verdict';

const namespace = (finalizers: string[]) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, spec: { finalizers } }) as never;
runRows('validateKubeFinalizerName', [
  { name: 'the standard finalizer and a qualified one', object: namespace(['kubernetes', 'example.com/cleanup']), messages: [] },
  {
    name: 'a finalizer without a domain that is not standard',
    object: namespace(['cleanup']),
    messages: ['spec.finalizers: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified'],
  },
  {
    name: 'finalizers are ignored on update (PrepareForUpdate keeps the stored ones)',
    old: namespace([]),
    object: namespace(['cleanup']),
    messages: [],
  },
]);

const quota = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec }) as never;
runRows('ValidateResourceQuotaSpec', [
  {
    name: 'hard limits with scopes',
    object: quota({ hard: { pods: '10', 'requests.cpu': '4', 'count/jobs.batch': 5 }, scopes: ['NotBestEffort'] }),
    messages: [],
  },
  {
    name: 'a negative quantity',
    object: quota({ hard: { 'limits.memory': '-1Gi' } }),
    messages: ['spec.hard[limits.memory]: Invalid value: "-1Gi": must be greater than or equal to 0'],
  },
  { name: 'a fraction of a pod', object: quota({ hard: { pods: '1.5' } }), messages: ['spec.hard[pods]: Invalid value: "1500m": must be an integer'] },
  {
    name: 'an unsupported scope',
    object: quota({ hard: { pods: '1' }, scopes: ['Cheap'] }),
    messages: ['spec.scopes: Invalid value: ["Cheap"]: unsupported scope'],
  },
  {
    name: 'conflicting scopes',
    object: quota({ scopes: ['Terminating', 'NotTerminating'] }),
    messages: ['spec.scopes: Invalid value: ["Terminating","NotTerminating"]: conflicting scopes'],
  },
  {
    name: 'a BestEffort scope selector with In',
    object: quota({ scopeSelector: { matchExpressions: [{ scopeName: 'BestEffort', operator: 'In', values: ['x'] }] } }),
    messages: [
      'spec.scopeSelector.matchExpressions.operator: Invalid value: "In": must be \'Exists\' when scope is any of ResourceQuotaScopeTerminating, ' +
        'ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity',
    ],
  },
  {
    name: 'a PriorityClass scope selector with In and no values',
    object: quota({ scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In' }] } }),
    messages: ["spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"],
  },
]);

runRows('ValidateResourceQuotaUpdate', [
  {
    name: 'the same scopes in another order',
    old: quota({ scopes: ['BestEffort', 'Terminating'] }),
    object: quota({ scopes: ['Terminating', 'BestEffort'] }),
    messages: [],
  },
  {
    name: 'scopes that change',
    old: quota({ scopes: ['BestEffort'] }),
    object: quota({ scopes: ['NotBestEffort'] }),
    messages: ['spec.scopes: Invalid value: ["NotBestEffort"]: field is immutable'],
  },
]);

const limitRange = (limits: unknown[]) => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'limits' }, spec: { limits } }) as never;
runRows('ValidateLimitRange', [
  {
    name: 'container defaults inside min and max, a pod maximum, a claim minimum',
    object: limitRange([
      {
        type: 'Container',
        min: { cpu: '50m' },
        max: { cpu: '2' },
        default: { cpu: '500m' },
        defaultRequest: { cpu: '100m' },
        maxLimitRequestRatio: { cpu: '4' },
      },
      { type: 'Pod', max: { memory: '2Gi' } },
      { type: 'PersistentVolumeClaim', min: { storage: '1Gi' } },
    ]),
    messages: [],
  },
  {
    name: 'an unknown type, then a duplicate type',
    object: limitRange([{ type: 'Node' }, { type: 'Container' }, { type: 'Container' }]),
    messages: [
      'spec.limits[0].type: Invalid value: "Node": must be a standard limit type or fully qualified',
      'spec.limits[2].type: Duplicate value: "Container"',
    ],
  },
  {
    name: 'defaults on a Pod limit',
    object: limitRange([{ type: 'Pod', default: { cpu: '1' }, defaultRequest: { cpu: '1' } }]),
    messages: [
      "spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'",
      "spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'",
    ],
  },
  {
    name: 'a claim limit without storage bounds',
    object: limitRange([{ type: 'PersistentVolumeClaim', max: { 'requests.storage': '1Gi' } }]),
    messages: ['spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided'],
  },
  {
    name: 'min above max, a default request above the default limit',
    object: limitRange([
      { type: 'Container', min: { memory: '1Gi' }, max: { memory: '512Mi' } },
      { type: 'Pod', max: { cpu: '1' } },
    ]),
    messages: ['spec.limits[0].min[memory]: Invalid value: "1Gi": min value 1Gi is greater than max value 512Mi'],
  },
  {
    name: 'a default request above the default limit, a ratio below 1',
    object: limitRange([{ type: 'Container', default: { cpu: '200m' }, defaultRequest: { cpu: '300m' }, maxLimitRequestRatio: { memory: '500m' } }]),
    messages: [
      'spec.limits[0].defaultRequest[cpu]: Invalid value: "300m": default request value 300m is greater than default limit value 200m',
      'spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: "500m": ratio 500m is less than 1',
    ],
  },
  {
    name: 'a default above max reports the max as its value',
    object: limitRange([{ type: 'Container', max: { cpu: '1' }, default: { cpu: '2' } }]),
    messages: ['spec.limits[0].default[cpu]: Invalid value: "1": default value 2 is greater than max value 1'],
  },
]);
