// Job verdicts: ValidateJob, ValidateJobSpec, validateJobSpec, validateGeneratedSelector and the
// policy rules (kubernetes pkg/apis/batch/validation/validation.go), after SetDefaults_Job and the
// strategy's generateSelector (pkg/registry/batch/job/strategy.go).
import { runRows } from './kind-verdict';

const never = { restartPolicy: 'Never', containers: [{ name: 'app', image: 'busybox' }] };
function job(spec: Record<string, unknown> = {}, podSpec: Record<string, unknown> = never, name = 'pi') {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name }, spec: { template: { spec: podSpec }, ...spec } } as never;
}
const indexed = (spec: Record<string, unknown>) => job({ completionMode: 'Indexed', completions: 3, ...spec });

runRows('validateJobSpec', [
  { name: 'a valid Job (selector and labels generated)', object: job(), messages: [] },
  {
    name: 'restartPolicy Always is refused as Required',
    object: job({}, { ...never, restartPolicy: 'Always' }),
    messages: ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
  },
  {
    name: 'no restartPolicy defaults to Always',
    object: job({}, { containers: never.containers }),
    messages: ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
  },
  { name: 'OnFailure', object: job({}, { ...never, restartPolicy: 'OnFailure' }), messages: [] },
  { name: 'negative parallelism', object: job({ parallelism: -1 }), messages: ['spec.parallelism: Invalid value: -1: must be greater than or equal to 0'] },
  { name: 'negative completions', object: job({ completions: -2 }), messages: ['spec.completions: Invalid value: -2: must be greater than or equal to 0'] },
  { name: 'negative backoffLimit', object: job({ backoffLimit: -1 }), messages: ['spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0'] },
  {
    name: 'negative ttlSecondsAfterFinished',
    object: job({ ttlSecondsAfterFinished: -5 }),
    messages: ['spec.ttlSecondsAfterFinished: Invalid value: -5: must be greater than or equal to 0'],
  },
  {
    name: 'an unknown completionMode',
    object: job({ completionMode: 'Sometimes' }),
    messages: ['spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"'],
  },
  {
    name: 'Indexed without completions',
    object: job({ completionMode: 'Indexed', parallelism: 2 }),
    messages: ['spec.completions: Required value: when completion mode is Indexed'],
  },
  {
    name: 'backoffLimitPerIndex needs Indexed',
    object: job({ backoffLimitPerIndex: 1 }),
    messages: ['spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode'],
  },
  {
    name: 'maxFailedIndexes needs backoffLimitPerIndex',
    object: indexed({ maxFailedIndexes: 1 }),
    messages: ['spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified'],
  },
  {
    name: 'maxFailedIndexes above completions',
    object: indexed({ backoffLimitPerIndex: 1, maxFailedIndexes: 4 }),
    messages: ['spec.maxFailedIndexes: Invalid value: 4: must be less than or equal to completions'],
  },
  {
    name: 'an Indexed Job whose last pod hostname is too long',
    object: job({ completionMode: 'Indexed', completions: 10 }, never, 'a'.repeat(62)),
    messages: [`metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-9`],
  },
  {
    name: 'a template job-name label other than the Job name',
    object: job({ template: { metadata: { labels: { 'job-name': 'other' } }, spec: never } }),
    messages: [
      'spec.template.metadata.labels[job-name]: Invalid value: {"batch.kubernetes.io/controller-uid":"00000000-0000-0000-0000-000000000000",' +
        '"batch.kubernetes.io/job-name":"pi","controller-uid":"00000000-0000-0000-0000-000000000000","job-name":"other"}: must be \'pi\'',
    ],
  },
  {
    name: 'manualSelector with a matching selector',
    object: job({ manualSelector: true, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: never } }),
    messages: [],
  },
  {
    name: 'manualSelector with a selector that does not match',
    object: job({ manualSelector: true, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'c' } }, spec: never } }),
    messages: ['spec.template.metadata.labels: Invalid value: {"a":"c"}: `selector` does not match template `labels`'],
  },
]);

runRows('validatePodFailurePolicy', [
  {
    name: 'a valid policy',
    object: job({
      podFailurePolicy: {
        rules: [
          { action: 'FailJob', onExitCodes: { operator: 'In', values: [1, 2] } },
          { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] },
        ],
      },
    }),
    messages: [],
  },
  {
    name: 'OnFailure with a podFailurePolicy',
    object: job(
      { podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [1] } }] } },
      { ...never, restartPolicy: 'OnFailure' },
    ),
    messages: ['spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified'],
  },
  {
    name: 'exit code 0 with In, unordered and duplicated',
    object: job({ podFailurePolicy: { rules: [{ action: 'Count', onExitCodes: { operator: 'In', values: [0, 3, 3, 2] } }] } }),
    messages: [
      'spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator',
      'spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 3',
      'spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: [0,3,3,2]: must be ordered',
    ],
  },
  {
    name: 'an unknown action and neither requirement',
    object: job({ podFailurePolicy: { rules: [{ action: 'Retry' }] } }),
    messages: [
      'spec.podFailurePolicy.rules[0].action: Unsupported value: "Retry": supported values: "Count", "FailIndex", "FailJob", "Ignore"',
      'spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required',
    ],
  },
  {
    name: 'FailIndex without backoffLimitPerIndex',
    object: indexed({ podFailurePolicy: { rules: [{ action: 'FailIndex', onExitCodes: { operator: 'In', values: [1] } }] } }),
    messages: ['spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set'],
  },
  {
    name: 'an exit-code container that is not in the template',
    object: job({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { containerName: 'sidecar', operator: 'NotIn', values: [0] } }] } }),
    messages: [
      'spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "sidecar": ' +
        'must be one of the container or initContainer names in the pod template',
    ],
  },
  {
    name: 'podReplacementPolicy must be Failed with a podFailurePolicy',
    object: job({
      podReplacementPolicy: 'TerminatingOrFailed',
      podFailurePolicy: { rules: [{ action: 'Ignore', onExitCodes: { operator: 'In', values: [1] } }] },
    }),
    messages: ['spec.podReplacementPolicy: Unsupported value: "TerminatingOrFailed": supported values: "Failed"'],
  },
]);

runRows('validateSuccessPolicy', [
  { name: 'a valid rule', object: indexed({ successPolicy: { rules: [{ succeededIndexes: '0-1', succeededCount: 1 }] } }), messages: [] },
  {
    name: 'needs Indexed',
    object: job({ successPolicy: { rules: [{ succeededCount: 1 }] } }),
    messages: ['spec.successPolicy: Invalid value: {"Rules":[{"SucceededIndexes":null,"SucceededCount":1}]}: requires indexed completion mode'],
  },
  {
    name: 'an index beyond completions',
    object: indexed({ successPolicy: { rules: [{ succeededIndexes: '1-5' }] } }),
    messages: ['spec.successPolicy.rules[0].succeededIndexes: Invalid value: "1-5": error parsing succeededIndexes: too large index: "5"'],
  },
  {
    name: 'a count above the listed indexes',
    object: indexed({ successPolicy: { rules: [{ succeededIndexes: '0', succeededCount: 2 }] } }),
    messages: [
      'spec.successPolicy.rules[0].succeededCount: Invalid value: 2: ' +
        'must be less than or equal to 1 (the number of indexes in the specified succeededIndexes field)',
    ],
  },
  {
    name: 'an empty rule',
    object: indexed({ successPolicy: { rules: [{}] } }),
    messages: ['spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified'],
  },
]);

runRows('ValidateJobSpecUpdate', [
  { name: 'parallelism may change', old: job({ parallelism: 1 }), object: job({ parallelism: 3 }), messages: [] },
  {
    name: 'completions may not change',
    old: job({ completions: 1 }),
    object: job({ completions: 2 }),
    messages: ['spec.completions: Invalid value: 2: field is immutable'],
  },
  {
    name: 'completionMode may not change',
    old: job({ completions: 2 }),
    object: indexed({ completions: 2 }),
    messages: ['spec.completionMode: Invalid value: "Indexed": field is immutable'],
  },
  {
    name: 'an Indexed Job scales completions with parallelism',
    old: indexed({ parallelism: 3 }),
    object: indexed({ completions: 5, parallelism: 5 }),
    messages: [],
  },
]);

// The API server prints the whole template as the bad value; kubesim abbreviates it to {…}.
const image = (name: string) => ({ ...never, containers: [{ name: 'app', image: name }] });
runRows('validatePodTemplateUpdate', [
  { name: 'the same template', old: job({}, image('busybox:1')), object: job({}, image('busybox:1')), messages: [] },
  {
    name: 'a new image in the template',
    old: job({}, image('busybox:1')),
    object: job({}, image('busybox:2')),
    messages: ['spec.template: Invalid value: {…}: field is immutable'],
  },
  {
    name: 'a suspended Job may change its node selector and tolerations',
    old: job({ suspend: true }, image('busybox:1')),
    object: job({ suspend: true }, { ...image('busybox:1'), nodeSelector: { zone: 'a' }, tolerations: [{ key: 'gpu', operator: 'Exists' }] }),
    messages: [],
  },
  {
    name: 'a suspended Job may not change its image',
    old: job({ suspend: true }, image('busybox:1')),
    object: job({ suspend: true }, image('busybox:2')),
    messages: ['spec.template: Invalid value: {…}: field is immutable'],
  },
]);
