// After start-up, before the first file: this thread parses and checks a few typical documents so that V8 has
// compiled the code by the time a large file opens (cold, the first hundred objects of a file cost about three
// times what the next hundred do). One round per turn of the event loop, and none once a document is open: its
// own check warms the code then, and a message arriving meanwhile waits for one round at most.
import type { ClusterSpec } from '@kubesim/engine';
import { parseManifestFile, precomputeVerdicts } from '@kubesim/analysis';

const TEMPLATE = `  template:
    metadata:
      labels: { app: web, tier: frontend }
      annotations: { prometheus.io/scrape: "true" }
    spec:
      nodeSelector: { kubernetes.io/os: linux }
      containers:
        - name: web
          image: nginx:1.27
          imagePullPolicy: IfNotPresent
          ports: [{ name: http, containerPort: 8080, protocol: TCP }]
          env:
            - { name: MODE, value: a }
            - name: KEY
              valueFrom: { secretKeyRef: { name: s, key: k } }
          resources:
            requests: { cpu: 100m, memory: 128Mi }
            limits: { memory: 256Mi }
          readinessProbe:
            httpGet: { path: /healthz, port: 8080 }
            periodSeconds: 10
          volumeMounts: [{ name: config, mountPath: /etc/config, readOnly: true }]
          securityContext: { runAsNonRoot: true, allowPrivilegeEscalation: false }
      volumes: [{ name: config, configMap: { name: web-config } }]
`;

const SAMPLE = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop, labels: { app: web } }
spec:
  replicas: 3
  strategy: { type: RollingUpdate, rollingUpdate: { maxSurge: 25%, maxUnavailable: 0 } }
  selector: { matchLabels: { app: web } }
${TEMPLATE}---
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: db, namespace: shop }
spec:
  serviceName: db
  replicas: 3
  selector: { matchLabels: { app: web } }
${TEMPLATE}  volumeClaimTemplates:
    - metadata: { name: data }
      spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
---
apiVersion: v1
kind: Service
metadata: { name: web, namespace: shop }
spec:
  selector: { app: web }
  ports: [{ name: http, port: 80, targetPort: http }]
---
apiVersion: v1
kind: ConfigMap
metadata: { name: web-config, namespace: shop }
data: { MODE: a, LEVEL: info }
`;

/** Rounds of the sample (four documents each): about as many objects as V8 needs to compile the checks. */
const ROUNDS = 15;

/** Parses and checks the sample `ROUNDS` times, one round per turn, until `stop` says a document is open. */
export function warmUpChecks(cluster: () => ClusterSpec, stop: () => boolean): void {
  let round = 0;
  const step = (): void => {
    if (round++ >= ROUNDS || stop()) return;
    // A fresh parse each round: the per-object caches hold nothing of an earlier one, so every round checks.
    precomputeVerdicts(parseManifestFile(SAMPLE).documents, cluster());
    setImmediate(step);
  };
  setImmediate(step);
}
