// Links to the official Kubernetes API reference, by kind and by the section a field belongs to.

const BASE = 'https://kubernetes.io/docs/reference/kubernetes-api';

/** Reference pages (and spec anchors) of the kinds kubesim explains. */
export const API_REFERENCE = {
  deployment: `${BASE}/workload-resources/deployment-v1/`,
  deploymentSpec: `${BASE}/workload-resources/deployment-v1/#DeploymentSpec`,
  replicaSet: `${BASE}/workload-resources/replica-set-v1/`,
  statefulSet: `${BASE}/workload-resources/stateful-set-v1/`,
  statefulSetSpec: `${BASE}/workload-resources/stateful-set-v1/#StatefulSetSpec`,
  daemonSet: `${BASE}/workload-resources/daemon-set-v1/`,
  daemonSetSpec: `${BASE}/workload-resources/daemon-set-v1/#DaemonSetSpec`,
  job: `${BASE}/workload-resources/job-v1/`,
  cronJob: `${BASE}/workload-resources/cron-job-v1/`,
  pod: `${BASE}/workload-resources/pod-v1/`,
  podTemplate: `${BASE}/workload-resources/pod-template-v1/#PodTemplateSpec`,
  service: `${BASE}/service-resources/service-v1/`,
  serviceSpec: `${BASE}/service-resources/service-v1/#ServiceSpec`,
  persistentVolumeClaim: `${BASE}/config-and-storage-resources/persistent-volume-claim-v1/`,
  objectMeta: `${BASE}/common-definitions/object-meta/#ObjectMeta`,
} as const;
