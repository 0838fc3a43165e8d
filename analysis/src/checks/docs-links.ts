// Documentation links (kubernetes.io) for every code the workspace checks report.

const STATEFULSET = 'https://kubernetes.io/docs/concepts/workloads/controllers/statefulset/';
const DEPLOYMENT = 'https://kubernetes.io/docs/concepts/workloads/controllers/deployment/';
const SERVICE = 'https://kubernetes.io/docs/concepts/services-networking/service/';

/** The kubernetes.io page explaining each code. */
export const DOCS_LINKS: Readonly<Record<string, string>> = {
  'statefulset-service-missing': `${STATEFULSET}#stable-network-id`,
  'statefulset-service-not-headless': `${STATEFULSET}#stable-network-id`,
  'governing-service-not-headless': `${STATEFULSET}#stable-network-id`,
  'statefulset-service-selector-mismatch': `${STATEFULSET}#stable-network-id`,
  'service-selects-no-pods': `${SERVICE}#defining-a-service`,
  'service-target-port-unknown': `${SERVICE}#field-spec-ports`,
  'ingress-backend-service-missing': 'https://kubernetes.io/docs/concepts/services-networking/ingress/#the-ingress-resource',
  'ingress-backend-port-missing': 'https://kubernetes.io/docs/concepts/services-networking/ingress/#the-ingress-resource',
  'workload-selector-overlap': `${DEPLOYMENT}#selector`,
  'duplicate-object-template': 'https://kubernetes.io/docs/tasks/manage-kubernetes-objects/declarative-config/#how-to-create-objects',
  'pdb-selects-no-pods': 'https://kubernetes.io/docs/tasks/run-application/configure-pdb/#specifying-a-poddisruptionbudget',
  'hpa-target-missing': 'https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/',
  'hpa-target-not-scalable': 'https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/',
  'hpa-target-no-requests': 'https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#support-for-resource-metrics',
  'replicas-with-hpa':
    'https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#migrating-deployments-and-statefulsets-to-horizontal-autoscaling',
  'statefulset-name-too-long': `${STATEFULSET}#pod-identity`,
  'statefulset-pod-name-too-long': `${STATEFULSET}#pod-identity`,
  'deployment-name-too-long': `${DEPLOYMENT}#creating-a-deployment`,
  'pod-image-whitespace': 'https://kubernetes.io/docs/concepts/containers/images/#image-names',
  'rolling-update-zero-fenceposts': `${DEPLOYMENT}#max-surge`,
  'rollout-surge-unschedulable': `${DEPLOYMENT}#max-surge`,
  'daemonset-pod-unschedulable': 'https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#how-daemon-pods-are-scheduled',
  'pods-unschedulable': 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity',
  'progress-deadline-too-short': `${DEPLOYMENT}#progress-deadline-seconds`,
  'statefulset-max-unavailable-dropped': `${STATEFULSET}#maximum-unavailable-pods`,
  'deployment-selector-immutable': `${DEPLOYMENT}#label-selector-updates`,
  'replicaset-selector-immutable': `${DEPLOYMENT}#label-selector-updates`,
  'daemonset-selector-immutable': 'https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#pod-selector',
  'statefulset-spec-update-forbidden': `${STATEFULSET}#limitations`,
  'rollout-will-start': `${DEPLOYMENT}#updating-a-deployment`,
  'rollout-not-started': `${DEPLOYMENT}#updating-a-deployment`,
};
