// A bare Pod's verdict: ValidatePodCreate's spec rules (kubernetes pkg/apis/core/validation/validation.go)
// after SetDefaults_Pod; messages written from upstream's texts.
import { runRows, CONTAINERS } from './kind-verdict';

const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec }) as never;

runRows('ValidatePodCreate', [
  { name: 'a valid pod', object: pod({ containers: CONTAINERS }), messages: [] },
  { name: 'an empty image is required', object: pod({ containers: [{ name: 'app', image: '' }] }), messages: ['spec.containers[0].image: Required value'] },
  { name: 'no containers', object: pod({}), messages: ['spec.containers: Required value'] },
  {
    name: 'an image with trailing whitespace (a pod-only rule)',
    object: pod({ containers: [{ name: 'app', image: 'busybox ' }] }),
    messages: ['spec.containers[0].image: Invalid value: "busybox ": must not have leading or trailing whitespace'],
  },
  {
    name: 'restartPolicy outside the three',
    object: pod({ containers: CONTAINERS, restartPolicy: 'Sometimes' }),
    messages: ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'],
  },
  { name: 'OnFailure is a pod restart policy', object: pod({ containers: CONTAINERS, restartPolicy: 'OnFailure' }), messages: [] },
  {
    name: 'ephemeral containers cannot be set on create',
    object: pod({ containers: CONTAINERS, ephemeralContainers: [{ name: 'debug', image: 'busybox' }] }),
    messages: ['spec.ephemeralContainers: Forbidden: cannot be set on create'],
  },
  {
    name: 'nodeName with scheduling gates',
    object: pod({ containers: CONTAINERS, nodeName: 'n1', schedulingGates: [{ name: 'example.com/gate' }] }),
    messages: ['spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared'],
  },
  // SetDefaults_Pod copies limits into missing requests, so limits alone never trip requests <= limits.
  {
    name: 'limits alone are valid (requests default to them)',
    object: pod({ containers: [{ name: 'app', image: 'busybox', resources: { limits: { cpu: '500m' } } }] }),
    messages: [],
  },
]);
