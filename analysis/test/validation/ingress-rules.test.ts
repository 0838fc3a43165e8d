// networking.k8s.io/v1 Ingress field errors per release: ValidateIngressCreate / ValidateIngressUpdate and the
// functions they call (pkg/apis/networking/validation/validation.go), and strict decoding against the generated
// networking/v1 layouts. Messages are written from the upstream source (apimachinery pkg/util/validation for the
// name texts); the only release difference is how a structured bad value prints (Go syntax before 1.34, JSON after).
import { test } from 'node:test';
import type { KubernetesVersion } from '@kubesim/engine';
import type { Finding } from '../../src/validation/finding';
import { expectMessages } from '../../../test/support/expect-findings';

// The API server's answer only (the cross-object backend checks are tested in checks/).
const isIngressFinding = (finding: Finding) =>
  finding.code.startsWith('ingress-') && !finding.code.startsWith('ingress-backend-service-') && !finding.code.startsWith('ingress-backend-port-');

interface Row {
  name: string;
  yaml: string;
  messages: string[];
  versions?: KubernetesVersion[];
  previous?: string;
}

// An Ingress with one rule; `spec` lines go first under spec, `path` lines replace the one path.
function ingress(spec: string, path = PATH, metadata = ''): string {
  return `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
${metadata}spec:
${spec}  rules:
  - host: shop.example.com
    http:
      paths:
${path}`;
}

const PATH = `      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port:
              number: 80
`;

// One path with the given path and pathType lines and backend (defaults as in PATH).
function path(pathLine: string, backend = '          service:\n            name: web\n            port:\n              number: 80\n'): string {
  return `      - ${pathLine}\n        backend:\n${backend}`;
}

const ALL: KubernetesVersion[] = ['1.32', '1.33', '1.34', '1.35', '1.36', '1.37'];
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric " +
  "character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric " +
  "character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const WILDCARD =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric " +
  "characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is " +
  "'\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

const rows: Row[] = [
  { name: 'a plain Ingress is valid', yaml: ingress(''), messages: [] },
  {
    name: 'class, TLS, wildcard host, ImplementationSpecific and a resource backend are valid',
    yaml: ingress(
      '  ingressClassName: nginx\n  tls:\n  - hosts: ["*.example.com", shop.example.com]\n    secretName: shop-tls\n',
      PATH +
        path(
          'path: /static\n        pathType: ImplementationSpecific',
          '          resource:\n            apiGroup: k8s.example.com\n            kind: Bucket\n            name: b\n',
        ),
      '  annotations:\n    kubernetes.io/ingress.class: nginx\n',
    ),
    messages: [],
  },
  // ValidateIngressSpec: rules or a default backend.
  {
    name: 'no rules and no default backend (nil slice)',
    yaml: 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  ⟦ingressClassName: nginx⟧\n',
    messages: ['spec: Invalid value: null: either `defaultBackend` or `rules` must be specified'],
    versions: ['1.34', '1.35', '1.36', '1.37'],
  },
  {
    name: 'no rules and no default backend, printed as a Go value before 1.34',
    yaml: 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  ⟦ingressClassName: nginx⟧\n',
    messages: ['spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified'],
    versions: ['1.32', '1.33'],
  },
  {
    name: 'rules written as an empty list',
    yaml: 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  ⟦rules: []⟧\n',
    messages: ['spec: Invalid value: []: either `defaultBackend` or `rules` must be specified'],
    versions: ['1.36'],
  },
  {
    name: 'a default backend alone is valid',
    yaml:
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n' +
      '  defaultBackend:\n    service:\n      name: web\n      port:\n        name: http\n',
    messages: [],
  },
  // validateHTTPIngressPath.
  {
    name: 'a path without pathType (v1 has no default; the backend is not looked at)',
    yaml: ingress('', `      - ⟦path: /\n        backend:\n          service:\n            name: web\n            port:\n              number: 80⟧\n`),
    messages: ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified'],
  },
  {
    name: 'an unknown pathType',
    yaml: ingress('', path('path: /\n        pathType: ⟦Regex⟧')),
    messages: ['spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"'],
  },
  {
    name: 'a relative Prefix path',
    yaml: ingress('', path('path: ⟦api⟧\n        pathType: Prefix')),
    messages: ['spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path'],
  },
  {
    name: 'an empty Exact path',
    yaml: ingress('', `      - ⟦pathType: Exact\n        backend:\n          service:\n            name: web\n            port:\n              number: 80⟧\n`),
    messages: ['spec.rules[0].http.paths[0].path: Invalid value: "": must be an absolute path'],
  },
  {
    name: 'an empty ImplementationSpecific path is valid',
    yaml: ingress('', path('pathType: ImplementationSpecific')),
    messages: [],
  },
  {
    name: 'a relative ImplementationSpecific path',
    yaml: ingress('', path('path: ⟦"api(/|$)(.*)"⟧\n        pathType: ImplementationSpecific')),
    messages: ['spec.rules[0].http.paths[0].path: Invalid value: "api(/|$)(.*)": must be an absolute path'],
  },
  {
    name: 'Prefix path sequences and suffixes, each its own error',
    yaml: ingress('', path('path: ⟦/a//b/%2fc/..⟧\n        pathType: Prefix')),
    messages: [
      'spec.rules[0].http.paths[0].path: Invalid value: "/a//b/%2fc/..": must not contain \'//\'',
      'spec.rules[0].http.paths[0].path: Invalid value: "/a//b/%2fc/..": must not contain \'%2f\'',
      'spec.rules[0].http.paths[0].path: Invalid value: "/a//b/%2fc/..": cannot end with \'/..\'',
    ],
  },
  {
    name: 'an Exact path ending in /.',
    yaml: ingress('', path('path: ⟦/a/.⟧\n        pathType: Exact')),
    messages: ['spec.rules[0].http.paths[0].path: Invalid value: "/a/.": cannot end with \'/.\''],
  },
  {
    name: 'a regex path is fine for ImplementationSpecific',
    yaml: ingress('', path('path: "/api//v1/.."\n        pathType: ImplementationSpecific')),
    messages: [],
  },
  // validateHTTPIngressRuleValue.
  {
    name: 'an http block without paths',
    yaml: 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  rules:\n  - host: a.example.com\n    ⟦http⟧: {}\n',
    messages: ['spec.rules[0].http.paths: Required value'],
  },
  // validateIngressBackend.
  {
    name: 'a backend with neither service nor resource',
    yaml: ingress('', '      - path: /\n        pathType: Prefix\n        backend: ⟦{}⟧\n'),
    messages: ['spec.rules[0].http.paths[0].backend: Invalid value: "": resource or service backend is required'],
  },
  {
    name: 'a backend with both service and resource',
    yaml: ingress(
      '',
      path('path: /\n        pathType: Prefix', '          ⟦service: {name: web, port: {number: 80}}\n          resource: {kind: Bucket, name: b}⟧\n'),
    ),
    messages: ['spec.rules[0].http.paths[0].backend: Invalid value: "": cannot set both resource and service backends'],
  },
  {
    name: 'a Service backend name that is not a DNS-1035 label',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: ⟦1web⟧\n            port: {number: 80}\n')),
    messages: [`spec.rules[0].http.paths[0].backend.service.name: Invalid value: "1web": ${DNS1035}`],
  },
  {
    name: 'a Service backend without a name',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          ⟦service⟧:\n            port: {number: 80}\n')),
    messages: ['spec.rules[0].http.paths[0].backend.service.name: Required value'],
  },
  {
    name: 'port name and number both set',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          ⟦service:\n            name: web\n            port: {name: http, number: 80}⟧\n')),
    messages: ['spec.rules[0].http.paths[0].backend: Invalid value: "": cannot set both port name & port number'],
  },
  {
    name: 'neither port name nor number',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          ⟦service:\n            name: web⟧\n')),
    messages: ['spec.rules[0].http.paths[0].backend: Required value: port name or number is required'],
  },
  {
    name: 'a port number out of range',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: web\n            port: {number: ⟦70000⟧}\n')),
    messages: ['spec.rules[0].http.paths[0].backend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive'],
  },
  {
    name: 'a port name with upper case',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: web\n            port: {name: ⟦HTTP⟧}\n')),
    messages: [
      'spec.rules[0].http.paths[0].backend.service.port.name: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.rules[0].http.paths[0].backend.service.port.name: Invalid value: "HTTP": must contain at least one letter (a-z)',
    ],
  },
  {
    name: 'a resource backend without kind, with a slash in its name',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          ⟦resource⟧:\n            name: ⟦a/b⟧\n')),
    messages: [
      'spec.rules[0].http.paths[0].backend.resource.kind: Required value',
      'spec.rules[0].http.paths[0].backend.resource.name: Invalid value: "a/b": may not contain \'/\'',
    ],
  },
  // validateIngressRules: hosts.
  {
    name: 'an IP address as host',
    yaml: ingress('').replace('host: shop.example.com', 'host: ⟦10.0.0.1⟧'),
    messages: ['spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address'],
  },
  {
    name: 'an upper-case host',
    yaml: ingress('').replace('host: shop.example.com', 'host: ⟦Shop.example.com⟧'),
    messages: [`spec.rules[0].host: Invalid value: "Shop.example.com": ${SUBDOMAIN}`],
  },
  {
    name: 'a wildcard in the middle of a host',
    yaml: ingress('').replace('host: shop.example.com', 'host: ⟦"shop.*.com"⟧'),
    messages: [`spec.rules[0].host: Invalid value: "shop.*.com": ${WILDCARD}`],
  },
  // validateIngressTLS and the class name.
  {
    name: 'a TLS host and secret name that are not DNS subdomains',
    yaml: ingress('  tls:\n  - hosts: [⟦"*"⟧]\n    secretName: ⟦Shop_TLS⟧\n'),
    messages: [`spec.tls[0].hosts[0]: Invalid value: "*": ${WILDCARD}`, `spec.tls[0].secretName: Invalid value: "Shop_TLS": ${SUBDOMAIN}`],
  },
  {
    name: 'an ingressClassName that is not a DNS subdomain',
    yaml: ingress('  ingressClassName: ⟦Nginx⟧\n'),
    messages: [`spec.ingressClassName: Invalid value: "Nginx": ${SUBDOMAIN}`],
  },
  {
    name: 'the class annotation and ingressClassName disagree (create only)',
    yaml: ingress('  ingressClassName: nginx\n', PATH, '  annotations:\n    kubernetes.io/ingress.class: ⟦traefik⟧\n'),
    messages: ['annotations.kubernetes.io/ingress.class: Invalid value: "traefik": must match `ingressClassName` when both are specified'],
  },
  {
    name: 'a metadata name that is not a DNS subdomain',
    yaml: ingress('').replace('name: web\nspec', 'name: ⟦Web⟧\nspec'),
    messages: [`metadata.name: Invalid value: "Web": ${SUBDOMAIN}`],
  },
  // ValidateIngressUpdate: ratchets keep stored invalid values updatable; the class annotation is not compared.
  {
    name: 'update: the class annotation may disagree',
    yaml: ingress('  ingressClassName: nginx\n', PATH, '  annotations:\n    kubernetes.io/ingress.class: traefik\n'),
    previous: ingress('  ingressClassName: nginx\n', PATH, '  annotations:\n    kubernetes.io/ingress.class: traefik\n'),
    messages: [],
  },
  {
    name: 'update: a stored invalid TLS secret name keeps every secret name unchecked',
    yaml: ingress('  tls:\n  - secretName: Other_TLS\n'),
    previous: ingress('  tls:\n  - secretName: Shop_TLS\n'),
    messages: [],
  },
  {
    name: 'update: a stored invalid wildcard rule keeps wildcard rules unchecked',
    yaml: ingress('').replace('host: shop.example.com', 'host: "*.example.com"').replace('        pathType: Prefix\n', ''),
    previous: ingress('').replace('host: shop.example.com', 'host: "*.example.com"').replace('        pathType: Prefix\n', ''),
    messages: [],
  },
  {
    name: 'update: a stored DNS-label backend name is accepted from 1.34 (RelaxedServiceNameValidation ratchet)',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: 2web\n            port: {number: 80}\n')),
    previous: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: 1web\n            port: {number: 80}\n')),
    messages: [],
    versions: ['1.34', '1.35', '1.36', '1.37'],
  },
  {
    name: 'update: before 1.34 a stored DNS-label backend name does not help',
    yaml: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: ⟦2web⟧\n            port: {number: 80}\n')),
    previous: ingress('', path('path: /\n        pathType: Prefix', '          service:\n            name: 1web\n            port: {number: 80}\n')),
    messages: [`spec.rules[0].http.paths[0].backend.service.name: Invalid value: "2web": ${DNS1035}`],
    versions: ['1.32', '1.33'],
  },
  // Strict decoding against the networking/v1 layouts.
  {
    name: 'an unknown field in a path',
    yaml: ingress('', PATH.replace('        pathType: Prefix\n', '        pathType: Prefix\n        ⟦rewrite⟧: /\n')),
    messages: ['Ingress in version "v1" cannot be handled as a Ingress: strict decoding error: unknown field "spec.rules[0].http.paths[0].rewrite"'],
  },
  {
    name: 'a port number given as a string',
    yaml: ingress('', PATH.replace('number: 80', 'number: ⟦"80"⟧')),
    messages: [
      'Ingress in version "v1" cannot be handled as a Ingress: json: cannot unmarshal string into Go struct field ' +
        'ServiceBackendPort.spec.rules.http.paths.backend.service.port.number of type int32',
    ],
  },
];

for (const row of rows) {
  for (const version of row.versions ?? ALL) {
    test(`ingress rules: ${row.name} (${version})`, () => expectMessages(row.yaml, version, row.messages, isIngressFinding, row.previous));
  }
}
