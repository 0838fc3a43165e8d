// The manifest of the feature-gate tests: a 4-replica StatefulSet asking for maxUnavailable 2, a field
// the MaxUnavailableStatefulSet gate decides about (dropped, kept but unused, or honoured).
export function gatedStatefulSet(image = 'nginx'): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  replicas: 4
  serviceName: web
  selector:
    matchLabels:
      app: web
  updateStrategy:
    rollingUpdate:
      maxUnavailable: 2
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: ${image}
`;
}
