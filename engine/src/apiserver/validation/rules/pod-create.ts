// What the API server checks when a controller creates a pod from a template that was already
// validated with its workload: the pod's own metadata (name, labels the controller added such as
// controller-revision-hash and statefulset.kubernetes.io/pod-name, annotations) and the hostname and
// subdomain the StatefulSet controller sets, and the one container rule kept for pods alone (an image
// with leading or trailing whitespace passes in a template but not in a pod). Follows ValidatePodCreate
// -> validatePodMetadataAndSpec (ValidateObjectMeta with ValidatePodName, a DNS subdomain; the
// hostname/subdomain checks of ValidatePodSpec, ValidateDNS1123Label; validateContainersOnlyForPod for
// containers, then initContainers), kubernetes pkg/apis/core/validation/validation.go.
import type { JsonObject, Pod, ReadonlyJsonObject, ReadonlyJsonValue } from '../../../model/objects';
import { isJsonObject } from '../../../model/json-value';
import { FieldPath, invalid, stringValue, type FieldError } from '../field-error';
import { isDns1123Label, nameIsDnsSubdomain } from '../string-checks';
import { validateObjectMeta } from './object-meta';

const specPath = FieldPath.root('spec');

/** The errors of creating `pod` (metadata and the identity fields of its spec), in the API server's order. */
export function validatePodCreate(pod: Pod): FieldError[] {
  const errors = validateObjectMeta(pod as unknown as JsonObject, nameIsDnsSubdomain);
  for (const field of ['hostname', 'subdomain'] as const) {
    const value = pod.spec?.[field];
    if (typeof value !== 'string' || value === '') continue;
    for (const message of isDns1123Label(value)) errors.push(invalid(specPath.child(field), stringValue(value), message, `pod-${field}-invalid`));
  }
  errors.push(...validateContainersOnlyForPod(pod.spec ?? {}));
  return errors;
}

/**
 * validateContainersOnlyForPod: the rule a pod keeps and a template does not (for compatibility), an
 * image with leading or trailing whitespace; paths start at `spec`, containers before initContainers.
 */
export function validateContainersOnlyForPod(spec: ReadonlyJsonObject): FieldError[] {
  const errors: FieldError[] = [];
  for (const list of ['containers', 'initContainers'] as const) {
    const items = spec[list];
    if (!Array.isArray(items)) continue;
    (items as readonly ReadonlyJsonValue[]).forEach((item, index) => {
      const image = isJsonObject(item) && typeof item.image === 'string' ? item.image : '';
      if (image !== trimGoSpace(image))
        errors.push(
          invalid(specPath.child(list).index(index).child('image'), stringValue(image), 'must not have leading or trailing whitespace', 'pod-image-whitespace'),
        );
    });
  }
  return errors;
}

// strings.TrimSpace: unicode.IsSpace is ASCII whitespace, U+0085, U+00A0 and the Unicode space separators.
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const goSpaceEdges = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

function trimGoSpace(text: string): string {
  return text.replace(goSpaceEdges, '');
}
