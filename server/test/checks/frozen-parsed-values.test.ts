// The rule that cached parsed values are never mutated (ARCHITECTURE.md, ManifestDocument), held at
// run time: every consumer of a parsed file (checks with a baseline and a previous version, quick
// fixes, code actions, hovers, completion, code lenses, the rollout preview, an incremental re-parse)
// runs on a file frozen all the way down. Test code is strict mode, so any write throws a TypeError.
import { type ClusterSpec, defaultClusterSpec, isJsonObject, SUPPORTED_KUBERNETES_VERSIONS } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkFile } from '../../../analysis/src/check-file';
import { runWorkspaceChecks } from '../../../analysis/src/checks/run-workspace-checks';
import { objectsOf, parseManifestFile, type ManifestFile } from '../../../analysis/src/manifest/manifest-file';
import { codeActionsFor } from '../../src/lsp/code-actions';
import { computeWorkloadLenses } from '../../src/lsp/code-lens';
import { computeEnumCompletion } from '../../src/lsp/completion';
import { computeHover } from '../../src/lsp/hover';
import { simulateRolloutFor } from '../../src/lsp/simulate-rollout';
import { DEFAULT_WHAT_IF } from '../../../protocol/src/index';
import { deepFreeze, freezeManifestFile } from '../../../test/support/deep-freeze';

// Something for every check: a selector that misses its template (quick fix), an image with a space,
// a StatefulSet without its Service (quick fix), a Service selecting nothing, an Ingress to a missing
// Service, an HPA and a PDB, a duplicate, a List, a removed API version, a template, and a DaemonSet
// whose selector and template differ from the baseline.
const CURRENT = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 3
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: webb}}
    spec:
      containers:
      - name: web
        image: "nginx:1.27 "
        ports: [{name: http, containerPort: 80}]
        env: [{name: A, value: "$(B)"}, {name: B, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]
        livenessProbe: {httpGet: {path: /, port: http}}
        resources: {requests: {cpu: 100m}, limits: {memory: 1Gi}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: shop}
spec:
  serviceName: db-headless
  replicas: 2
  ordinals: {start: 1}
  updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 1, maxUnavailable: 50%}}
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: postgres:16, ports: [{containerPort: 5432}]}]}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec:
  type: NodePort
  selector: {app: nothing}
  ports: [{port: 80, targetPort: http}]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web, namespace: shop}
spec:
  rules: [{host: shop.example, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: missing, port: {number: 80}}}}]}}]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web, namespace: shop}
spec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: absent}, minReplicas: 1, maxReplicas: 3}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: shop}
spec: {minAvailable: 1, selector: {matchLabels: {app: none}}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: shop}
spec:
  selector: {matchLabels: {app: agent, tier: node}}
  template:
    metadata: {labels: {app: agent, tier: node}}
    spec: {containers: [{name: agent, image: "agent:2"}]}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: logs, namespace: shop}
spec:
  selector: {matchLabels: {app: logs}}
  template:
    metadata: {labels: {app: logs}}
    spec: {restartPolicy: Always, containers: [{name: logs, image: "logs:2", terminationMessagePolicy: File, ports: [{containerPort: 9, protocol: TCP}]}]}
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: settings, namespace: shop}
  data: {a: "1"}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: settings, namespace: shop}
  data: {a: "2"}
---
apiVersion: extensions/v1beta1
kind: Deployment
metadata: {name: legacy}
spec: {template: {spec: {containers: [{name: c, image: c}]}}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: {{ .Values.name }}}
`;

const BASELINE = CURRENT.replace('{app: agent, tier: node}}\n  template', '{app: agent}}\n  template')
  .replace('image: "agent:2"', 'image: "agent:1"')
  .replace('image: "logs:2"', 'image: "logs:1"')
  .replace('replicas: 2', 'replicas: 3')
  .replace('image: postgres:16', 'image: postgres:15');

const SETTINGS: ClusterSpec[] = SUPPORTED_KUBERNETES_VERSIONS.map((version) => defaultClusterSpec(version));
const URI = 'file:///w/shop.yaml';

/** Runs every consumer of `file` and returns the finding codes it saw. */
function exercise(file: ManifestFile, baseline: ManifestFile, settings: ClusterSpec): Set<string> {
  const workspaceOptions = { cluster: settings, uri: URI, workspace: [], baseline: { source: 'git' as const, file: baseline } };
  const findings = [
    ...checkFile(file, workspaceOptions),
    ...checkFile(file, { cluster: settings, uri: URI, previous: baseline }),
    ...runWorkspaceChecks(file, workspaceOptions),
  ];
  const document = TextDocument.create(URI, 'yaml', 1, file.text);
  const diagnostics = findings.map((finding) => ({
    range: { start: document.positionAt(finding.start), end: document.positionAt(finding.end) },
    message: finding.message,
    source: 'kubesim',
    code: finding.code,
  }));
  const range = { start: document.positionAt(0), end: document.positionAt(file.text.length) };
  codeActionsFor(document, file, findings, { textDocument: { uri: URI }, range, context: { diagnostics } });
  for (let offset = 0; offset <= file.text.length; offset += 3) {
    computeHover(file, offset, settings, objectsOf(file));
    computeEnumCompletion(file, offset);
  }
  computeWorkloadLenses(file, settings);
  // Every previewed kind: the rollouts and the DaemonSet, Job, CronJob and HPA previews.
  const previewed = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'HorizontalPodAutoscaler'];
  for (const object of objectsOf(file).filter((candidate) => previewed.includes(candidate.kind))) {
    const params = {
      uri: URI,
      offset: object.document.start,
      base: { kind: 'head' as const },
      baseLabel: 'git HEAD',
      baseText: baseline.text,
      whatIf: DEFAULT_WHAT_IF,
    };
    simulateRolloutFor(
      file.text,
      params,
      settings,
      file,
      objectsOf(file).map((object) => ({ uri: URI, object })),
    );
  }
  return new Set(findings.map((finding) => finding.code));
}

// Each write below is refused by the compiler (an unused @ts-expect-error fails the build, so the types
// cannot quietly become writable) and, on a frozen file, by the run time.
const WRITES: [string, (file: ManifestFile) => void][] = [
  [
    'a top-level field',
    (file) => {
      // @ts-expect-error ManifestObject.value is readonly
      objectsOf(file)[0]!.value.kind = 'ReplicaSet';
    },
  ],
  [
    'a nested field',
    (file) => {
      const spec = objectsOf(file)[0]!.value.spec;
      // @ts-expect-error isJsonObject narrows a readonly value to a readonly object
      if (isJsonObject(spec)) spec.replicas = 9;
    },
  ],
  [
    'an array, after Array.isArray',
    (file) => {
      const spec = objectsOf(file)[0]!.value.spec;
      const podSpec = isJsonObject(spec) && isJsonObject(spec.template) ? spec.template.spec : undefined;
      // @ts-expect-error Array.isArray keeps a readonly array readonly (readonly-array-guard.d.ts)
      if (isJsonObject(podSpec) && Array.isArray(podSpec.containers)) podSpec.containers.push({});
    },
  ],
  [
    "a document's objects",
    (file) => {
      // @ts-expect-error ManifestDocument.objects is a readonly array
      file.documents[0]!.objects.pop();
    },
  ],
  [
    "a document's text",
    (file) => {
      // @ts-expect-error ManifestDocument fields are readonly
      file.documents[0]!.text = '';
    },
  ],
];

for (const [what, write] of WRITES) {
  test(`a write to ${what} of a parsed value is a type error, and throws on a frozen one`, () => {
    assert.throws(() => write(freezeManifestFile(parseManifestFile(CURRENT))), TypeError);
  });
}

test('no consumer of a parsed file writes to it: every check, fix, hover, completion, lens and preview on frozen values', () => {
  const baseline = freezeManifestFile(parseManifestFile(BASELINE));
  const before = JSON.stringify(objectsOf(baseline).map((object) => object.value));
  for (const settings of SETTINGS) {
    const file = freezeManifestFile(parseManifestFile(CURRENT));
    const codes = exercise(file, baseline, settings);
    // The run reached the checks that copy before they change (rollout trigger, pod-only rules, Service
    // facts) and those that build quick fixes; a run that stopped early would prove nothing.
    for (const code of [
      'pod-image-whitespace',
      'statefulset-service-missing',
      'service-selects-no-pods',
      'daemonset-selector-immutable',
      'rollout-will-start',
      'deployment-selector-mismatch',
    ]) {
      assert.ok(codes.has(code), `${settings.version}: no ${code} in ${[...codes].join(', ')}`);
    }
    // An edit in the middle re-parses one document and moves the others: the frozen parse is reused, not changed.
    const edited = parseManifestFile(CURRENT.replace('replicas: 3', 'replicas: 4'), file);
    exercise(freezeManifestFile(edited), baseline, settings);
  }
  assert.equal(JSON.stringify(objectsOf(baseline).map((object) => object.value)), before);
  assert.ok(Object.isFrozen(deepFreeze(objectsOf(baseline)[0]!.value)));
});
