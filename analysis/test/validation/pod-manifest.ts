// Test helper: a minimal Deployment whose pod template takes extra lines, for the pod-template
// rule tests (a plain module, so importing it registers no tests).

/** A Deployment whose only container gets `container` lines and whose pod spec gets `pod` lines. */
export function deploymentWith(container: string, pod = ''): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
${pod}      containers:
      - name: web
        image: nginx
${container}`;
}
