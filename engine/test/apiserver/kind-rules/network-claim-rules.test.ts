// NetworkPolicy and PersistentVolumeClaim verdicts: ValidateNetworkPolicySpec, ValidateNetworkPolicyPort,
// ValidateNetworkPolicyPeer (kubernetes pkg/apis/networking/validation/validation.go) and
// ValidatePersistentVolumeClaimSpec (pkg/apis/core/validation/validation.go).
import { runRows } from './kind-verdict';

const policy = (spec: Record<string, unknown>) =>
  ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny' }, spec: { podSelector: {}, ...spec } }) as never;
const claim = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec }) as never;

runRows('ValidateNetworkPolicySpec', [
  { name: 'deny all ingress', object: policy({ policyTypes: ['Ingress'] }), messages: [] },
  {
    name: 'an allowed port range',
    object: policy({ ingress: [{ from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ port: 8000, endPort: 8080 }] }] }),
    messages: [],
  },
  {
    name: 'an end port below the port',
    object: policy({ ingress: [{ ports: [{ port: 8080, endPort: 80 }] }] }),
    messages: ['spec.ingress[0].ports[0].endPort: Invalid value: 8080: must be greater than or equal to `port`'],
  },
  {
    name: 'an end port with a named port',
    object: policy({ egress: [{ ports: [{ port: 'http', endPort: 90 }] }] }),
    messages: ['spec.egress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is non-numeric'],
  },
  {
    name: 'a port out of range and an unknown protocol',
    object: policy({ ingress: [{ ports: [{ protocol: 'ICMP', port: 70000 }] }] }),
    messages: [
      'spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
      'spec.ingress[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
    ],
  },
  { name: 'an empty peer', object: policy({ ingress: [{ from: [{}] }] }), messages: ['spec.ingress[0].from[0]: Required value: must specify a peer'] },
  {
    name: 'ipBlock with a selector',
    object: policy({ egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }] }] }),
    messages: ['spec.egress[0].to[0]: Forbidden: may not specify both ipBlock and another peer'],
  },
  {
    name: 'an unknown policy type',
    object: policy({ policyTypes: ['Inbound'] }),
    messages: ['spec.policyTypes[0]: Unsupported value: "Inbound": supported values: "Ingress", "Egress"'],
  },
]);

runRows('ValidatePersistentVolumeClaimSpec', [
  { name: 'a valid claim', object: claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }), messages: [] },
  {
    name: 'no access modes and no storage request',
    object: claim({}),
    messages: ['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value'],
  },
  {
    name: 'an unknown access mode',
    object: claim({ accessModes: ['ReadWriteAll'], resources: { requests: { storage: '1Gi' } } }),
    messages: ['spec.accessModes: Unsupported value: "ReadWriteAll": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'],
  },
  {
    name: 'a zero storage request',
    object: claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '0' } } }),
    messages: ['spec.resources[storage]: Invalid value: "0": must be greater than zero'],
  },
]);

const ingressClass = (controller: string | undefined) =>
  ({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'nginx' }, spec: controller === undefined ? {} : { controller } }) as never;
runRows('validateIngressClassSpec (IsDomainPrefixedPath)', [
  { name: 'ingress-nginx', object: ingressClass('k8s.io/ingress-nginx'), messages: [] },
  { name: 'no controller', object: ingressClass(undefined), messages: ['spec.controller: Required value'] },
  {
    name: 'no domain prefix',
    object: ingressClass('nginx'),
    messages: ['spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")'],
  },
  {
    name: 'the controller is fixed',
    old: ingressClass('k8s.io/ingress-nginx'),
    object: ingressClass('example.com/other'),
    messages: ['spec.controller: Invalid value: "example.com/other": field is immutable'],
  },
]);
