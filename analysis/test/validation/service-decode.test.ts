// Strict decoding of core/v1 Services: wrong JSON types and unknown fields, with the text the API
// server returns. Expected messages follow sigs.k8s.io/json decode.go (UnmarshalTypeError names
// the innermost Go struct, then the JSON field names without indexes or map keys, then the reflect
// type; strict errors carry the full path with indexes) and the `<Kind> in version "v1" cannot be
// handled as a <Kind>: ` prefix of transformDecodeError.
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import { expectMessages } from '../../../test/support/expect-findings';

const isDecode = (finding: { code: string }) => /^service-(decode-error|unknown-field)$/.test(finding.code);
const CANNOT = 'Service in version "v1" cannot be handled as a Service: ';

// A valid Service; `spec` lines go under spec, `port` lines under the first port.
function service(spec: string, port = ''): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
${spec}  selector:
    app: web
  ports:
  - port: 80
${port}`;
}

const rows: { name: string; yaml: string; messages: string[] }[] = [
  {
    name: 'a valid Service decodes',
    yaml: service(
      '  type: LoadBalancer\n  sessionAffinityConfig:\n    clientIP:\n      timeoutSeconds: 600\n',
      '    targetPort: http\n    appProtocol: http\n',
    ),
    messages: [],
  },
  {
    name: 'a port number as a string',
    yaml: service('').replace('- port: 80', '- port: ⟦"80"⟧'),
    messages: [`${CANNOT}json: cannot unmarshal string into Go struct field ServicePort.spec.ports.port of type int32`],
  },
  {
    name: 'a nodePort beyond int32',
    yaml: service('  type: NodePort\n', '    nodePort: ⟦3000000000⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal number 3000000000 into Go struct field ServicePort.spec.ports.nodePort of type int32`],
  },
  {
    name: 'a targetPort with a fraction: IntOrString.UnmarshalJSON fails into int32',
    yaml: service('', '    targetPort: ⟦80.5⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal number 80.5 into Go struct field ServicePort.spec.ports.targetPort of type int32`],
  },
  {
    name: 'a selector value read as a number',
    yaml: service('').replace('    app: web', '    app: web\n    tier: ⟦1⟧'),
    messages: [`${CANNOT}json: cannot unmarshal number into Go struct field ServiceSpec.spec.selector of type string`],
  },
  {
    name: 'ipFamilies given as one string (a named element type prints with its package)',
    yaml: service('  ipFamilies: ⟦IPv4⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal string into Go struct field ServiceSpec.spec.ipFamilies of type []v1.IPFamily`],
  },
  {
    name: 'ipFamilyPolicy as a number (pointer types print without the star)',
    yaml: service('  ipFamilyPolicy: ⟦2⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal number into Go struct field ServiceSpec.spec.ipFamilyPolicy of type v1.IPFamilyPolicy`],
  },
  {
    name: 'allocateLoadBalancerNodePorts quoted',
    yaml: service('  type: LoadBalancer\n  allocateLoadBalancerNodePorts: ⟦"false"⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal string into Go struct field ServiceSpec.spec.allocateLoadBalancerNodePorts of type bool`],
  },
  {
    name: 'a session-affinity timeout quoted reports the innermost struct',
    yaml: service('  sessionAffinity: ClientIP\n  sessionAffinityConfig:\n    clientIP:\n      timeoutSeconds: ⟦"10800"⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal string into Go struct field ClientIPConfig.spec.sessionAffinityConfig.clientIP.timeoutSeconds of type int32`],
  },
  {
    name: 'an unknown field in a port, with its index',
    yaml: service('', '    ⟦containerPort⟧: 8080\n'),
    messages: [`${CANNOT}strict decoding error: unknown field "spec.ports[0].containerPort"`],
  },
  {
    name: 'unknown fields are all listed in sorted key order',
    yaml: service('  ⟦externalTrafficPolicyy⟧: Local\n  ⟦clusterIp⟧: None\n', '    ⟦targetport⟧: 8080\n'),
    messages: [
      `${CANNOT}strict decoding error: unknown field "spec.clusterIp", unknown field "spec.externalTrafficPolicyy", unknown field "spec.ports[0].targetport"`,
      `${CANNOT}strict decoding error: unknown field "spec.clusterIp", unknown field "spec.externalTrafficPolicyy", unknown field "spec.ports[0].targetport"`,
      `${CANNOT}strict decoding error: unknown field "spec.clusterIp", unknown field "spec.externalTrafficPolicyy", unknown field "spec.ports[0].targetport"`,
    ],
  },
  {
    name: 'a type error hides the unknown fields',
    yaml: service('  selectors: {}\n  publishNotReadyAddresses: ⟦"true"⟧\n'),
    messages: [`${CANNOT}json: cannot unmarshal string into Go struct field ServiceSpec.spec.publishNotReadyAddresses of type bool`],
  },
  {
    name: 'status fields decode too',
    yaml: service('').replace('spec:\n', 'status:\n  loadBalancer:\n    ingress:\n    - ⟦hostnam⟧: lb.example.com\nspec:\n'),
    messages: [`${CANNOT}strict decoding error: unknown field "status.loadBalancer.ingress[0].hostnam"`],
  },
];

for (const row of rows) {
  for (const version of ['1.36', '1.32'] as KubernetesVersion[]) {
    test(`service decode: ${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isDecode));
  }
}
