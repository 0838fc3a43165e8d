// Small CustomResourceDefinitions written for the tests. `widgetCrd` wraps any spec schema in a CRD of group
// example.com (kind Widget, namespaced, v1 served and stored, v1alpha1 not served); `routeCrd` follows the
// shape of Gateway API's HTTPRoute (gateway.networking.k8s.io/v1, trimmed to hostnames, parentRefs and rules
// with its CEL rules); `certificateCrd` follows cert-manager's Certificate (cert-manager.io/v1, trimmed).
// Each is emitted as one JSON line, which YAML reads as a flow mapping.

export type Schema = Record<string, unknown>;

/** A CRD of kind Widget whose `spec` has `specSchema` (and root rules `rootRules`, if any). */
export function widgetCrd(specSchema: Schema, root: Schema = {}): string {
  const schema = { type: 'object', properties: { spec: specSchema, status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }, ...root };
  return JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } },
        { name: 'v1alpha1', served: false, storage: false, schema: { openAPIV3Schema: schema } },
      ],
    },
  });
}

/** HTTPRoute's shape (gateway-api config/crd/standard, v1), with three of its CEL rules and the maxItems and maxLength they need. */
export const routeCrd = JSON.stringify({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'httproutes.gateway.networking.k8s.io' },
  spec: {
    group: 'gateway.networking.k8s.io',
    names: { kind: 'HTTPRoute', plural: 'httproutes', listKind: 'HTTPRouteList', singular: 'httproute' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              apiVersion: { type: 'string' },
              kind: { type: 'string' },
              metadata: { type: 'object' },
              spec: {
                type: 'object',
                properties: {
                  hostnames: {
                    type: 'array',
                    maxItems: 16,
                    items: {
                      type: 'string',
                      maxLength: 253,
                      minLength: 1,
                      pattern: '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
                    },
                  },
                  parentRefs: {
                    type: 'array',
                    maxItems: 32,
                    items: {
                      type: 'object',
                      required: ['name'],
                      properties: {
                        group: { type: 'string', default: 'gateway.networking.k8s.io', maxLength: 253 },
                        kind: { type: 'string', default: 'Gateway', maxLength: 63, minLength: 1 },
                        name: { type: 'string', maxLength: 253, minLength: 1 },
                        namespace: { type: 'string', maxLength: 63 },
                        port: { type: 'integer', format: 'int32', maximum: 65535, minimum: 1 },
                        sectionName: { type: 'string', maxLength: 253 },
                      },
                    },
                    'x-kubernetes-validations': [
                      {
                        message: 'sectionName or port must be specified when parentRefs includes 2 or more references to the same parent',
                        rule:
                          'self.all(p1, self.all(p2, p1.group == p2.group && p1.kind == p2.kind && p1.name == p2.name && ' +
                          "(((!has(p1.__namespace__) || p1.__namespace__ == '') && (!has(p2.__namespace__) || p2.__namespace__ == '')) || " +
                          '(has(p1.__namespace__) && has(p2.__namespace__) && p1.__namespace__ == p2.__namespace__)) ? ' +
                          "((!has(p1.sectionName) || p1.sectionName == '') == (!has(p2.sectionName) || p2.sectionName == '') && " +
                          '(!has(p1.port) || p1.port == 0) == (!has(p2.port) || p2.port == 0)): true))',
                      },
                    ],
                  },
                  rules: {
                    type: 'array',
                    maxItems: 16,
                    default: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }] }],
                    items: {
                      type: 'object',
                      properties: {
                        name: { type: 'string', maxLength: 253 },
                        matches: {
                          type: 'array',
                          maxItems: 64,
                          items: {
                            type: 'object',
                            properties: {
                              path: {
                                type: 'object',
                                default: { type: 'PathPrefix', value: '/' },
                                properties: {
                                  type: { type: 'string', default: 'PathPrefix', enum: ['Exact', 'PathPrefix', 'RegularExpression'] },
                                  value: { type: 'string', default: '/', maxLength: 1024 },
                                },
                                'x-kubernetes-validations': [
                                  {
                                    message: "value must be an absolute path and start with '/' when type one of ['Exact', 'PathPrefix']",
                                    rule: "(self.type in ['Exact','PathPrefix']) ? self.value.startsWith('/') : true",
                                  },
                                ],
                              },
                            },
                          },
                        },
                      },
                    },
                    'x-kubernetes-validations': [
                      {
                        message: 'Rule name must be unique within the route',
                        rule: 'self.all(l1, !has(l1.name) || self.exists_one(l2, has(l2.name) && l1.name == l2.name))',
                      },
                    ],
                  },
                },
              },
              status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
            required: ['spec'],
          },
        },
      },
    ],
  },
});

/** cert-manager's Certificate shape (cert-manager.io/v1, trimmed): secretName required, duration, usages enum, a messageExpression rule. */
export const certificateCrd = JSON.stringify({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'certificates.cert-manager.io' },
  spec: {
    group: 'cert-manager.io',
    names: { kind: 'Certificate', plural: 'certificates', listKind: 'CertificateList', singular: 'certificate' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['issuerRef', 'secretName'],
                properties: {
                  secretName: { type: 'string' },
                  commonName: { type: 'string' },
                  dnsNames: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
                  duration: { type: 'string' },
                  revisionHistoryLimit: { type: 'integer', format: 'int32' },
                  usages: { type: 'array', items: { type: 'string', enum: ['digital signature', 'key encipherment', 'server auth', 'client auth'] } },
                  issuerRef: {
                    type: 'object',
                    required: ['name'],
                    properties: { group: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } },
                  },
                },
                'x-kubernetes-validations': [
                  {
                    rule: 'has(self.commonName) || (has(self.dnsNames) && size(self.dnsNames) > 0)',
                    messageExpression: "'certificate ' + (has(self.secretName) ? self.secretName : '') + ' needs a commonName or dnsNames'",
                  },
                ],
              },
            },
          },
        },
      },
    ],
  },
});
