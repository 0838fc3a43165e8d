// The API server's verdict on a custom resource whose CRD kubesim can see, placed on the source: kubectl's
// `no matches for kind` when the CRD does not serve the version, else the engine's verdict (unknown fields,
// metadata, structural schema, list types) and the CRD's CEL rules. A document whose CRD is not seen keeps
// the quiet "not checked" note (validation/kind-match-findings.ts).
import { customResourceVerdict, formatFieldError, isFeatureEnabled, kindMatchOf, type ClusterSpec, type CrdRegistry, type FieldError } from '@kubesim/engine';
import { spanForPath, type ManifestObject } from '../manifest/manifest-document';
import { noMatchesMessage } from '../validation/api-lifecycle-findings';
import type { Finding } from '../validation/finding';
import { findingsOfVerdict } from '../validation/object-findings';
import { evaluateRules } from './cel-rules';

const CUSTOM_RESOURCES = 'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/';

/** The version an update replaces; `ratchet` when it is known to be stored (the CLI's --previous), not guessed (git HEAD). */
interface OldObject {
  readonly object: ManifestObject;
  readonly ratchet: boolean;
}

/** The code of the note on a CEL rule kubesim could not evaluate. */
const RULE_NOT_CHECKED_CODE = 'validation-rule-not-checked';

// Per parsed value, CRD definition and cluster release (create only: an update depends on the old object too).
const cache = new WeakMap<object, { definition: object; version: string; findings: Finding[] }>();

/** The findings of `object` as its CRD in `registry` decides, or undefined when no CRD of its group and kind is known. */
export function customResourceFindings(
  object: ManifestObject,
  registry: CrdRegistry,
  old: OldObject | undefined,
  cluster: ClusterSpec,
  fileName: string,
): Finding[] | undefined {
  if (registry.size === 0 || kindMatchOf(object.apiVersion, object.kind, cluster.version).status !== 'custom') return undefined;
  const match = registry.match(object.apiVersion, object.kind);
  if (!match) return undefined;
  if (match.status === 'version-not-served') {
    const served = match.served.length > 0 ? `${match.crd.group}/${match.served.join(', ')}` : 'no version';
    return [
      {
        ...spanForPath(object, ['apiVersion']),
        severity: 'error',
        code: 'kind-not-served',
        message: noMatchesMessage(object, fileName),
        field: 'apiVersion',
        href: CUSTOM_RESOURCES,
        hint: `The CustomResourceDefinition ${match.crd.plural}.${match.crd.group} serves ${served}.`,
      },
    ];
  }
  const cached = old ? undefined : cache.get(object.value);
  if (cached && cached.definition === match.crd.definition && cached.version === cluster.version) return cached.findings;
  const findings = checkCustomResource(object, match.crd, match.version, old, cluster);
  if (!old) cache.set(object.value, { definition: match.crd.definition, version: cluster.version, findings });
  return findings;
}

function checkCustomResource(
  object: ManifestObject,
  crd: Parameters<typeof customResourceVerdict>[0],
  version: Parameters<typeof customResourceVerdict>[1],
  old: OldObject | undefined,
  cluster: ClusterSpec,
): Finding[] {
  const ratcheting = isFeatureEnabled('CRDValidationRatcheting', cluster);
  const result = customResourceVerdict(crd, version, object.value, old?.object.value, cluster, (old?.ratchet ?? false) && ratcheting);
  const findings: Finding[] = findingsOfVerdict(object.kind, object, result.verdict).map((finding) => ({ ...finding, href: CUSTOM_RESOURCES }));
  if (!result.defaulted || !version.schema) return findings;
  if (result.celBlocked) {
    if (hasRules(version.schema))
      findings.push(note(object, "The CRD's validation rules were not evaluated: the API server skips them while the object has the errors above."));
    return findings;
  }
  const oldDefaulted = old ? customResourceVerdict(crd, version, old.object.value, undefined, cluster).defaulted : undefined;
  const outcome = evaluateRules(result.defaulted, oldDefaulted, version.schema, cluster.version, old?.ratchet ?? false, ratcheting);
  findings.push(...placed(object, outcome.errors, cluster, 'error'));
  findings.push(...placed(object, outcome.ratcheted, cluster, 'warning'));
  for (const unchecked of outcome.unchecked)
    findings.push(note(object, `Not checked: the validation rule \`${unchecked.rule}\` could not be evaluated by kubesim (${unchecked.why}).`));
  return findings;
}

function placed(object: ManifestObject, errors: readonly FieldError[], cluster: ClusterSpec, severity: 'error' | 'warning'): Finding[] {
  const verdict = {
    errors: errors.map((error) => ({
      segments: [...error.path.segments],
      field: error.path.text,
      rule: error.rule,
      message: formatFieldError(error, cluster.version),
    })),
  };
  return findingsOfVerdict(object.kind, object, verdict).map((finding) => ({
    ...finding,
    severity,
    href: 'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules',
    ...(severity === 'warning' ? { hint: 'The value is unchanged from the old object, so the API server only warns (validation ratcheting).' } : {}),
  }));
}

function note(object: ManifestObject, message: string): Finding {
  return { ...spanForPath(object, ['kind']), severity: 'information', code: RULE_NOT_CHECKED_CODE, message, field: 'kind', href: CUSTOM_RESOURCES };
}

const RULES_SEEN = new WeakMap<object, boolean>();
function hasRules(schema: object): boolean {
  let has = RULES_SEEN.get(schema);
  if (has === undefined) RULES_SEEN.set(schema, (has = JSON.stringify(schema).includes('"x-kubernetes-validations"')));
  return has;
}
