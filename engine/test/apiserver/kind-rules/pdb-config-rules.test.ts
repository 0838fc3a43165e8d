// PodDisruptionBudget, ConfigMap and Secret verdicts: ValidatePodDisruptionBudgetSpec (kubernetes
// pkg/apis/policy/validation/validation.go), ValidateConfigMap(Update) and ValidateSecret(Update)
// (pkg/apis/core/validation/validation.go), after SetDefaults_Secret.
import { runRows } from './kind-verdict';

const pdb = (spec: Record<string, unknown>) =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec } }) as never;
const configMap = (fields: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'config' }, ...fields }) as never;
const secret = (fields: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds' }, ...fields }) as never;
const KEY_MESSAGE =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', " +
  "regex used for validation is '[-._a-zA-Z0-9]+')";

runRows('ValidatePodDisruptionBudgetSpec', [
  { name: 'minAvailable alone', object: pdb({ minAvailable: '50%' }), messages: [] },
  {
    name: 'both set (1.34+: the internal spec as JSON)',
    object: pdb({ minAvailable: 2, maxUnavailable: 1 }),
    messages: [
      'spec: Invalid value: {"MinAvailable":2,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: ' +
        'minAvailable and maxUnavailable cannot be both set',
    ],
  },
  {
    name: 'both set (before 1.34: Go syntax with pointers)',
    object: pdb({ minAvailable: 2, maxUnavailable: 1 }),
    versions: ['1.33'],
    messages: [
      'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000000000), Selector:(*v1.LabelSelector)(0xc000000000), ' +
        'MaxUnavailable:(*intstr.IntOrString)(0xc000000000), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: ' +
        'minAvailable and maxUnavailable cannot be both set',
    ],
  },
  {
    name: 'a percentage over 100',
    object: pdb({ maxUnavailable: '120%' }),
    messages: ['spec.maxUnavailable: Invalid value: "120%": must not be greater than 100%'],
  },
  { name: 'a negative count', object: pdb({ minAvailable: -1 }), messages: ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0'] },
  {
    name: 'an unknown eviction policy',
    object: pdb({ minAvailable: 1, unhealthyPodEvictionPolicy: 'Never' }),
    messages: ['spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"'],
  },
]);

runRows('ValidateConfigMap', [
  { name: 'valid keys', object: configMap({ data: { 'app.properties': 'x', KEY_1: 'y' } }), messages: [] },
  {
    name: 'a key with a space and a bang',
    object: configMap({ data: { 'bad key!': 'x' } }),
    messages: [`data[bad key!]: Invalid value: "bad key!": ${KEY_MESSAGE}`],
  },
  {
    name: 'a key in both data and binaryData',
    object: configMap({ data: { a: 'x' }, binaryData: { a: 'eA==' } }),
    messages: ['data[a]: Invalid value: "a": duplicate of key present in binaryData'],
  },
  { name: 'more than 1 MiB', object: configMap({ data: { big: 'x'.repeat(1024 * 1024 + 1) } }), messages: [': Too long: may not be more than 1048576 bytes'] },
  {
    name: 'an immutable ConfigMap keeps its data',
    old: configMap({ immutable: true, data: { a: '1' } }),
    object: configMap({ immutable: true, data: { a: '2' } }),
    messages: ['data: Forbidden: field is immutable when `immutable` is set'],
  },
  {
    name: 'an immutable ConfigMap stays immutable',
    old: configMap({ immutable: true, data: { a: '1' } }),
    object: configMap({ data: { a: '1' } }),
    messages: ['immutable: Forbidden: field is immutable when `immutable` is set'],
  },
]);

runRows('ValidateSecret', [
  { name: 'an Opaque secret (defaulted type)', object: secret({ stringData: { password: 's3cret' } }), messages: [] },
  { name: 'a bad key in stringData', object: secret({ stringData: { 'a b': 'x' } }), messages: [`data[a b]: Invalid value: "a b": ${KEY_MESSAGE}`] },
  {
    name: 'a TLS secret without its key',
    object: secret({ type: 'kubernetes.io/tls', data: { 'tls.crt': 'Y2VydA==' } }),
    messages: ['data[tls.key]: Required value'],
  },
  {
    name: 'basic auth without username and password',
    object: secret({ type: 'kubernetes.io/basic-auth', stringData: { user: 'x' } }),
    messages: ['data[username]: Required value', 'data[password]: Required value'],
  },
  { name: 'basic auth with a password only', object: secret({ type: 'kubernetes.io/basic-auth', stringData: { password: 'x' } }), messages: [] },
  { name: 'ssh auth without a key', object: secret({ type: 'kubernetes.io/ssh-auth' }), messages: ['data[ssh-privatekey]: Required value'] },
  {
    name: 'a docker config that is not an object',
    object: secret({ type: 'kubernetes.io/dockerconfigjson', stringData: { '.dockerconfigjson': '[]' } }),
    messages: [
      'data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": json: cannot unmarshal array into Go value of type map[string]interface {}',
    ],
  },
  {
    name: 'a service account token without its account',
    object: secret({ type: 'kubernetes.io/service-account-token' }),
    messages: ['metadata.annotations[kubernetes.io/service-account.name]: Required value'],
  },
  {
    name: 'the type is immutable',
    old: secret({ type: 'Opaque', stringData: { 'tls.crt': 'a', 'tls.key': 'b' } }),
    object: secret({ type: 'kubernetes.io/tls', stringData: { 'tls.crt': 'a', 'tls.key': 'b' } }),
    messages: ['type: Invalid value: "kubernetes.io/tls": field is immutable'],
  },
]);
