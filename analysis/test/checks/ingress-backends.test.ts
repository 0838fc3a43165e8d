// Ingress backends against the workspace's Services: the Service exists in the namespace and exposes
// the port by number (a Service `port`, not the targetPort) or by name.
import { test } from 'node:test';
import { expectFindings } from '../../../test/support/expect-findings';

const service = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
    - name: http
      port: 80
      targetPort: 8080
`;

const ingress = (backend: string, serviceName = 'web') => `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  rules:
    - host: shop.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: ${serviceName}
                port:
${backend}
`;

test('a backend naming an existing Service port by number or by name is fine', () => {
  expectFindings(`${ingress('                  number: 80')}---\n${service}`, []);
  expectFindings(`${ingress('                  name: http')}---\n${service}`, []);
});

test('the targetPort is not a Service port: number 8080 is reported', () => {
  expectFindings(`${ingress('                  number: ⟦8080⟧')}---\n${service}`, [
    { code: 'ingress-backend-port-missing', message: 'Service "web" has no port 8080' },
  ]);
});

test('an unknown port name is reported', () => {
  expectFindings(`${ingress('                  name: ⟦https⟧')}---\n${service}`, [
    { code: 'ingress-backend-port-missing', message: 'Service "web" has no port named "https"' },
  ]);
});

test('a port named use-annotation is an AWS Load Balancer Controller action (no Service, no port): nothing is said', () => {
  // alb.ingress.kubernetes.io/actions.<name> holds the action; the backend names the annotation, not a Service.
  expectFindings(`${ingress('                  name: use-annotation', 'ssl-redirect')}---\n${service}`, []);
  expectFindings(`${ingress('                  name: use-annotation')}---\n${service}`, []);
});

test('a backend Service missing from the namespace is reported; nothing is said without any Service in view', () => {
  expectFindings(`${ingress('                  number: 80', '⟦api⟧')}---\n${service}`, [
    { code: 'ingress-backend-service-missing', message: 'No Service "api" in namespace "default"' },
  ]);
  expectFindings(ingress('                  number: 80', 'api'), []);
});

test('a Service of another namespace does not count', () => {
  const other = service.replace('  name: web\n', '  name: web\n  namespace: shop\n');
  expectFindings(
    `${ingress('                  number: 80', '⟦web⟧').replace('  name: web\nspec:\n  rules', '  name: web\n  namespace: prod\nspec:\n  rules')}---\n` +
      `${other}---\n${other.replace('namespace: shop', 'namespace: prod').replace('name: web\n  namespace', 'name: db\n  namespace')}`,
    [{ code: 'ingress-backend-service-missing', message: 'namespace "prod"' }],
  );
});
