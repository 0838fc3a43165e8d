// A deterministic multi-document manifest for soak tests that must run without ../shared: Deployments,
// StatefulSets with their headless Services, Services and ConfigMaps in the proportions of a real app
// repository, every workload with an image tag and a replica count for the soak's edits to change.

function deployment(i: number): string {
  const name = `web-${i}`;
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: team-${i % 7}
  labels:
    app: ${name}
spec:
  replicas: ${(i % 5) + 1}
  selector:
    matchLabels:
      app: ${name}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        app: ${name}
        tier: frontend
    spec:
      containers:
        - name: app
          image: registry.example/team-${i % 7}/${name}:1.${i % 13}.0
          ports:
            - name: http
              containerPort: 8080
          env:
            - name: LOG_LEVEL
              value: info
          resources:
            requests:
              cpu: 100m
              memory: 128Mi
            limits:
              memory: 256Mi
          readinessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 10
`;
}

function service(i: number): string {
  const name = `web-${i}`;
  return `apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: team-${i % 7}
spec:
  selector:
    app: ${name}
  ports:
    - name: http
      port: 80
      targetPort: http
`;
}

function statefulSet(i: number): string {
  const name = `db-${i}`;
  return `apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: team-${i % 7}
spec:
  clusterIP: None
  selector:
    app: ${name}
  ports:
    - name: sql
      port: 5432
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${name}
  namespace: team-${i % 7}
spec:
  serviceName: ${name}
  replicas: ${(i % 3) + 1}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: db
          image: registry.example/postgres:16.${i % 4}
          ports:
            - name: sql
              containerPort: 5432
          volumeMounts:
            - name: data
              mountPath: /var/lib/postgresql/data
  volumeClaimTemplates:
    - metadata:
        name: data
      spec:
        accessModes: [ReadWriteOnce]
        resources:
          requests:
            storage: 1Gi
`;
}

function configMap(i: number): string {
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings-${i}
  namespace: team-${i % 7}
data:
  mode: production
  endpoint: https://api.example.com/v${i % 3}
`;
}

/** About `documents` documents (a few more: a StatefulSet comes with its Service), about 0.9 KB each. */
export function generateManifests(documents: number): string {
  const parts: string[] = [];
  for (let i = 0; parts.length < documents; i++) {
    if (i % 10 === 9) parts.push(statefulSet(i));
    else if (i % 4 === 3) parts.push(configMap(i));
    else parts.push(deployment(i), service(i));
  }
  return parts.join('---\n');
}
