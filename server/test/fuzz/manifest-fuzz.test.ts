// Property tests: mutated manifests, hostile shapes and raw bytes never crash or hang the parser,
// the checks, hovers, completion or code lenses (fixed seeds, bounded runs).
import { type ClusterSpec, defaultClusterSpec, SUPPORTED_KUBERNETES_VERSIONS } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { computeWorkloadLenses } from '../../src/lsp/code-lens';
import { computeEnumCompletion } from '../../src/lsp/completion';
import { computeHover } from '../../src/lsp/hover';
import { parseManifestFile, type ManifestFile } from '../../../analysis/src/manifest/manifest-file';
import { checkFile } from '../../../analysis/src/check-file';

const RUNS = 300;
// A hang would stop the run here; no test measures speed.
const GUARD = { timeout: 120_000 };

const BASE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 25%, maxUnavailable: 1}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      restartPolicy: Always
      containers:
      - name: web
        image: nginx:1.27
        imagePullPolicy: IfNotPresent
        ports: [{containerPort: 80, protocol: TCP}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: data}
spec:
  serviceName: db
  replicas: 2
  ordinals: {start: 3}
  podManagementPolicy: Parallel
  updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 1, maxUnavailable: 50%}}
  persistentVolumeClaimRetentionPolicy: {whenDeleted: Delete, whenScaled: Retain}
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: postgres}]}
  volumeClaimTemplates:
  - metadata: {name: pgdata}
---
apiVersion: v1
kind: Service
metadata: {name: db, namespace: data}
spec: {clusterIP: None, selector: {app: db}, type: ClusterIP}
`;

const SETTINGS: ClusterSpec[] = SUPPORTED_KUBERNETES_VERSIONS.map((version) => defaultClusterSpec(version));

/** Runs every consumer of a parsed file at a sample of offsets; any exception fails the property. */
function exercise(text: string, settings: ClusterSpec, previous?: ManifestFile, offsets = 25): ManifestFile {
  const file = parseManifestFile(text, previous);
  const findings = checkFile(file, { cluster: settings });
  for (const finding of findings) assert.ok(finding.start >= 0 && finding.end >= finding.start && finding.end <= text.length + 1, JSON.stringify(finding));
  const step = Math.max(1, Math.floor(text.length / offsets));
  for (let offset = 0; offset <= text.length; offset += step) {
    const hover = computeHover(file, offset, settings);
    if (hover) assert.ok(hover.markdown.length > 0 && hover.start <= hover.end);
    computeEnumCompletion(file, offset);
  }
  computeWorkloadLenses(file, settings);
  return file;
}

const YAML_PIECES = fc.constantFrom(
  ':',
  ': ',
  '-',
  '- ',
  '\n',
  '  ',
  '{',
  '}',
  '[',
  ']',
  ',',
  '"',
  "'",
  '&a ',
  '*a',
  '!!str ',
  '|',
  '>',
  '#',
  '---\n',
  '...\n',
  '%',
  '25%',
  '0',
  '-1',
  '1e9',
  'null',
  '~',
  'true',
  '{{ .x }}',
  '\t',
  '\uFEFF',
  'é',
  '😀',
  '<<: *a',
);

const mutation = fc.record({ at: fc.nat(), cut: fc.nat({ max: 12 }), insert: fc.array(YAML_PIECES, { maxLength: 4 }).map((pieces) => pieces.join('')) });

test('mutated manifests: no crash in parse, checks, hover, completion, code lens', GUARD, () => {
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.constantFrom(...SETTINGS), (mutations, settings) => {
      let text = BASE;
      let previous = parseManifestFile(text);
      for (const { at, cut, insert } of mutations) {
        const position = at % (text.length + 1);
        text = text.slice(0, position) + insert + text.slice(position + cut);
        // Re-parse incrementally from the previous version, as the server does on each edit.
        previous = exercise(text, settings, previous, 6);
      }
      exercise(text, settings, previous);
      exercise(text, settings);
    }),
    { numRuns: RUNS, seed: 7001 },
  );
});

// Any JSON in place of the fields hovers read: replicas "three", strategy [1], rollingUpdate "x", ...
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const hostileDeployment = fc.record({
  replicas: jsonValue,
  strategy: jsonValue,
  type: jsonValue,
  rollingUpdate: jsonValue,
  maxSurge: jsonValue,
  maxUnavailable: jsonValue,
  template: jsonValue,
  labels: jsonValue,
  name: jsonValue,
  spec: fc.boolean(),
});

test('hostile field shapes: hovers and lenses compute or decline, never throw', GUARD, () => {
  fc.assert(
    fc.property(hostileDeployment, fc.constantFrom(...SETTINGS), (fields, settings) => {
      const deployment = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: fields.name },
        spec: fields.spec
          ? {
              replicas: fields.replicas,
              strategy: { type: fields.type, rollingUpdate: { maxSurge: fields.maxSurge, maxUnavailable: fields.maxUnavailable } },
              template: { metadata: { labels: fields.labels }, spec: fields.template },
            }
          : fields.strategy,
      };
      const statefulSet = {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: fields.name },
        spec: {
          replicas: fields.replicas,
          ordinals: fields.rollingUpdate,
          updateStrategy: { type: fields.type, rollingUpdate: { maxUnavailable: fields.maxUnavailable, partition: fields.replicas } },
          volumeClaimTemplates: fields.template,
          serviceName: fields.name,
          persistentVolumeClaimRetentionPolicy: fields.labels,
        },
      };
      const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { selector: fields.labels, type: fields.type } };
      exercise([deployment, statefulSet, service].map((object) => stringify(object)).join('---\n'), settings);
    }),
    { numRuns: RUNS, seed: 7002 },
  );
});

test('raw bytes: no crash', GUARD, () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), fc.constantFrom(...SETTINGS), (bytes, settings) => {
      exercise(Buffer.from(bytes).toString('utf8'), settings);
      exercise(BASE.slice(0, bytes.length % BASE.length) + Buffer.from(bytes).toString('latin1'), settings);
    }),
    { numRuns: RUNS, seed: 7003 },
  );
});
