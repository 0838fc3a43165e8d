// A ResourceQuota's resource names: ValidateResourceQuotaResourceName and validateResourceName (kubernetes
// pkg/apis/core/validation/validation.go) over helpers.go's standard lists, and IsIntegerResourceName for
// extended resources. `limit.cpu` (a typo of limits.cpu) gets both errors, as a real API server answers.
import { runRows } from './kind-verdict';

const quota = (hard: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard } }) as never;
const QUALIFIED =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character " +
  "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

runRows('ValidateResourceQuotaResourceName', [
  {
    name: 'standard names, hugepages, object counts and extended resources',
    object: quota({
      'requests.cpu': '2',
      'limits.memory': '4Gi',
      'requests.storage': '10Gi',
      'hugepages-2Mi': '1Gi',
      'requests.hugepages-1Gi': '2Gi',
      'count/deployments.apps': 5,
      'requests.nvidia.com/gpu': 2,
      configmaps: 10,
      'services.loadbalancers': 1,
    }),
    messages: [],
  },
  {
    name: 'limit.cpu: neither standard nor for quota',
    object: quota({ 'limit.cpu': '2' }),
    messages: [
      'spec.hard[limit.cpu]: Invalid value: "limit.cpu": must be a standard resource type or fully qualified',
      'spec.hard[limit.cpu]: Invalid value: "limit.cpu": must be a standard resource for quota',
    ],
  },
  {
    name: 'storage: a standard resource the quota does not track',
    object: quota({ storage: '10Gi' }),
    messages: ['spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota'],
  },
  {
    name: 'not a qualified name: the qualified-name error, then the quota error',
    object: quota({ 'cpu limit': '2' }),
    messages: [
      `spec.hard[cpu limit]: Invalid value: "cpu limit": ${QUALIFIED}`,
      'spec.hard[cpu limit]: Invalid value: "cpu limit": must be a standard resource for quota',
    ],
  },
  {
    name: 'an extended resource counts in whole units',
    object: quota({ 'example.com/dongle': '1.5' }),
    messages: ['spec.hard[example.com/dongle]: Invalid value: "1500m": must be an integer'],
  },
]);
