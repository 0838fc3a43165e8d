// Snippets offered at the top of an empty YAML document: the objects people start a manifest with.

/** One new-object snippet: its label, a line saying what it makes, and the snippet body (LSP snippet syntax). */
interface NewObjectSnippet {
  label: string;
  detail: string;
  body: string;
}

const podTemplate = (indent: string) =>
  [
    `${indent}selector:`,
    `${indent}  matchLabels:`,
    `${indent}    app: \${1:name}`,
    `${indent}template:`,
    `${indent}  metadata:`,
    `${indent}    labels:`,
    `${indent}      app: \${1:name}`,
    `${indent}  spec:`,
    `${indent}    containers:`,
    `${indent}    - name: \${1:name}`,
    `${indent}      image: \${3:nginx:1.27}`,
    `${indent}      ports:`,
    `${indent}      - containerPort: \${4:80}`,
  ].join('\n');

/** The snippets, in the order offered. */
export const NEW_OBJECT_SNIPPETS: readonly NewObjectSnippet[] = [
  {
    label: 'Deployment',
    detail: 'apps/v1 Deployment with one container',
    body: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: \${1:name}\nspec:\n  replicas: \${2:2}\n${podTemplate('  ')}\n$0`,
  },
  {
    label: 'StatefulSet',
    detail: 'apps/v1 StatefulSet and its headless Service',
    body:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: ${1:name}\nspec:\n  clusterIP: None\n' +
      '  selector:\n    app: ${1:name}\n  ports:\n  - port: ${4:80}\n---\n' +
      'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: ${1:name}\nspec:\n' +
      `  serviceName: \${1:name}\n  replicas: \${2:2}\n${podTemplate('  ')}\n$0`,
  },
  {
    label: 'Service',
    detail: 'v1 Service selecting pods by label',
    body:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: ${1:name}\nspec:\n  selector:\n    app: ${1:name}\n' +
      '  ports:\n  - port: ${2:80}\n    targetPort: ${3:80}\n$0',
  },
  {
    label: 'ConfigMap',
    detail: 'v1 ConfigMap',
    body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${1:name}\ndata:\n  ${2:key}: ${3:value}\n$0',
  },
  {
    label: 'Ingress',
    detail: 'networking.k8s.io/v1 Ingress to one Service',
    body:
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: ${1:name}\nspec:\n  rules:\n' +
      '  - host: ${2:example.com}\n    http:\n      paths:\n      - path: /\n        pathType: Prefix\n        backend:\n' +
      '          service:\n            name: ${3:service}\n            port:\n              number: ${4:80}\n$0',
  },
];
