// Entry of the check worker thread: computes API-server verdicts for objects the main thread sends
// (their JSON only), so a large file's first check uses both cores. Bundled as dist/check-worker.js.
import { parentPort } from 'node:worker_threads';
import {
  DEFAULT_KUBERNETES_VERSION,
  defaultClusterSpec,
  type JsonObject,
  type ReadonlyJsonObject,
  type CheckedKind,
  type ClusterSpec,
  objectVerdict,
  type ObjectVerdict,
} from '@kubesim/engine';

/** A batch of objects to check, and the answer in the same order. */
export interface CheckRequest {
  id: number;
  /** The cluster the main thread checks for, as plain data (structured clone copies it). */
  cluster: ClusterSpec;
  items: { kind: CheckedKind; value: ReadonlyJsonObject }[];
}

/** The verdicts in request order (undefined where the check threw); id 0 reports a failed warm-up. */
export interface CheckReply {
  id: number;
  verdicts: (ObjectVerdict | undefined)[];
  /** What went wrong, one line per object the worker could not check, for the server's log. */
  failures?: string[];
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

parentPort?.on('message', (request: CheckRequest) => {
  const failures: string[] = [];
  const verdicts = request.items.map((item) => {
    try {
      return objectVerdict(item.kind, item.value, undefined, request.cluster);
    } catch (error) {
      // The main thread checks it itself; the server logs why the worker could not.
      failures.push(describe(error));
      return undefined;
    }
  });
  parentPort!.postMessage({ id: request.id, verdicts, ...(failures.length > 0 ? { failures } : {}) } satisfies CheckReply);
});

// While the server starts, the worker checks a few typical objects so that its code is compiled
// before the first large file arrives (a fresh thread runs cold code at half speed).
const SAMPLE_TEMPLATE: JsonObject = {
  metadata: { labels: { app: 'web', tier: 'frontend' }, annotations: { 'prometheus.io/scrape': 'true' } },
  spec: {
    containers: [
      {
        name: 'web',
        image: 'nginx:1.27',
        imagePullPolicy: 'IfNotPresent',
        ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
        env: [
          { name: 'MODE', value: 'a' },
          { name: 'KEY', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
        ],
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
        readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 },
        volumeMounts: [{ name: 'config', mountPath: '/etc/config', readOnly: true }],
        securityContext: { runAsNonRoot: true, allowPrivilegeEscalation: false },
      },
    ],
    volumes: [{ name: 'config', configMap: { name: 'web-config' } }],
    nodeSelector: { 'kubernetes.io/os': 'linux' },
  },
};
const SAMPLES: { kind: CheckedKind; value: JsonObject }[] = [
  {
    kind: 'Deployment',
    value: {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: SAMPLE_TEMPLATE },
    },
  },
  {
    kind: 'StatefulSet',
    value: {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db' },
      spec: {
        serviceName: 'db',
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        template: SAMPLE_TEMPLATE,
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      },
    },
  },
  {
    kind: 'Service',
    value: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web' },
      spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
    },
  },
];

function warmUp(): void {
  const cluster = defaultClusterSpec(DEFAULT_KUBERNETES_VERSION);
  for (let round = 0; round < 40; round++) {
    for (const sample of SAMPLES) {
      try {
        objectVerdict(sample.kind, sample.value, undefined, cluster);
      } catch (error) {
        parentPort?.postMessage({ id: 0, verdicts: [], failures: [describe(error)] } satisfies CheckReply);
        return;
      }
    }
  }
}

warmUp();
