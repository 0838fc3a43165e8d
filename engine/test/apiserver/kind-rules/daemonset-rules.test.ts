// DaemonSet verdicts: ValidateDaemonSetSpec, ValidateDaemonSetUpdateStrategy and
// ValidateRollingUpdateDaemonSet (kubernetes pkg/apis/apps/validation/validation.go) after
// SetDefaults_DaemonSet (RollingUpdate, maxUnavailable 1, maxSurge 0).
import { runRows, CONTAINERS } from './kind-verdict';

function daemonSet(spec: Record<string, unknown> = {}, labels: Record<string, string> = { app: 'agent' }) {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels }, spec: { containers: CONTAINERS } }, ...spec },
  } as never;
}
const rollingUpdate = (values: Record<string, unknown>) => ({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: values } });

runRows('ValidateDaemonSetSpec', [
  { name: 'a valid DaemonSet (defaults maxUnavailable 1, maxSurge 0)', object: daemonSet(), messages: [] },
  {
    name: 'selector does not match the template labels (1.34+ JSON)',
    object: daemonSet({}, { app: 'other' }),
    messages: ['spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`'],
    versions: ['1.34', '1.36'],
  },
  {
    name: 'selector does not match the template labels (Go syntax before 1.34)',
    object: daemonSet({}, { app: 'other' }),
    messages: ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`'],
    versions: ['1.32', '1.33'],
  },
  {
    name: 'no selector matches nothing',
    object: daemonSet({ selector: undefined }),
    messages: ['spec.template.metadata.labels: Invalid value: {"app":"agent"}: `selector` does not match template `labels`'],
  },
  {
    name: 'an empty selector',
    object: daemonSet({ selector: {} }),
    messages: ['spec.selector: Invalid value: {}: empty selector is invalid for daemonset'],
  },
  {
    name: 'restartPolicy must be Always',
    object: daemonSet({ template: { metadata: { labels: { app: 'agent' } }, spec: { containers: CONTAINERS, restartPolicy: 'Never' } } }),
    messages: ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'],
  },
  {
    name: 'activeDeadlineSeconds is not supported',
    object: daemonSet({ template: { metadata: { labels: { app: 'agent' } }, spec: { containers: CONTAINERS, activeDeadlineSeconds: 5 } } }),
    messages: ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported'],
  },
  {
    name: 'negative minReadySeconds',
    object: daemonSet({ minReadySeconds: -1 }),
    messages: ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0'],
  },
  {
    name: 'negative revisionHistoryLimit',
    object: daemonSet({ revisionHistoryLimit: -2 }),
    messages: ['spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0'],
  },
]);

runRows('ValidateRollingUpdateDaemonSet', [
  { name: 'maxSurge alone (maxUnavailable set to 0)', object: daemonSet(rollingUpdate({ maxUnavailable: 0, maxSurge: 1 })), messages: [] },
  {
    name: 'both non-zero',
    object: daemonSet(rollingUpdate({ maxUnavailable: 1, maxSurge: '25%' })),
    messages: ['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: "25%": may not be set when maxUnavailable is non-zero'],
  },
  {
    name: 'both zero',
    object: daemonSet(rollingUpdate({ maxUnavailable: 0, maxSurge: 0 })),
    messages: ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0'],
  },
  {
    name: 'maxUnavailable above 100%',
    object: daemonSet(rollingUpdate({ maxUnavailable: '150%' })),
    messages: ['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%'],
  },
  {
    name: 'maxUnavailable negative',
    object: daemonSet(rollingUpdate({ maxUnavailable: -1 })),
    messages: ['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: -1: must be greater than or equal to 0'],
  },
]);

runRows('ValidateDaemonSetUpdateStrategy', [
  { name: 'OnDelete', object: daemonSet({ updateStrategy: { type: 'OnDelete' } }), messages: [] },
  {
    name: 'an unknown type prints the internal strategy',
    object: daemonSet({ updateStrategy: { type: 'Sideways' } }),
    messages: ['spec.updateStrategy: Unsupported value: {"Type":"Sideways","RollingUpdate":null}: supported values: "RollingUpdate", "OnDelete"'],
  },
]);
